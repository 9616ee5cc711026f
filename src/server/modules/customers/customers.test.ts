import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { takeBarcodes } from '../orders/barcodes';

describe.each(testDatabases())('B2B customers on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let buyer: { token: string; user_id: number };
  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    buyer = await t.newUser('alici_firma');
    await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: buyer.user_id, Role: 5 }] });
  });
  afterAll(() => t.close());

  const body = (user_id: number) => ({
    name: 'Ayşe Yılmaz',
    email: 'ayse@firma.com.tr',
    phone: '0532 000 00 00',
    address: 'Nişantaşı, İstanbul',
    company_name: 'Yılmaz Mücevher',
    credit: 15000.5,
    tax_number: '9876543210',
    user_id,
  });
  const count = async () => Number((await t.db.selectFrom('customers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  test('create with the form rules, list, detail with zero figures, own record for the customer', async () => {
    const before = await count();
    for (const [patch, error] of [
      [{ name: '' }, 'Tüm alanları doldurun.'],
      [{ email: 'not-mail' }, 'Geçerli bir e-posta adresi girin'],
      [{ credit: -1 }, 'Geçerli bir kredi miktarı girin.'],
      [{ credit: 10.001 }, 'Geçerli bir kredi miktarı girin.'],
      [{ credit: '100' }, 'Geçerli bir kredi miktarı girin.'],
    ] as const) {
      expect(await t.call('POST', '/api/v1/customers', { token: admin, body: { ...body(buyer.user_id), ...patch } })).toMatchObject({ status: 400, body: { error } });
    }
    expect((await t.call('POST', '/api/v1/customers', { token: admin, body: body(1) })).body.code).toBe('NOT_CUSTOMER_USER');
    expect(await count()).toBe(before);

    const created = await t.call('POST', '/api/v1/customers', { token: admin, body: body(buyer.user_id) });
    expect(created).toMatchObject({ status: 201, body: { customer: { name: 'Ayşe Yılmaz', credit: 15000.5, user_id: buyer.user_id } } });
    expect((await t.call('POST', '/api/v1/b2b/customer', { token: admin, body: body(buyer.user_id) })).status).toBe(409);
    const id = created.body.customer.id;

    expect((await t.call('GET', '/api/v1/customers/B2B', { token: admin })).body.customers).toEqual([expect.objectContaining({ id, company_name: 'Yılmaz Mücevher' })]);
    const info = (await t.call('GET', `/api/v1/customers/B2B/${id}/info`, { token: admin })).body.customer;
    expect(info).toMatchObject({
      id,
      number_of_orders: 0,
      number_of_products_ordered: 0,
      number_of_products_waiting: 0,
      number_of_canceled_orders: 0,
      number_of_late_products: 0,
      number_of_products_in_process: 0,
      average_order_value: 0,
      total_revenue: 0,
      revenue: 0,
      open_order_total: 0,
      open_order_daily: 0,
      total_order_total: 0,
      total_order_daily: 0,
      credit_history: [],
    });
    const mine = await t.call('GET', '/api/v1/customers/me', { token: buyer.token });
    expect(mine.body.customer).toMatchObject({ id, name: 'Ayşe Yılmaz', number_of_orders: 0 });
    expect((await t.call('GET', '/api/v1/customers/B2B', { token: buyer.token })).status).toBe(403);
    expect((await t.call('GET', `/api/v1/customers/B2B/${id}/info`, { token: buyer.token })).status).toBe(403);
  });

  test('figures come from the customer orders', async () => {
    const customer = (await t.call('GET', '/api/v1/customers/me', { token: buyer.token })).body.customer;
    const product = (await t.call('POST', '/api/v1/product', { token: admin, body: { title: 'Bileklik' } })).body.product;
    const at = new Date().toISOString();
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const order = async (canceled: boolean) =>
      (
        await t.db
          .insertInto('orders')
          .values({ order_number: `B-${Math.random()}`, customer_id: customer.id, source: 'manual', canceled_at: canceled ? at : null, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const first = await order(false);
    const canceled = await order(true);
    const line = (order_id: number, status: number, price: number, expected: string | null = null) => ({
      order_id,
      customer_id: customer.id,
      canceled_at: order_id === canceled ? at : null,
      product_id: product.id,
      order_line_status_id: status,
      total_price: price,
      production_expected_date: expected,
      created_at: at,
      updated_at: at,
    });
    const lines = [line(first, 1, 1000, yesterday), line(first, 2, 500), line(first, 5, 250), line(canceled, 1, 9999)];
    const barcodes = await takeBarcodes(t.db, lines.length);
    await t.db
      .insertInto('order_lines')
      .values(lines.map((row, index) => ({ ...row, barcode: barcodes[index] })))
      .execute();

    const info = (await t.call('GET', `/api/v1/customers/B2B/${customer.id}/info`, { token: admin })).body.customer;
    expect(info).toMatchObject({
      number_of_orders: 1,
      number_of_products_ordered: 3,
      number_of_products_waiting: 1,
      number_of_canceled_orders: 1,
      number_of_late_products: 1,
      number_of_products_in_process: 1,
      average_order_value: 1750,
      total_revenue: 1750,
      revenue: 250,
      open_order_total: 2,
      open_order_daily: 2,
      total_order_total: 3,
      total_order_daily: 3,
    });
    expect((await t.call('GET', `/api/v1/customers/${customer.id}/orders`, { token: admin })).body.orders).toHaveLength(4);
  });

  test('credit updates are validated, recorded with who and when, and admin only', async () => {
    const customer = (await t.call('GET', '/api/v1/customers/me', { token: buyer.token })).body.customer;
    const path = `/api/v1/customers/${customer.id}/credit`;
    for (const credit of [-5, 'abc', 1.234, null]) {
      expect(await t.call('PUT', path, { token: admin, body: { credit } })).toMatchObject({ status: 400, body: { error: 'Geçerli bir kredi miktarı girin.' } });
    }
    expect((await t.call('PUT', path, { token: buyer.token, body: { credit: 1e6 } })).status).toBe(403);
    expect(await t.call('PUT', path, { token: admin, body: { credit: 20000 } })).toMatchObject({
      status: 200,
      body: { customer: { credit: 20000 }, message: 'Kredi başarıyla güncellendi!' },
    });
    await t.call('PUT', path, { token: admin, body: { credit: 0 } });
    const history = (await t.call('GET', `/api/v1/customers/B2B/${customer.id}/info`, { token: admin })).body.customer.credit_history;
    expect(history).toEqual([
      expect.objectContaining({ changed_by_username: 'admin', old_credit: 20000, new_credit: 0 }),
      expect.objectContaining({ changed_by_username: 'admin', old_credit: 15000.5, new_credit: 20000, created_at: expect.any(String) }),
    ]);
    expect((await t.call('PUT', '/api/v1/customers/99999/credit', { token: admin, body: { credit: 1 } })).status).toBe(404);
  });

  test('office staff read customers but change nothing; a customer without a record gets 404', async () => {
    const user = await t.newUser('ofis_kisi');
    await t.db.updateTable('users').set({ role_id: 4 }).where('id', '=', user.user_id).execute();
    expect((await t.call('GET', '/api/v1/customers/B2B', { token: user.token })).status).toBe(200);
    expect((await t.call('POST', '/api/v1/customers', { token: user.token, body: body(user.user_id) })).status).toBe(403);
    await t.db.updateTable('users').set({ role_id: 5 }).where('id', '=', user.user_id).execute();
    expect(await t.call('GET', '/api/v1/customers/me', { token: user.token })).toMatchObject({ status: 404, body: { code: 'NO_CUSTOMER' } });
  });
});
