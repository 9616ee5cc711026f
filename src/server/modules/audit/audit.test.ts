import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import type { AuditEntryDto } from '../../../shared/api';

/*
 * Every admin change of a role, a credit, a product's prices and fields, a routing, a workshop
 * assignment, the general settings and shop credentials leaves one audit row (who, when, before,
 * after) in the change's own transaction; a refused change leaves none; no secret is ever in one.
 */
describe.each(testDatabases())('audit log on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let buyer: { token: string; user_id: number };
  let customerId: number;
  beforeAll(async () => {
    t = await startTestApp(await database.create());
    ({ token: admin, user_id: adminId } = await t.login());
    buyer = await t.newUser('alici_denetim');
    await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: buyer.user_id, Role: 5 }] });
    const customer = await t.call('POST', '/api/v1/customers', {
      token: admin,
      body: { name: 'Ayşe', email: 'ayse@example.com', phone: '1', address: 'x', company_name: 'Ayşe Ltd', credit: 1000, tax_number: '3', user_id: buyer.user_id },
    });
    customerId = customer.body.customer.id;
  });
  afterAll(() => t.close());

  const lastId = async () => Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
  /** The rows written since `id`, oldest first, with before/after parsed. */
  const rowsSince = async (id: number) =>
    (await t.db.selectFrom('audit_log').selectAll().where('id', '>', id).orderBy('id').execute()).map((row) => ({
      ...row,
      before: row.before === null ? null : JSON.parse(row.before),
      after: row.after === null ? null : JSON.parse(row.after),
    }));
  /** Runs a change and answers the audit rows it wrote. */
  const written = async (change: () => Promise<unknown>) => {
    const since = await lastId();
    await change();
    return rowsSince(since);
  };
  const product = async (body: Record<string, unknown>) => (await t.call('POST', '/api/v1/product', { token: admin, body })).body.product.id as number;

  test('a role change: one row per user, by the admin, role before and after', async () => {
    const master = await t.newUser('usta_denetim');
    const rows = await written(() => t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: master.user_id, Role: 3 }] }));
    expect(rows).toEqual([
      expect.objectContaining({
        user_id: adminId,
        kind: 'user_role',
        entity_id: master.user_id,
        before: { role_id: 1, role_name: expect.any(String) },
        after: { role_id: 3, role_name: expect.any(String) },
        created_at: expect.any(String),
      }),
    ]);
    // Giving a user the role they have changes nothing and records nothing.
    expect(await written(() => t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: master.user_id, Role: 3 }] }))).toEqual([]);
  });

  test('a credit change: one audit row beside the credit history row', async () => {
    const rows = await written(() => t.call('PUT', `/api/v1/customers/${customerId}/credit`, { token: admin, body: { credit: 2500.5 } }));
    expect(rows).toEqual([expect.objectContaining({ user_id: adminId, kind: 'customer_credit', entity_id: customerId, before: { credit: 1000, credit_currency: 'TRY' }, after: { credit: 2500.5, credit_currency: 'TRY' } })]);
    const history = await t.db.selectFrom('customer_credit_changes').select(['old_credit', 'new_credit']).where('customer_id', '=', customerId).execute();
    expect(history).toEqual([{ old_credit: 1000, new_credit: 2500.5 }]);
  });

  test('a product: its creation, then only the fields an edit or a single-field route changed', async () => {
    const created = await written(() => product({ title: 'Tektaş Yüzük', price: 1000, workmanship_rate: 12 }));
    expect(created).toEqual([
      expect.objectContaining({ user_id: adminId, kind: 'product_created', before: null, after: { title: 'Tektaş Yüzük', price: 1000, workmanship_rate: 12, currency: 'TRY' } }),
    ]);
    const id = created[0].entity_id!;

    const edited = await written(() => t.call('PUT', `/api/v1/product/${id}`, { token: admin, body: { title: 'Tektaş Yüzük', price: 1250.5, min_price: 900 } }));
    expect(edited).toEqual([expect.objectContaining({ kind: 'product_changed', entity_id: id, before: { price: 1000, min_price: null }, after: { price: 1250.5, min_price: 900 } })]);

    const rate = await written(() => t.call('POST', `/api/v1/product/${id}/workmanshiprate`, { token: admin, body: { workmanship_rate: 15 } }));
    expect(rate).toEqual([expect.objectContaining({ kind: 'product_changed', entity_id: id, before: { workmanship_rate: 12 }, after: { workmanship_rate: 15 } })]);
    const days = await written(() => t.call('POST', `/api/v1/product/${id}/expectedproductiondays`, { token: admin, body: { production_expected_days: 9 } }));
    expect(days).toEqual([expect.objectContaining({ before: { production_expected_days: expect.any(Number) }, after: { production_expected_days: 9 } })]);

    // The same values again are no change.
    expect(await written(() => t.call('POST', `/api/v1/product/${id}/workmanshiprate`, { token: admin, body: { workmanship_rate: 15 } }))).toEqual([]);
  });

  test('a routing: the steps before and after, by position and name', async () => {
    const id = await product({ title: 'Kolye' });
    const steps = await t.db.selectFrom('production_steps').select(['id', 'step_name']).orderBy('id').limit(2).execute();
    const save = (list: Array<{ step_id: number; position_in_process: number }>) =>
      t.call('PUT', '/api/v1/product-production-steps/bulk', { token: admin, body: { product_id: id, steps: list } });
    const first = await written(() => save([{ step_id: steps[0].id, position_in_process: 1 }]));
    expect(first).toEqual([
      expect.objectContaining({
        kind: 'product_routing',
        entity_id: id,
        before: { steps: [] },
        after: { steps: [{ position_in_process: 1, step_id: steps[0].id, step_name: steps[0].step_name }] },
      }),
    ]);
    const second = await written(() => save([{ step_id: steps[1].id, position_in_process: 1 }, { step_id: steps[0].id, position_in_process: 2 }]));
    expect(second[0].before).toEqual(first[0].after);
    expect(second[0].after.steps.map((s: { step_id: number }) => s.step_id)).toEqual([steps[1].id, steps[0].id]);
  });

  test('a workshop assignment: one row per product that moves', async () => {
    const master = await t.newUser('usta_atama');
    await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: master.user_id, Role: 3 }] });
    const workshop = (
      await t.call('POST', '/api/v1/workshops', {
        token: admin,
        body: { name: 'Atama Atölyesi', code: 'AA', address: 'x', company_name: 'x', phone_number: '1', tax_number: '2', user_id: master.user_id },
      })
    ).body.workshop;
    const a = await product({ title: 'Küpe' });
    const b = await product({ title: 'Halhal' });
    const rows = await written(() => t.call('POST', `/api/v1/workshops/${workshop.id}/products`, { token: admin, body: { product_ids: [a, b] } }));
    expect(rows.map((r) => [r.kind, r.entity_id, r.before, r.after])).toEqual(
      [a, b].map((id) => ['product_workshop', id, { workshop_id: null, workshop_name: null }, { workshop_id: workshop.id, workshop_name: 'Atama Atölyesi' }]),
    );
    const removed = await written(() => t.call('PUT', `/api/v1/products/${a}/workshop`, { token: admin, body: { workshop_id: null } }));
    expect(removed).toEqual([expect.objectContaining({ entity_id: a, after: { workshop_id: null, workshop_name: null } })]);
  });

  test('the general settings: the settings whose value changed', async () => {
    const good = { system_email: 'ofis@atolye.com.tr', phone: '0212 000 00 00', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10 };
    const first = await written(() => t.call('PUT', '/api/v1/settings/general', { token: admin, body: good }));
    expect(first).toEqual([
      expect.objectContaining({ kind: 'settings', entity_id: null, before: { system_email: '', phone: '' }, after: { system_email: good.system_email, phone: good.phone } }),
    ]);
    const second = await written(() => t.call('PUT', '/api/v1/settings/general', { token: admin, body: { ...good, currency: 'EUR', gram_tolerance_percent: 5 } }));
    expect(second).toEqual([expect.objectContaining({ before: { currency: 'TRY', gram_tolerance_percent: 10 }, after: { currency: 'EUR', gram_tolerance_percent: 5 } })]);
  });

  test('shop credentials: which were given, never their values, here or in the answer', async () => {
    const secrets = { api_key: 'key-AUDIT-1', api_secret: 'secret-AUDIT-2', access_token: 'token-AUDIT-3', webhook_secret: 'hook-AUDIT-4' };
    const store = await written(() =>
      t.call('POST', '/technical/shop', { token: admin, body: { user_id: buyer.user_id, shop_name: 'Ayşe Mağaza', api_key: secrets.api_key, api_secret: secrets.api_secret, access_token: secrets.access_token } }),
    );
    expect(store).toEqual([
      expect.objectContaining({
        kind: 'shop_store',
        before: null,
        after: { user_id: buyer.user_id, shop_name: 'Ayşe Mağaza', shop_domain: null, api_key: 'set', api_secret: 'set', access_token: 'set' },
      }),
    ]);
    const webhook = await written(() =>
      t.call('POST', '/technical/shopify-credentials', { token: admin, body: { user_id: buyer.user_id, shop_name: 'Ayşe Mağaza', shop_domain: 'ayse.myshopify.com', ...secrets } }),
    );
    expect(webhook).toEqual([expect.objectContaining({ kind: 'shop_webhook', after: expect.objectContaining({ shop_domain: 'ayse.myshopify.com', webhook_secret: 'set' }) })]);

    const table = JSON.stringify(await t.db.selectFrom('audit_log').selectAll().execute());
    const answer = JSON.stringify((await t.call('GET', '/api/v1/audit-log?limit=200', { token: admin })).body);
    for (const value of Object.values(secrets)) {
      expect(table).not.toContain(value);
      expect(answer).not.toContain(value);
    }
  });

  test('a refused change (400, 404, 409) writes no audit row, even one refused after its row was written', async () => {
    const id = await product({ title: 'Bileklik', price: 500 });
    const since = await lastId();
    const refusals = [
      // The last admin: refused after the role rows were written, so they roll back with it.
      ['POST', '/api/v1/user/changeUserRoles', [{ ID: adminId, Role: 4 }], 409],
      ['POST', '/api/v1/user/changeUserRoles', [{ ID: adminId, Role: 99 }], 400],
      ['PUT', `/api/v1/customers/${customerId}/credit`, { credit: -5 }, 400],
      ['PUT', '/api/v1/customers/999999/credit', { credit: 5 }, 404],
      ['PUT', `/api/v1/product/${id}`, { title: 'Bileklik', price: 700, material_id: 999999 }, 400],
      ['POST', `/api/v1/product/${id}/workmanshiprate`, { workmanship_rate: 101 }, 400],
      ['PUT', '/api/v1/product-production-steps/bulk', { product_id: id, steps: [{ step_id: 999999, position_in_process: 1 }] }, 400],
      ['PUT', '/api/v1/settings/general', { system_email: 'x', phone: '1', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10 }, 400],
      ['POST', '/technical/shop', { user_id: adminId, shop_name: 'x', api_key: 'k', api_secret: 's', access_token: 'a' }, 400],
      ['POST', `/api/v1/workshops/999999/products`, { product_ids: [id] }, 404],
    ] as const;
    for (const [method, url, body, status] of refusals) {
      expect({ url, status: (await t.call(method, url, { token: admin, body })).status }).toEqual({ url, status });
    }
    expect(await rowsSince(since)).toEqual([]);
    expect((await t.db.selectFrom('users').select('role_id').where('id', '=', adminId).executeTakeFirstOrThrow()).role_id).toBe(2);
  });

  test('only admins read the log: office, workshop, customer and inactive users get 403, no session 401', async () => {
    const roles = { office: 4, workshop: 3, customer: 5, inactive: 1 };
    for (const [name, role] of Object.entries(roles)) {
      const user = await t.newUser(`okur_${name}`);
      if (role !== 1) await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: user.user_id, Role: role }] });
      expect({ name, status: (await t.call('GET', '/api/v1/audit-log', { token: user.token })).status }).toEqual({ name, status: 403 });
    }
    expect((await t.call('GET', '/api/v1/audit-log')).status).toBe(401);
    const answer = await t.call('GET', '/api/v1/audit-log', { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.audit_log[0]).toMatchObject({ username: expect.any(String), kind: expect.any(String) });
  });

  test('filters by kind, user, entity and date range; newest first; pages with a total; bad filters are 400', async () => {
    const other = (await t.newUser('ikinci_yonetici')).user_id;
    // Rows of a past year, apart from every row the other tests wrote.
    const at = (day: number) => `2020-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;
    await t.db
      .insertInto('audit_log')
      .values([
        { user_id: adminId, kind: 'customer_credit', entity_id: 501, before: '{"credit":1}', after: '{"credit":2}', created_at: at(1) },
        { user_id: adminId, kind: 'product_changed', entity_id: 502, before: '{"price":1}', after: '{"price":2}', created_at: at(2) },
        { user_id: other, kind: 'customer_credit', entity_id: 501, before: '{"credit":2}', after: '{"credit":3}', created_at: at(3) },
        { user_id: other, kind: 'settings', entity_id: null, before: '{"phone":"1"}', after: '{"phone":"2"}', created_at: at(4) },
        { user_id: adminId, kind: 'customer_credit', entity_id: 503, before: '{"credit":5}', after: '{"credit":6}', created_at: at(5) },
      ])
      .execute();
    const range = `from=${encodeURIComponent(at(1))}&to=${encodeURIComponent(at(5))}`;
    const read = async (query: string) => {
      const answer = await t.call('GET', `/api/v1/audit-log?${range}&${query}`, { token: admin });
      expect(answer.status).toBe(200);
      return { total: answer.body.total as number, days: (answer.body.audit_log as AuditEntryDto[]).map((row) => Number(row.created_at.slice(8, 10))) };
    };
    expect(await read('')).toEqual({ total: 5, days: [5, 4, 3, 2, 1] });
    expect(await read('kind=customer_credit')).toEqual({ total: 3, days: [5, 3, 1] });
    expect(await read(`user_id=${other}`)).toEqual({ total: 2, days: [4, 3] });
    expect(await read('entity_id=501')).toEqual({ total: 2, days: [3, 1] });
    expect(await read(`kind=customer_credit&entity_id=501&user_id=${adminId}`)).toEqual({ total: 1, days: [1] });
    // Both ends of the range are included.
    const narrow = await t.call('GET', `/api/v1/audit-log?from=${encodeURIComponent(at(2))}&to=${encodeURIComponent(at(3))}`, { token: admin });
    expect(narrow.body.audit_log.map((row: AuditEntryDto) => row.created_at)).toEqual([at(3), at(2)]);
    expect(narrow.body.audit_log[1]).toEqual({
      id: expect.any(Number),
      user_id: adminId,
      username: 'admin',
      kind: 'product_changed',
      entity_id: 502,
      before: { price: 1 },
      after: { price: 2 },
      created_at: at(2),
    });
    // Pages: two at a time.
    expect(await read('limit=2')).toEqual({ total: 5, days: [5, 4] });
    expect(await read('limit=2&offset=2')).toEqual({ total: 5, days: [3, 2] });
    expect(await read('limit=2&offset=4')).toEqual({ total: 5, days: [1] });
    expect(await read('offset=10')).toEqual({ total: 5, days: [] });
    // Without a limit, a page of 50; the newest entry of the whole log comes first.
    const all = await t.call('GET', '/api/v1/audit-log', { token: admin });
    expect(all.body.audit_log.length).toBe(Math.min(50, all.body.total));
    expect(all.body.audit_log[0].created_at > at(5)).toBe(true);

    for (const query of ['kind=nothing', 'user_id=abc', 'entity_id=-1', 'entity_id=2147483648', 'user_id=99999999999', 'from=yesterday', 'to=2020-03-01', 'limit=0', 'limit=201', 'offset=-1', 'kind=settings&kind=settings']) {
      expect({ query, status: (await t.call('GET', `/api/v1/audit-log?${query}`, { token: admin })).status }).toEqual({ query, status: 400 });
    }
  });
});
