import { sql } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { takeBarcodes } from '../orders/barcodes';

const WORKSHOPS = '/api/v1/workshops';

describe.each(testDatabases())('workshops and product assignment on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let masterToken: string;
  let masterId: number;
  let productIds: number[];
  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    const master = await t.newUser('usta_ali');
    masterId = master.user_id;
    masterToken = master.token;
    await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: masterId, Role: 3 }] });
    productIds = [];
    for (const title of ['Yüzük', 'Kolye', 'Küpe']) productIds.push((await t.call('POST', '/api/v1/product', { token: admin, body: { title } })).body.product.id);
  });
  afterAll(() => t.close());

  const workshopBody = (user_id: number, name = 'Ali Usta Atölyesi') => ({
    name,
    code: 'ATL-1',
    address: 'Kapalıçarşı 12, İstanbul',
    company_name: 'Ali Kuyumculuk',
    phone_number: '0212 555 00 00',
    tax_number: '1234567890',
    user_id,
  });

  const addLine = async (productId: number, workshopId: number | null, status = 1, step = -1) => {
    const at = new Date().toISOString();
    const order = await t.db.insertInto('orders').values({ order_number: `T-${Math.random()}`, source: 'manual', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    return (
      await t.db
        .insertInto('order_lines')
        .values({ order_id: order.id, product_id: productId, workshop_id: workshopId, order_line_status_id: status, current_order_line_process: step, product_cost: 100, barcode: (await takeBarcodes(t.db, 1))[0], created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };

  test('create, read, update, processes, statistics and the workshop user sees only its own', async () => {
    const bad = await t.call('POST', WORKSHOPS, { token: admin, body: { ...workshopBody(masterId), tax_number: ' ' } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'Tüm alanları doldurun.' } });
    const notMaster = await t.call('POST', WORKSHOPS, { token: admin, body: workshopBody(1) });
    expect(notMaster).toMatchObject({ status: 400, body: { code: 'NOT_WORKSHOP_USER' } });
    expect((await t.call('POST', WORKSHOPS, { token: admin, body: workshopBody(99999) })).body.code).toBe('UNKNOWN_USER');

    const created = await t.call('POST', WORKSHOPS, { token: admin, body: workshopBody(masterId) });
    expect(created).toMatchObject({ status: 201, body: { workshop: { name: 'Ali Usta Atölyesi', user_id: masterId, is_deleted: false, processes: [] } } });
    const id = created.body.workshop.id;
    expect((await t.call('POST', WORKSHOPS, { token: admin, body: workshopBody(masterId, 'İkinci') })).status).toBe(409);

    const step = (await t.call('POST', '/api/v1/production-steps', { token: admin, body: { step_name: 'Mıhlama' } })).body.production_step;
    const withProcess = await t.call('POST', `${WORKSHOPS}/${id}/processes`, { token: admin, body: { step_id: step.id } });
    expect(withProcess.body.workshop.processes).toEqual([{ id: expect.any(Number), step_id: step.id, name: 'Mıhlama', step_name: 'Mıhlama' }]);
    expect((await t.call('POST', `${WORKSHOPS}/${id}/processes`, { token: admin, body: { step_id: 99999 } })).status).toBe(400);
    const processId = withProcess.body.workshop.processes[0].id;

    expect((await t.call('GET', `${WORKSHOPS}/${id}/info`, { token: admin })).body.workshop.processes).toHaveLength(1);
    expect((await t.call('GET', `${WORKSHOPS}/${id}/processes`, { token: admin })).body.processes).toHaveLength(1);
    expect((await t.call('DELETE', `${WORKSHOPS}/${id}/processes/${processId}`, { token: admin })).body.workshop.processes).toEqual([]);
    expect((await t.call('DELETE', `${WORKSHOPS}/${id}/processes/${processId}`, { token: admin })).status).toBe(404);

    const renamed = await t.call('PUT', `${WORKSHOPS}/${id}`, { token: admin, body: workshopBody(masterId, 'Ali Usta') });
    expect(renamed.body.workshop.name).toBe('Ali Usta');

    expect((await t.call('GET', `${WORKSHOPS}/${id}/statistics`, { token: admin })).body.statistics).toEqual({
      turnover: 0,
      currency: 'TRY',
      open_order_total: 0,
      open_order_daily: 0,
      total_order_total: 0,
      total_order_daily: 0,
    });
    await addLine(productIds[0], id, 2);
    await addLine(productIds[0], id, 5);
    expect((await t.call('GET', `${WORKSHOPS}/${id}/statistics`, { token: admin })).body.statistics).toEqual({
      turnover: 100,
      currency: 'TRY',
      open_order_total: 1,
      open_order_daily: 1,
      total_order_total: 2,
      total_order_daily: 2,
    });
    expect((await t.call('GET', `${WORKSHOPS}/${id}/orders`, { token: admin })).body.orders).toHaveLength(2);

    const mine = await t.call('GET', '/api/v1/workshop/me', { token: masterToken });
    expect(mine.body.workshop).toMatchObject({ id, name: 'Ali Usta' });
    expect((await t.call('GET', WORKSHOPS, { token: masterToken })).status).toBe(403);
    expect((await t.call('GET', `${WORKSHOPS}/${id}`, { token: masterToken })).status).toBe(403);
    expect((await t.call('GET', '/api/v1/workshop/me', { token: admin })).status).toBe(403);

    // Open lines keep the workshop from being deleted.
    expect(await t.call('DELETE', `${WORKSHOPS}/${id}`, { token: admin })).toMatchObject({ status: 409, body: { code: 'WORKSHOP_HAS_OPEN_LINES' } });
  });

  test('assign, move and remove products; lines not started follow, lines in production stay', async () => {
    const owners: number[] = [];
    for (const name of ['Birinci', 'İkinci']) {
      const user = await t.newUser(`usta_${owners.length}`);
      await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: user.user_id, Role: 3 }] });
      owners.push((await t.call('POST', WORKSHOPS, { token: admin, body: workshopBody(user.user_id, name) })).body.workshop.id);
    }
    const [a, b] = owners;
    const [ring, necklace, earring] = productIds;

    expect((await t.call('PUT', `${WORKSHOPS}/${a}/assign-product`, { token: admin, body: { product_id: ring } })).status).toBe(200);
    expect((await t.call('GET', `/api/v1/products/${ring}/workshop`, { token: admin })).body).toEqual({ workshop_id: a, workshop_name: 'Birinci' });
    expect((await t.call('POST', `${WORKSHOPS}/${a}/products`, { token: admin, body: { product_ids: [necklace, earring] } })).status).toBe(200);
    expect((await t.call('GET', `${WORKSHOPS}/${a}/products`, { token: admin })).body.product_ids).toEqual([ring, necklace, earring]);

    const waiting = await addLine(ring, a);
    const started = await addLine(ring, a, 2, 5);
    const moved = await t.call('PUT', `/api/v1/products/${ring}/workshop`, { token: admin, body: { workshop_id: b } });
    expect(moved.body).toMatchObject({ workshop_id: b, workshop_name: 'İkinci' });
    const lineWorkshop = async (lineId: number) =>
      (await t.db.selectFrom('order_lines').select('workshop_id').where('id', '=', lineId).executeTakeFirstOrThrow()).workshop_id;
    expect(await lineWorkshop(waiting)).toBe(b);
    expect(await lineWorkshop(started)).toBe(a);

    expect((await t.call('POST', '/api/v1/products/workshop', { token: admin, body: { product_id: earring, workshop_id: b } })).body.workshop_id).toBe(b);
    const removed = await t.call('PUT', `/api/v1/products/${necklace}/workshop`, { token: admin, body: { workshop_id: null } });
    expect(removed.body).toMatchObject({ workshop_id: null, workshop_name: null });

    // PUT replaces the workshop's whole set.
    await t.call('PUT', `${WORKSHOPS}/${b}/products`, { token: admin, body: { product_ids: [necklace] } });
    expect((await t.call('GET', `${WORKSHOPS}/${b}/products`, { token: admin })).body.product_ids).toEqual([necklace]);
    expect((await t.call('GET', `/api/v1/products/${ring}/workshop`, { token: admin })).body.workshop_id).toBeNull();

    // Bad input changes nothing.
    const before = await t.call('GET', `${WORKSHOPS}/${b}/products`, { token: admin });
    expect((await t.call('POST', `${WORKSHOPS}/${b}/products`, { token: admin, body: { product_ids: [ring, 99999] } })).status).toBe(400);
    expect((await t.call('POST', `${WORKSHOPS}/${b}/products`, { token: admin, body: { product_ids: 'x' } })).status).toBe(400);
    expect((await t.call('PUT', `/api/v1/products/${ring}/workshop`, { token: admin, body: {} })).status).toBe(400);
    expect((await t.call('POST', '/api/v1/products/workshop', { token: admin, body: { product_id: ring, workshop_id: 99999 } })).status).toBe(404);
    expect((await t.call('PUT', '/api/v1/products/99999/workshop', { token: admin, body: { workshop_id: b } })).status).toBe(404);
    expect((await t.call('GET', `${WORKSHOPS}/${b}/products`, { token: admin })).body).toEqual(before.body);

    // Deleting a workshop without open lines is soft and releases its products.
    expect((await t.call('DELETE', `${WORKSHOPS}/${b}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `${WORKSHOPS}/${b}`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', WORKSHOPS, { token: admin })).body.workshops.map((w: { id: number }) => w.id)).not.toContain(b);
    expect((await t.call('GET', `/api/v1/products/${necklace}/workshop`, { token: admin })).body.workshop_id).toBeNull();
    const row = await t.db.selectFrom('workshops').select('is_deleted').where('id', '=', b).executeTakeFirstOrThrow();
    expect(row.is_deleted).toBe(1);
  });

  test('replacing a workshop\'s products is one transaction: a failure half-way changes nothing', async () => {
    const user = await t.newUser('usta_tx');
    await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: user.user_id, Role: 3 }] });
    const workshopId = (await t.call('POST', WORKSHOPS, { token: admin, body: workshopBody(user.user_id, 'Üçüncü') })).body.workshop.id;
    const ids: number[] = [];
    for (const title of ['Halhal', 'Bileklik', 'Broş']) ids.push((await t.call('POST', '/api/v1/product', { token: admin, body: { title } })).body.product.id);
    const [kept, released, refused] = ids;
    await t.call('POST', `${WORKSHOPS}/${workshopId}/products`, { token: admin, body: { product_ids: [kept, released] } });
    const waiting = await addLine(released, workshopId);

    // The database refuses to give `refused` a workshop, after the release of `released` has run.
    if (database.name === 'postgres') {
      await sql`create function refuse_assignment() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(t.db);
      await sql`create trigger refuse_assignment before update on products for each row when (new.id = ${sql.lit(refused)} and new.workshop_id is not null) execute function refuse_assignment()`.execute(t.db);
    } else {
      await sql`create trigger refuse_assignment before update on products when new.id = ${sql.lit(refused)} and new.workshop_id is not null begin select raise(abort, 'refused'); end`.execute(t.db);
    }
    const answer = await t.call('PUT', `${WORKSHOPS}/${workshopId}/products`, { token: admin, body: { product_ids: [kept, refused] } });
    expect(answer.status).toBe(500);

    expect((await t.call('GET', `${WORKSHOPS}/${workshopId}/products`, { token: admin })).body.product_ids).toEqual([kept, released]);
    const line = await t.db.selectFrom('order_lines').select('workshop_id').where('id', '=', waiting).executeTakeFirstOrThrow();
    expect(line.workshop_id).toBe(workshopId);
  });

  test('office staff read workshops and change nothing; customers read none', async () => {
    const user = await t.newUser('ofis_calisani');
    await t.db.updateTable('users').set({ role_id: 4 }).where('id', '=', user.user_id).execute();
    expect((await t.call('GET', WORKSHOPS, { token: user.token })).status).toBe(200);
    expect((await t.call('POST', WORKSHOPS, { token: user.token, body: workshopBody(masterId, 'x') })).status).toBe(403);
    expect((await t.call('POST', '/api/v1/products/workshop', { token: user.token, body: { product_id: productIds[0], workshop_id: 1 } })).status).toBe(403);
    await t.db.updateTable('users').set({ role_id: 5 }).where('id', '=', user.user_id).execute();
    expect((await t.call('GET', WORKSHOPS, { token: user.token })).status).toBe(403);
    expect((await t.call('GET', `/api/v1/products/${productIds[0]}/workshop`, { token: user.token })).status).toBe(403);
  });
});
