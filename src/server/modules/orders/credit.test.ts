import { sql } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { until } from '../../../../test/until';
import { API } from '../../../shared/api';
import { LineStatus } from '../../../shared/statuses';

/*
 * A manual order against the customer's credit, and money in the currency it was recorded in:
 * the customer's available credit, the 409 without the customer's yes, the flag with it, the city
 * kept, and prices and credits that keep their currency when the settings currency changes.
 */
describe.each(testDatabases())('manual orders, credit and currency on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let buyer: string;
  let customerId: number;
  let ring: number;
  const SETTINGS = { system_email: 'ofis@example.com', phone: '0212', time_zone: 'Europe/Istanbul', gram_tolerance_percent: 10 };

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    const user = await t.newUser('kredi_alici');
    await t.call('POST', API.changeUserRoles, { token: admin, body: [{ ID: user.user_id, Role: 5 }] });
    buyer = (await t.login('kredi_alici', 'secret-pass')).token;
    const created = await t.call('POST', API.customers, {
      token: admin,
      body: { name: 'Ayşe Yılmaz', email: 'ayse@firma.com.tr', phone: '0532', address: 'Bağdat Cd. 1', zip_code: ' 34728 ', city: 'İstanbul', company_name: 'Yılmaz Mücevher', credit: 2500, tax_number: '1', user_id: user.user_id },
    });
    expect(created).toMatchObject({ status: 201, body: { customer: { zip_code: '34728', city: 'İstanbul', credit: 2500, credit_currency: 'TRY' } } });
    customerId = created.body.customer.id;
    ring = (await t.call('POST', API.products, { token: admin, body: { title: 'Yüzük', price: 1000 } })).body.product.id;
  });
  afterAll(() => t.close());

  const order = { address: 'Bağdat Cd. 1', email: 'ayse@firma.com.tr', phone_number: '0532', country: 'Türkiye', zip_code: '34728', city: 'İstanbul' };
  const place = (products: Array<{ product_id: number; quantity: number }>, extra: object = {}) =>
    t.call('POST', API.manualOrder, { token: buyer, body: { ...order, products, ...extra } });
  const counts = async () => ({
    orders: Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    lines: Number((await t.db.selectFrom('order_lines').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  });
  const me = async () => (await t.call('GET', API.myCustomer, { token: buyer })).body.customer;

  test('the profile carries postcode, city and the whole credit as available', async () => {
    expect(await me()).toMatchObject({ zip_code: '34728', city: 'İstanbul', credit: 2500, credit_currency: 'TRY', currency: 'TRY', open_order_amount: 0, available_credit: 2500, other_currency_open_amounts: [] });
  });

  test('an order within the credit is stored with its city and currency, unflagged, and opens on its first line', async () => {
    const placed = await place([{ product_id: ring, quantity: 2 }]);
    expect(placed).toMatchObject({ status: 201, body: { order: { lines: 2, currency: 'TRY', total: 2000, credit_exceeded: false }, message: 'Sipariş oluşturuldu.' } });
    const stored = await t.db.selectFrom('orders').select(['city', 'currency', 'credit_exceeded']).where('id', '=', placed.body.order.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ city: 'İstanbul', currency: 'TRY', credit_exceeded: 0 });
    const first = await t.db.selectFrom('order_lines').select('id').where('order_id', '=', placed.body.order.id).orderBy('id').executeTakeFirstOrThrow();
    expect(placed.body.order.first_line_id).toBe(first.id);
    const line = (await t.call('GET', API.myCustomerOrder(first.id), { token: buyer })).body.order;
    expect(line).toMatchObject({ city: 'İstanbul', currency: 'TRY', total_price: 1000, credit_exceeded: false });
    expect(await me()).toMatchObject({ open_order_amount: 2000, available_credit: 500 });
  });

  test('above the available credit and unconfirmed: 409 with the figures, and nothing is stored', async () => {
    const before = await counts();
    for (const extra of [{}, { credit_exceeded_confirmed: false }]) {
      expect(await place([{ product_id: ring, quantity: 1 }], extra)).toEqual(
        expect.objectContaining({ status: 409, body: {
            code: 'CREDIT_EXCEEDED',
            error: 'Siparişin tutarı (₺1.000,00) kullanılabilir krediyi (₺500,00) aşıyor. Yine de vermek için onaylayın; sipariş yönetime kredi aşımı olarak bildirilir.',
            message: { key: 'errors:creditExceeded', values: { total: '₺1.000,00', available: '₺500,00' } },
          },
        }),
      );
    }
    expect((await place([{ product_id: ring, quantity: 1 }], { credit_exceeded_confirmed: 'yes' })).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  test('confirmed, it is stored flagged for the office, whatever the client says; the credit goes below zero, nothing is debited', async () => {
    const placed = await place([{ product_id: ring, quantity: 1 }], { credit_exceeded_confirmed: true, credit_exceeded: false });
    expect(placed).toMatchObject({ status: 201, body: { order: { credit_exceeded: true } } });
    expect((await t.db.selectFrom('orders').select('credit_exceeded').where('id', '=', placed.body.order.id).executeTakeFirstOrThrow()).credit_exceeded).toBe(1);
    const lines = (await t.call('GET', API.customerOrders(customerId), { token: admin })).body.orders as Array<{ order_id: number; credit_exceeded: boolean }>;
    expect(lines.filter((l) => l.credit_exceeded).map((l) => l.order_id)).toEqual([placed.body.order.id]);
    expect((await t.db.selectFrom('customers').select('credit').where('id', '=', customerId).executeTakeFirstOrThrow()).credit).toBe(2500);
    expect(await me()).toMatchObject({ credit: 2500, open_order_amount: 3000, available_credit: -500 });
    // A confirmation is no licence: an order within the credit stays unflagged even when confirmed.
    await t.call('PUT', API.customerCredit(customerId), { token: admin, body: { credit: 10_000 } });
    expect((await place([{ product_id: ring, quantity: 1 }], { credit_exceeded_confirmed: true })).body.order.credit_exceeded).toBe(false);
  });

  test('completed and canceled lines leave the open amount; the admin sees the available credit too', async () => {
    const lines = await t.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select('l.id').where('o.customer_id', '=', customerId).orderBy('l.id').execute();
    await t.db.updateTable('order_lines').set({ order_line_status_id: LineStatus.Completed }).where('id', '=', lines[0].id).execute();
    await t.db.updateTable('order_lines').set({ canceled_at: new Date().toISOString(), cancel_reason: 'x' }).where('id', '=', lines[1].id).execute();
    const info = (await t.call('GET', API.customerInfo(customerId), { token: admin })).body.customer;
    expect(info).toMatchObject({ credit: 10_000, credit_currency: 'TRY', open_order_amount: 2000, available_credit: 8000, city: 'İstanbul' });
  });

  test('a new settings currency relabels nothing: stored prices and credits keep theirs, new ones take it; another currency is listed apart', async () => {
    await t.call('PUT', API.generalSettings, { token: admin, body: { ...SETTINGS, currency: 'USD' } });
    expect((await t.call('GET', API.product(ring), { token: admin })).body.product).toMatchObject({ price: 1000, currency: 'TRY' });
    expect(await me()).toMatchObject({ credit: 10_000, credit_currency: 'TRY' });
    const chain = (await t.call('POST', API.products, { token: admin, body: { title: 'Zincir', price: 40 } })).body.product;
    expect(chain.currency).toBe('USD');
    expect((await t.call('GET', API.products, { token: buyer })).body.products).toEqual(expect.arrayContaining([expect.objectContaining({ id: chain.id, price: 40, currency: 'USD' })]));

    // One order, one currency.
    const before = await counts();
    expect(await place([{ product_id: ring, quantity: 1 }, { product_id: chain.id, quantity: 1 }], { credit_exceeded_confirmed: true })).toMatchObject({
      status: 400,
      body: { code: 'MIXED_CURRENCIES', error: 'Bir siparişteki ürünlerin hepsi aynı para biriminde olmalı. Farklı para birimindeki ürünler için ayrı sipariş verin.' },
    });
    expect(await counts()).toEqual(before);

    // Dollars are not drawn from a lira credit: the order asks for the customer's yes, then is kept apart.
    expect((await place([{ product_id: chain.id, quantity: 2 }])).body).toEqual({
      code: 'CREDIT_EXCEEDED',
      error: expect.stringContaining('($80,00)'),
      message: { key: 'errors:creditExceeded', values: expect.objectContaining({ total: '$80,00' }) },
    });
    const placed = await place([{ product_id: chain.id, quantity: 2 }], { credit_exceeded_confirmed: true });
    expect(placed.body.order).toMatchObject({ currency: 'USD', total: 80, credit_exceeded: true });
    const lines = (await t.call('GET', API.myCustomerOrders, { token: buyer })).body.orders as Array<{ order_id: number; currency: string; total_price: number }>;
    expect(lines.filter((l) => l.order_id === placed.body.order.id).map((l) => [l.currency, l.total_price])).toEqual([['USD', 40], ['USD', 40]]);
    expect(await me()).toMatchObject({ open_order_amount: 2000, available_credit: 8000, other_currency_open_amounts: [{ currency: 'USD', amount: 80 }], total_revenue: 3000 });

    // A customer added now has its credit in the new currency.
    const user = await t.newUser('dolar_alici');
    await t.call('POST', API.changeUserRoles, { token: admin, body: [{ ID: user.user_id, Role: 5 }] });
    const added = await t.call('POST', API.customers, {
      token: admin,
      body: { name: 'B', email: 'b@example.com', phone: '1', address: 'x', company_name: 'B Ltd', credit: 100, tax_number: '2', user_id: user.user_id },
    });
    expect(added.body.customer).toMatchObject({ credit: 100, credit_currency: 'USD', zip_code: '', city: '' });
  });

  test('two orders of one customer at once, each within the credit but not both: one is stored, the other asks for the yes', async () => {
    const user = await t.newUser('ayni_anda');
    await t.call('POST', API.changeUserRoles, { token: admin, body: [{ ID: user.user_id, Role: 5 }] });
    const customer = await t.call('POST', API.customers, {
      token: admin,
      body: { name: 'Aynı Anda', email: 'aa@example.com', phone: '1', address: 'x', company_name: 'AA', credit: 1500, tax_number: '3', user_id: user.user_id },
    });
    const token = (await t.login('ayni_anda', 'secret-pass')).token;
    const { currency } = customer.body.customer;
    const product = (await t.call('POST', API.products, { token: admin, body: { title: 'Küpe', price: 1000, currency } })).body.product.id;
    const placeOne = () => t.call('POST', API.manualOrder, { token, body: { ...order, products: [{ product_id: product, quantity: 1 }] } });
    let both: Array<Awaited<ReturnType<typeof placeOne>>>;
    if (database.name === 'postgres') {
      // The customer's row held elsewhere: both orders write their lines and wait for it, then take it in turn.
      const held = await t.db.connection().execute(async (connection) => {
        await sql`begin`.execute(connection);
        await sql`select id from customers where id = ${customer.body.customer.id} for no key update`.execute(connection);
        const placing = Promise.all([placeOne(), placeOne()]);
        await until(async () => Number((await sql<{ n: number }>`select count(distinct pid) as n from pg_locks where not granted`.execute(t.db)).rows[0].n) === 2);
        await sql`commit`.execute(connection);
        return placing;
      });
      both = held;
    } else {
      both = await Promise.all([placeOne(), placeOne()]);
    }
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(both.find((answer) => answer.status === 409)!.body).toMatchObject({ code: 'CREDIT_EXCEEDED', message: { values: { available: expect.stringContaining('500,00') } } });
    const lines = await t.db.selectFrom('order_lines').select('id').where('customer_id', '=', customer.body.customer.id).execute();
    expect(lines).toHaveLength(1);
  });
});
