import { testDatabases } from '../../test/databases';
import { startTestApp, type TestApp } from '../../test/server';

/*
 * A body carries only the fields its route takes to the database: keys the route does not change
 * (unknown, read-only such as id or created_at, another route's fields) are ignored, never written.
 */
describe.each(testDatabases())('fields a route does not take on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let masterId: number;
  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    masterId = (await t.newUser('usta_veli')).user_id;
    await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: masterId, Role: 3 }] });
  });
  afterAll(() => t.close());

  const product = async (id: number) => t.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();

  test('an id, a creation time or an unknown key in a product body changes no record and breaks nothing', async () => {
    const created = await t.call('POST', '/api/v1/product', { token: admin, body: { title: 'Yüzük', id: 777777, created_at: '2000-01-01T00:00:00.000Z', color: 'kırmızı' } });
    expect(created.status).toBe(201);
    const id = created.body.product.id as number;
    expect(id).not.toBe(777777);
    expect((await product(id))?.created_at).not.toBe('2000-01-01T00:00:00.000Z');

    const updated = await t.call('PUT', `/api/v1/product/${id}`, { token: admin, body: { title: 'Tektaş Yüzük', id: 888888, no_such_column: 1 } });
    expect(updated).toMatchObject({ status: 200, body: { product: { id, title: 'Tektaş Yüzük' } } });
    expect(await product(888888)).toBeUndefined();
    expect((await product(id))?.title).toBe('Tektaş Yüzük');
  });

  test("a single-field edit writes its one field, not another route's", async () => {
    const { id } = (await t.call('POST', '/api/v1/product', { token: admin, body: { title: 'Kolye', price: 1000, expected_weight: 5 } })).body.product;
    const before = await product(id);
    const answer = await t.call('POST', `/api/v1/product/${id}/workmanshiprate`, {
      token: admin,
      body: { workmanship_rate: 12, price: -500, expected_weight: -3, workshop_id: 1, created_at: '2000-01-01T00:00:00.000Z' },
    });
    expect(answer.status).toBe(200);
    expect(await product(id)).toEqual({ ...before, workmanship_rate: 12, updated_at: expect.any(String) });
  });

  test('a workshop cannot be deleted through its update, and a new one does not choose its id', async () => {
    const body = { name: 'Veli Usta', code: 'V-1', address: 'Kapalıçarşı', company_name: 'Veli Kuyum', phone_number: '1', tax_number: '2', user_id: masterId };
    const created = await t.call('POST', '/api/v1/workshops', { token: admin, body: { ...body, id: 999999 } });
    expect(created.status).toBe(201);
    const id = created.body.workshop.id as number;
    expect(id).not.toBe(999999);
    const updated = await t.call('PUT', `/api/v1/workshops/${id}`, { token: admin, body: { ...body, name: 'Veli Usta Atölyesi', is_deleted: 1 } });
    expect(updated).toMatchObject({ status: 200, body: { workshop: { id, name: 'Veli Usta Atölyesi', is_deleted: false } } });
    expect((await t.db.selectFrom('workshops').select('is_deleted').where('id', '=', id).executeTakeFirstOrThrow()).is_deleted).toBe(0);
  });

  test('a customer body with an unknown key is taken without it', async () => {
    const buyer = (await t.newUser('alici_ayse')).user_id;
    await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: buyer, Role: 5 }] });
    const answer = await t.call('POST', '/api/v1/customers', {
      token: admin,
      body: { name: 'Ayşe', email: 'ayse@example.com', phone: '1', address: 'x', company_name: 'Ayşe Ltd', credit: 0, tax_number: '3', user_id: buyer, id: 5, vip: true },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.customer.id).not.toBe(5);
  });
  test('a missing workshop is named in its sentence', async () => {
    const { id } = (await t.call('POST', '/api/v1/product', { token: admin, body: { title: 'Küpe' } })).body.product;
    const answer = await t.call('PUT', `/api/v1/products/${id}/workshop`, { token: admin, body: { workshop_id: 424242 } });
    expect(answer).toMatchObject({ status: 404, body: { code: 'UNKNOWN_WORKSHOP', error: 'Atölye bulunamadı: 424242' } });
  });
});
