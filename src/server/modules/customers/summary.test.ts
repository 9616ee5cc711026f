import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { takeBarcodes } from '../orders/barcodes';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe.each(testDatabases())("the customer's order and credit summary on $name", (database) => {
  let t: TestApp;
  let admin: string;
  const buyers: Array<{ token: string; user_id: number; customer: number }> = [];
  let product: number;
  const orders: Record<string, number> = {};
  const lines: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    for (const name of ['ozet_a', 'ozet_b']) {
      const user = await t.newUser(name);
      await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: user.user_id, Role: 5 }] });
      const body = { name, email: `${name}@firma.com.tr`, phone: '0532', address: 'İstanbul', company_name: `${name} AŞ`, credit: 1000, tax_number: '1', user_id: user.user_id };
      const customer = (await t.call('POST', '/api/v1/customers', { token: admin, body })).body.customer.id;
      buyers.push({ ...user, customer });
    }
    product = (await t.call('POST', '/api/v1/product', { token: admin, body: { title: 'Yüzük' } })).body.product.id;

    const order = async (name: string, customer: number, created: string, creditExceeded = 0) => {
      orders[name] = (
        await t.db
          .insertInto('orders')
          .values({ order_number: `OZ-${name}`, customer_id: customer, source: 'manual', credit_exceeded: creditExceeded, created_at: created, updated_at: created })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const [a, b] = buyers.map((buyer) => buyer.customer);
    await order('recent', a, daysAgo(10));
    await order('old', a, daysAgo(40));
    await order('above', a, daysAgo(3), 1);
    await order('other', b, daysAgo(1));

    // name: [order, price, shipped (days ago, tracking), canceled]
    const made: Array<[string, string, number, [number, string] | null, boolean]> = [
      ['shipped', 'recent', 100, [2, 'TRK-1'], false],
      ['shippedToo', 'recent', 50, [2, 'TRK-1'], false],
      ['canceled', 'recent', 999, null, true],
      ['open', 'recent', 25.5, null, false],
      ['oldShipped', 'old', 70, [5, 'TRK-2'], false],
      ['longAgo', 'old', 30, [35, 'TRK-0'], false],
      ['aboveOpen', 'above', 2000, null, false],
      ['othersShipped', 'other', 10, [1, 'TRK-B'], false],
    ];
    const barcodes = await takeBarcodes(t.db, made.length);
    for (const [index, [name, orderName, price, shipped, canceled]] of made.entries()) {
      const customer = orderName === 'other' ? b : a;
      const created = daysAgo(45);
      lines[name] = (
        await t.db
          .insertInto('order_lines')
          .values({
            order_id: orders[orderName],
            customer_id: customer,
            product_id: product,
            total_price: price,
            order_line_status_id: shipped ? 5 : 1,
            packing_status_id: shipped ? 3 : null,
            shipment_tracking_number: shipped?.[1] ?? null,
            canceled_at: canceled ? daysAgo(4) : null,
            closed_at: shipped ? daysAgo(shipped[0]) : canceled ? daysAgo(4) : null,
            barcode: barcodes[index],
            created_at: created,
            updated_at: created,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
  });
  afterAll(() => t.close());

  const summaryOf = (token: string, path: string, query = '') => t.call('GET', `${path}${query ? `?${query}` : ''}`, { token });

  test('the last 30 days by default: the credit now, the orders placed and the lines shipped in them', async () => {
    const [a] = buyers;
    const answer = await summaryOf(admin, `/api/v1/customers/${a.customer}/summary`);
    expect(answer.status).toBe(200);
    const { body } = answer;
    expect(body.customer).toEqual({ id: a.customer, name: 'ozet_a', company_name: 'ozet_a AŞ' });
    // Open: 25.5 of 'recent' and 2000 of 'above'; the shipped and canceled lines draw nothing.
    expect(body.credit).toEqual({ credit: 1000, credit_currency: 'TRY', open_order_amount: 2025.5, available_credit: -1025.5, other_currency_open_amounts: [] });
    expect(body.orders).toEqual([
      { id: orders.above, order_number: 'OZ-above', created_at: expect.any(String), currency: 'TRY', credit_exceeded: true, lines: 1, shipped_lines: 0, canceled_lines: 0, total: 2000, tracking_numbers: [] },
      { id: orders.recent, order_number: 'OZ-recent', created_at: expect.any(String), currency: 'TRY', credit_exceeded: false, lines: 4, shipped_lines: 2, canceled_lines: 1, total: 175.5, tracking_numbers: ['TRK-1'] },
    ]);
    // Shipped in the period, newest first, whatever day their order was placed; never another customer's.
    expect(body.shipments.map((s: { line_id: number }) => s.line_id)).toEqual([lines.shippedToo, lines.shipped, lines.oldShipped]);
    expect(body.shipments[2]).toEqual({ line_id: lines.oldShipped, order_id: orders.old, order_number: 'OZ-old', product_title: 'Yüzük', shipped_at: expect.any(String), tracking_number: 'TRK-2' });
  });

  test('a chosen period; the customer reads its own, the same', async () => {
    const [a] = buyers;
    const query = new URLSearchParams({ from: daysAgo(50), to: daysAgo(20) }).toString();
    const office = await summaryOf(admin, `/api/v1/customers/${a.customer}/summary`, query);
    expect(office.body.orders.map((o: { order_number: string }) => o.order_number)).toEqual(['OZ-old']);
    expect(office.body.orders[0].tracking_numbers).toEqual(['TRK-0', 'TRK-2']);
    expect(office.body.shipments.map((s: { line_id: number }) => s.line_id)).toEqual([lines.longAgo]);
    const own = await summaryOf(a.token, '/api/v1/customers/me/summary', query);
    expect(own).toMatchObject({ status: 200, body: office.body });
  });

  test('who may read it', async () => {
    const [a, b] = buyers;
    expect((await summaryOf(a.token, `/api/v1/customers/${b.customer}/summary`)).status).toBe(403);
    expect((await summaryOf(admin, '/api/v1/customers/me/summary')).status).toBe(403);
    expect((await t.call('GET', `/api/v1/customers/${a.customer}/summary`)).status).toBe(401);
    expect((await summaryOf(admin, '/api/v1/customers/999999/summary')).status).toBe(404);
    const office = await t.newUser('ozet_ofis');
    await t.db.updateTable('users').set({ role_id: 4 }).where('id', '=', office.user_id).execute();
    expect((await summaryOf(office.token, `/api/v1/customers/${b.customer}/summary`)).body.orders).toHaveLength(1);
    const workshop = await t.newUser('ozet_atolye');
    await t.db.updateTable('users').set({ role_id: 3 }).where('id', '=', workshop.user_id).execute();
    expect((await summaryOf(workshop.token, `/api/v1/customers/${b.customer}/summary`)).status).toBe(403);
  });

  test.each([
    ['a day without its zone', 'from=2026-11-01', 'Tarih, saat dilimiyle birlikte verilmelidir (örneğin 2026-11-01T00:00:00+03:00).'],
    ['a start after the end', `from=${encodeURIComponent(daysAgo(1))}&to=${encodeURIComponent(daysAgo(2))}`, 'Dönemin başlangıcı bitişinden sonra olamaz.'],
    ['400 days', `from=${encodeURIComponent(daysAgo(400))}&to=${encodeURIComponent(daysAgo(0))}`, 'Özet en çok 366 günlük bir dönemi kapsar; daha kısa bir dönem seçin.'],
    ['a start alone 700 days ago', `from=${encodeURIComponent(daysAgo(700))}`, 'Özet en çok 366 günlük bir dönemi kapsar; daha kısa bir dönem seçin.'],
    ['another filter', `to=${encodeURIComponent(daysAgo(0))}&workshop_id=1`, 'Özet bu filtreyi tanımıyor; yalnızca from ve to kullanılabilir.'],
  ])('%s is refused with its sentence', async (_what, query, error) => {
    expect(await summaryOf(admin, `/api/v1/customers/${buyers[0].customer}/summary`, query)).toMatchObject({ status: 400, body: { error } });
  });
});
