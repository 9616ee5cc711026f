import { testDatabases } from '../../../test/databases';
import { startTestApp, type TestApp } from '../../../test/server';
import { Role } from '../../shared/roles';

const V1 = '/api/v1';

/* The actor is resolved with the session on every request: whose lines a user reads follows the data at once. */
describe.each(testDatabases())('the actor of a request on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let lineId: number;
  let productId: number;
  const details = { address: 'x', company_name: 'x', tax_number: '1' };
  const order = { address: 'x', email: 'a@example.com', phone_number: '1', country: 'TR', zip_code: '1' };

  async function userWithRole(username: string, role: number) {
    const user = await t.newUser(username);
    await t.call('POST', `${V1}/user/changeUserRoles`, { token: admin, body: [{ ID: user.user_id, Role: role }] });
    return user;
  }
  const get = async (path: string, token: string) => t.call('GET', `${V1}${path}`, { token });

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    const buyer = await userWithRole('alici', Role.Customer);
    await t.call('POST', `${V1}/customers`, { token: admin, body: { ...details, name: 'C', email: 'c@example.com', phone: '1', credit: 0, user_id: buyer.user_id } });
    productId = (await t.call('POST', `${V1}/product`, { token: admin, body: { title: 'Yüzük' } })).body.product.id;
    await t.call('POST', `${V1}/customer-orders/simple`, { token: buyer.token, body: { ...order, products: [{ product_id: productId, quantity: 1 }] } });
    lineId = (await get('/orders', admin)).body.orders[0].id;
  });
  afterAll(() => t.close());

  test('a workshop user without a workshop gets 404 on every line route, then its lines as soon as it has one', async () => {
    const master = await userWithRole('usta', Role.Workshop);
    const noWorkshop = { status: 404, body: { code: 'NO_WORKSHOP', error: 'Bu kullanıcıya bağlı bir atölye yok.' } };
    expect(await get('/workshop/me', master.token)).toMatchObject(noWorkshop);
    expect(await get('/workshop/me/orders', master.token)).toMatchObject(noWorkshop);
    expect(await get('/workshop/me/statistics', master.token)).toMatchObject(noWorkshop);
    expect(await get(`/workshop/me/orders/${lineId}`, master.token)).toMatchObject(noWorkshop);
    expect(await get(`/order-products/${lineId}/history`, master.token)).toMatchObject(noWorkshop);
    expect(await t.call('PATCH', `${V1}/workshop/me/orders/${lineId}/next-step`, { token: master.token, body: {} })).toMatchObject(noWorkshop);
    expect((await get('/production-steps', master.token)).status).toBe(200);

    const workshop = (await t.call('POST', `${V1}/workshops`, { token: admin, body: { ...details, name: 'W', code: 'W', phone_number: '1', user_id: master.user_id } })).body.workshop;
    expect((await get('/workshop/me', master.token)).body.workshop).toMatchObject({ id: workshop.id, name: 'W' });
    expect((await get('/workshop/me/orders', master.token)).body.orders).toEqual([]);
    expect((await get(`/workshop/me/orders/${lineId}`, master.token)).status).toBe(404);
    // The product moves to the workshop, and its line that has not started with it.
    expect((await t.call('PUT', `${V1}/products/${productId}/workshop`, { token: admin, body: { workshop_id: workshop.id } })).status).toBe(200);
    expect((await get('/workshop/me/orders', master.token)).body.orders.map((l: { id: number }) => l.id)).toEqual([lineId]);

    // A deleted workshop is no workshop; a role change to the office shows every line at once.
    await t.db.updateTable('workshops').set({ is_deleted: 1 }).where('id', '=', workshop.id).execute();
    expect(await get('/workshop/me/orders', master.token)).toMatchObject(noWorkshop);
    await t.call('POST', `${V1}/user/changeUserRoles`, { token: admin, body: [{ ID: master.user_id, Role: Role.Office }] });
    expect((await get('/orders', master.token)).body.orders.map((l: { id: number }) => l.id)).toEqual([lineId]);
  });

  test('a customer user without a customer record gets 404 on every line route; bad input is still 400 first', async () => {
    const stranger = await userWithRole('yabanci', Role.Customer);
    const noCustomer = { status: 404, body: { code: 'NO_CUSTOMER', error: 'Bu kullanıcıya bağlı bir müşteri kaydı yok.' } };
    expect(await get('/customers/me', stranger.token)).toMatchObject(noCustomer);
    expect(await get('/orders', stranger.token)).toMatchObject(noCustomer);
    expect(await get('/customers/me/orders', stranger.token)).toMatchObject(noCustomer);
    expect(await get(`/customers/me/orders/${lineId}`, stranger.token)).toMatchObject(noCustomer);
    expect(await t.call('PATCH', `${V1}/customers/me/orders/${lineId}/approve`, { token: stranger.token, body: { approved: true } })).toMatchObject(noCustomer);
    expect(await t.call('POST', `${V1}/customer-orders/simple`, { token: stranger.token, body: { ...order, products: [{ product_id: 1, quantity: 1 }] } })).toMatchObject(noCustomer);
    expect((await t.call('POST', `${V1}/customer-orders/simple`, { token: stranger.token, body: { ...order, address: '' } })).status).toBe(400);

    await t.call('POST', `${V1}/customers`, { token: admin, body: { ...details, name: 'S', email: 's@example.com', phone: '1', credit: 0, user_id: stranger.user_id } });
    expect(await get('/customers/me', stranger.token)).toMatchObject({ status: 200, body: { customer: { name: 'S', number_of_orders: 0 } } });
    expect(await get('/customers/me/orders', stranger.token)).toMatchObject({ status: 200, body: { orders: [] } });
    expect((await get(`/customers/me/orders/${lineId}`, stranger.token)).status).toBe(404);
  });
});
