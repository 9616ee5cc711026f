import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { API, type OrderLineDto } from '../../../shared/api';
import { isBarcode } from '../../../shared/barcode';
import { Role } from '../../../shared/roles';
import { isUniqueViolation } from '../../db/errors';
import { takeBarcodes } from './barcodes';

/*
 * Every order line is made with a barcode of its own: valid, distinct from every other line's,
 * also when many orders are placed at once, and never one a canceled or deleted line had. The
 * office, the workshop and the customer read it alike.
 */
describe.each(testDatabases())('order line barcodes on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let master: string;
  let buyers: string[];
  let product: number;

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    const m = await t.newUserAs('usta_barkod', Role.Workshop);
    master = m.token;
    const details = { address: 'x', company_name: 'x', tax_number: '1' };
    const workshop = (await t.call('POST', API.workshops, { token: admin, body: { ...details, name: 'Barkod Atölye', code: 'BA', phone_number: '1', user_id: m.user_id } })).body.workshop.id;
    buyers = [];
    for (const name of ['alici_barkod_a', 'alici_barkod_b']) {
      const buyer = await t.newUserAs(name, Role.Customer);
      await t.call('POST', API.customers, { token: admin, body: { ...details, name, email: `${name}@example.com`, phone: '1', credit: 10_000_000, user_id: buyer.user_id } });
      buyers.push(buyer.token);
    }
    product = (await t.call('POST', API.products, { token: admin, body: { title: 'Künye', price: 100 } })).body.product.id;
    await t.call('PUT', API.workshopAssignProduct(workshop), { token: admin, body: { product_id: product } });
  });
  afterAll(() => t.close());

  const place = async (token: string, quantity: number): Promise<number> => {
    const answer = await t.call('POST', API.manualOrder, { token, body: { address: 'x', email: 'a@example.com', phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: product, quantity }] } });
    if (answer.status !== 201) throw new Error(`answered ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.order.id;
  };
  const storedBarcodes = async () => (await t.db.selectFrom('order_lines').select('barcode').execute()).map((line) => line.barcode);
  const number = (barcode: string) => Number(barcode.slice(2, -1));

  test('orders placed at once give each of their lines a valid barcode no other line has', async () => {
    const before = (await storedBarcodes()).length;
    await Promise.all(Array.from({ length: 24 }, (_, index) => place(buyers[index % 2], 1 + (index % 3))));
    const barcodes = await storedBarcodes();
    expect(barcodes.length - before).toBe(48);
    expect(barcodes.filter((barcode) => !isBarcode(barcode))).toEqual([]);
    expect(new Set(barcodes).size).toBe(barcodes.length);
  });

  test('the office, the workshop and the customer read the line’s barcode', async () => {
    const orderId = await place(buyers[0], 1);
    const stored = await t.db.selectFrom('order_lines').select(['id', 'barcode']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    for (const [token, path] of [
      [admin, API.orders],
      [master, API.myWorkshopOrders],
      [buyers[0], API.myCustomerOrders],
    ] as const) {
      const lines: OrderLineDto[] = (await t.call('GET', path, { token })).body.orders;
      expect({ path, barcode: lines.find((line) => line.id === stored.id)?.barcode }).toEqual({ path, barcode: stored.barcode });
    }
  });

  test('a canceled or deleted line’s barcode is never given again: numbers only grow', async () => {
    const canceledOrder = await place(buyers[1], 2);
    expect((await t.call('PUT', API.cancelOrder(canceledOrder), { token: admin, body: { reason: 'Vazgeçti' } })).status).toBe(200);
    const deletedOrder = await place(buyers[1], 1);
    // The newest line of all is deleted, so a rule of the largest number living plus one would give its number again.
    const deleted = await t.db.selectFrom('order_lines').select(['id', 'barcode']).where('order_id', '=', deletedOrder).executeTakeFirstOrThrow();
    await t.db.deleteFrom('order_line_changes').where('line_id', '=', deleted.id).execute();
    await t.db.deleteFrom('line_stays').where('order_line_id', '=', deleted.id).execute();
    await t.db.deleteFrom('order_lines').where('id', '=', deleted.id).execute();
    const given = await storedBarcodes();
    const highest = Math.max(number(deleted.barcode), ...given.map(number));

    const next = await t.db.selectFrom('order_lines').select('barcode').where('order_id', '=', await place(buyers[1], 2)).orderBy('id').execute();
    expect(next.map((line) => number(line.barcode))).toEqual([highest + 1, highest + 2]);
  });

  test('the database refuses a line without a barcode or with another line’s', async () => {
    const line = await t.db.selectFrom('order_lines').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const { id: _id, ...copy } = line;
    const refusal = (barcode: string | null) =>
      t.db
        .insertInto('order_lines')
        .values({ ...copy, barcode: barcode as string })
        .execute()
        .then(
          () => 'stored',
          (error: unknown) => error,
        );
    expect(isUniqueViolation(await refusal(line.barcode))).toBe(true);
    expect(String(await refusal(null))).toMatch(/not.null/i);
    const [fresh] = await takeBarcodes(t.db, 1);
    expect(await refusal(fresh)).toBe('stored');
  });
});
