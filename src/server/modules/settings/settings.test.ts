import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';

describe.each(testDatabases())('settings, system info and shop records on $name', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
  });
  afterAll(() => t.close());

  test('general settings: defaults, validated save, readable by every active role', async () => {
    expect((await t.call('GET', '/api/v1/settings/general', { token: admin })).body.settings).toEqual({
      system_email: '',
      phone: '',
      time_zone: 'Europe/Istanbul',
      currency: 'TRY',
      gram_tolerance_percent: 10,
      gram_confirm_percent: 50,
      gram_max_factor: 10,
      working_set_days: 30,
    });
    const good = { system_email: 'ofis@atolye.com.tr', phone: '0212 000 00 00', time_zone: 'Europe/Berlin', currency: 'EUR', gram_tolerance_percent: 5 };
    const refusals = [{ currency: 'GBP' }, { time_zone: 'Mars/Olympus' }, { system_email: 'x' }, { phone: null }, { system_email: undefined }, { gram_tolerance_percent: -1 }, { gram_tolerance_percent: 101 }, { gram_tolerance_percent: 'on' }, { working_set_days: -1 }, { working_set_days: 3651 }, { working_set_days: 1.5 }, { working_set_days: null }, { working_set_days: 'otuz' }];
    for (const patch of refusals) {
      expect((await t.call('PUT', '/api/v1/settings/general', { token: admin, body: { ...good, ...patch } })).status).toBe(400);
    }
    expect((await t.call('PUT', '/api/v1/settings/general', { token: admin, body: { ...good, gram_tolerance_percent: 101 } })).body.error).toBe(
      'Gram toleransı 0 ile 100 arasında bir yüzde olmalıdır.',
    );
    expect((await t.call('PUT', '/api/v1/settings/general', { token: admin, body: { ...good, working_set_days: 3651 } })).body.error).toBe(
      'Kapanan satırların günlük listelerde kalacağı gün sayısı 0 ile 3650 arasında bir tam sayı olmalıdır.',
    );
    expect((await t.call('PUT', '/api/v1/settings/general', { token: admin, body: good })).body.settings).toEqual({ ...good, gram_confirm_percent: 50, gram_max_factor: 10, working_set_days: 30 });
    // working_set_days is optional: absent keeps it.
    expect((await t.call('PUT', '/api/v1/settings/general', { token: admin, body: { ...good, working_set_days: 0 } })).body.settings.working_set_days).toBe(0);
    expect((await t.call('PUT', '/api/v1/settings/general', { token: admin, body: good })).body.settings.working_set_days).toBe(0);
    expect((await t.call('PUT', '/api/v1/settings/general', { token: admin, body: { ...good, working_set_days: 3650 } })).body.settings.working_set_days).toBe(3650);
    await t.call('PUT', '/api/v1/settings/general', { token: admin, body: { ...good, working_set_days: 30 } });
    // The contact details may be left empty, as they start.
    const contactless = await t.call('PUT', '/api/v1/settings/general', { token: admin, body: { ...good, system_email: ' ', phone: '' } });
    expect(contactless).toMatchObject({ status: 200, body: { settings: { system_email: '', phone: '', time_zone: 'Europe/Berlin' } } });
    await t.call('PUT', '/api/v1/settings/general', { token: admin, body: { ...good, currency: 'USD' } });
    const user = await t.newUser('ayar_okur');
    await t.db.updateTable('users').set({ role_id: 3 }).where('id', '=', user.user_id).execute();
    expect((await t.call('GET', '/api/v1/settings/general', { token: user.token })).body.settings.currency).toBe('USD');
    expect((await t.call('PUT', '/api/v1/settings/general', { token: user.token, body: good })).status).toBe(403);
    expect((await t.call('GET', '/api/v1/system/info', { token: user.token })).status).toBe(403);
  });

  test('the bounds of a typed gram are saved beside the tolerance, checked, and kept by a body without them', async () => {
    const get = async () => (await t.call('GET', '/api/v1/settings/general', { token: admin })).body.settings;
    const put = (body: object) => t.call('PUT', '/api/v1/settings/general', { token: admin, body });
    const base = { ...(await get()), system_email: 'ofis@atolye.com.tr', phone: '0212 000 00 00' };
    const saved = await put({ ...base, gram_confirm_percent: 30, gram_max_factor: 4.5 });
    expect(saved.body.settings).toMatchObject({ gram_confirm_percent: 30, gram_max_factor: 4.5 });
    expect(await get()).toMatchObject({ gram_confirm_percent: 30, gram_max_factor: 4.5 });
    const refusals: Array<[object, string]> = [
      [{ gram_confirm_percent: 0 }, 'Gram onay sınırı 1 ile 1000 arasında bir yüzde olmalıdır.'],
      [{ gram_confirm_percent: 1001 }, 'Gram onay sınırı 1 ile 1000 arasında bir yüzde olmalıdır.'],
      [{ gram_confirm_percent: '50' }, 'Gram onay sınırı 1 ile 1000 arasında bir yüzde olmalıdır.'],
      [{ gram_confirm_percent: null }, 'Gram onay sınırı 1 ile 1000 arasında bir yüzde olmalıdır.'],
      [{ gram_max_factor: 1 }, 'Gram üst sınırı beklenen ağırlığın 1’den büyük ve en çok 1000 katı olmalıdır.'],
      [{ gram_max_factor: 1000.5 }, 'Gram üst sınırı beklenen ağırlığın 1’den büyük ve en çok 1000 katı olmalıdır.'],
      [{ gram_max_factor: 'on' }, 'Gram üst sınırı beklenen ağırlığın 1’den büyük ve en çok 1000 katı olmalıdır.'],
      [{ gram_max_factor: null }, 'Gram üst sınırı beklenen ağırlığın 1’den büyük ve en çok 1000 katı olmalıdır.'],
    ];
    for (const [patch, error] of refusals) expect(await put({ ...base, gram_confirm_percent: 70, ...patch })).toMatchObject({ status: 400, body: { error } });
    // Refused whole: not even the valid confirm band of the same body was saved.
    expect(await get()).toMatchObject({ gram_confirm_percent: 30, gram_max_factor: 4.5 });
    // A client that does not know the bounds changes nothing of them.
    const { gram_confirm_percent: _, gram_max_factor: __, ...older } = base;
    expect((await put({ ...older, gram_tolerance_percent: 12 })).body.settings).toMatchObject({ gram_tolerance_percent: 12, gram_confirm_percent: 30, gram_max_factor: 4.5 });
    await put({ ...base, gram_confirm_percent: 50, gram_max_factor: 10 });
  });

  test('system info reports real figures', async () => {
    const info = (await t.call('GET', '/api/v1/system/info', { token: admin })).body.system;
    expect(info.users_by_role).toHaveLength(5);
    expect(info.users_by_role.find((r: { role_id: number }) => r.role_id === 2).count).toBe(1);
    expect(info.order_lines_by_status.map((s: { count: number }) => s.count)).toEqual([0, 0, 0, 0, 0]);
    expect(info).toMatchObject({ products: 0, workshops: 0, customers: 0, database: database.name, version: expect.any(String) });
    expect(info.database_size_bytes).toBeGreaterThan(0);
    await t.call('POST', '/api/v1/product', { token: admin, body: { title: 'Yüzük' } });
    expect((await t.call('GET', '/api/v1/system/info', { token: admin })).body.system.products).toBe(1);
  });

  test('store and webhook records need a customer, keep secrets encrypted and never return them', async () => {
    const store = { shop_name: 'Firma Mağaza', api_key: 'key-1', api_secret: 'very-secret-1', access_token: 'token-abc' };
    const buyer = await t.newUser('magaza_sahibi');
    expect(await t.call('POST', '/technical/shop', { token: admin, body: { ...store, user_id: buyer.user_id } })).toMatchObject({
      status: 400,
      body: { error: 'Bir müşteri seçmelisiniz.' },
    });
    expect((await t.call('POST', '/technical/shop', { token: admin, body: store })).status).toBe(400);
    await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: buyer.user_id, Role: 5 }] });
    await t.call('POST', '/api/v1/customers', {
      token: admin,
      body: { name: 'A', email: 'a@example.com', phone: '1', address: 'x', company_name: 'y', credit: 0, tax_number: '1', user_id: buyer.user_id },
    });

    const saved = await t.call('POST', '/technical/shop', { token: admin, body: { ...store, user_id: buyer.user_id } });
    expect(saved.status).toBe(201);
    const hook = await t.call('POST', '/technical/shopify-credentials', {
      token: admin,
      body: { ...store, user_id: buyer.user_id, shop_domain: 'firma.myshopify.com', webhook_secret: 'hook-secret-9' },
    });
    expect(hook.status).toBe(201);
    const listed = await t.call('GET', '/technical/shop', { token: admin });
    for (const text of [saved, hook, listed].map((r) => JSON.stringify(r.body))) {
      expect(text).not.toMatch(/very-secret-1|token-abc|hook-secret-9|api_secret|access_token|webhook_secret/);
    }
    const rows = await t.db.selectFrom('shop_connections').selectAll().execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.api_secret).toMatch(/^v1\./);
      expect(`${row.api_secret}${row.access_token}${row.webhook_secret}`).not.toMatch(/very-secret-1|token-abc|hook-secret-9/);
    }
    expect((await t.call('POST', '/technical/shop', { token: buyer.token, body: { ...store, user_id: buyer.user_id } })).status).toBe(403);
  });
});
