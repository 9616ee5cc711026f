import { createHmac } from 'node:crypto';
import { testDatabases } from '../../../../test/databases';
import { type ServerProcess, startServerProcess } from '../../../../test/server-process';
import { startTestApp, type TestApp } from '../../../../test/server';
import { API } from '../../../shared/api';
import { until } from '../../../../test/until';

/*
 * A webhook answered 200 is never lost: the process that accepted it is killed (SIGKILL) before any
 * worker took the job, and the next process to start works it, once. The accepting process works
 * no jobs (JOB_WORKERS=0), so the job is certainly still waiting when it dies.
 */

jest.setTimeout(90_000);

const DOMAIN = 'yeniden-baslat.myshopify.com';
const SECRET = 'restart-webhook-secret';


describe.each(testDatabases())('a webhook accepted by a process that is then killed, on $name', (database) => {
  let t: TestApp;
  let url: string;
  const processes: ServerProcess[] = [];
  const start = async (env: Record<string, string>) => {
    const started = await startServerProcess({ DATABASE_URL: url, SESSION_SECRET: t.config.sessionSecret, DATA_DIR: t.config.dataDir, ADMIN_USERNAME: 'admin', ...env });
    processes.push(started);
    return started;
  };

  beforeAll(async () => {
    url = await database.create();
    // This test's own app works no jobs either: only the restarted process does.
    t = await startTestApp(url, { JOB_WORKERS: '0' });
    const admin = (await t.login()).token;
    const user = await t.newUser('yeniden_alici');
    await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: user.user_id, Role: 5 }] });
    await t.call('POST', '/api/v1/customers', { token: admin, body: { name: 'Y', email: 'y@example.com', phone: '1', address: 'x', company_name: 'x', tax_number: '1', credit: 0, user_id: user.user_id } });
    const at = new Date().toISOString();
    await t.db.insertInto('products').values({ title: 'Harf Kolye', shopify_variant_id: '501', price: 900, user_id: user.user_id, created_at: at, updated_at: at }).execute();
    const connected = await t.call('POST', API.shopCredentials, {
      token: admin,
      body: { user_id: user.user_id, shop_name: 'yeniden-baslat', shop_domain: DOMAIN, api_key: 'k', api_secret: 's', access_token: 't', webhook_secret: SECRET },
    });
    expect(connected.status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    for (const process of processes) process.kill();
    await t?.close();
  });

  test('is worked, once, by the next process', async () => {
    const accepting = await start({ JOB_WORKERS: '0' });
    const body = Buffer.from(
      JSON.stringify({
        id: 7001,
        name: '#7001',
        created_at: '2026-11-24T09:00:00Z',
        updated_at: '2026-11-24T09:00:00Z',
        line_items: [{ id: 70011, variant_id: 501, sku: null, title: 'Harf Kolye', quantity: 2, price: '900.00', properties: [{ name: 'Harf', value: 'E' }] }],
      }),
    );
    const answer = await fetch(`http://127.0.0.1:${accepting.port}${API.shopifyWebhook}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'orders/create',
        'x-shopify-shop-domain': DOMAIN,
        'x-shopify-webhook-id': 'restart-1',
        'x-shopify-hmac-sha256': createHmac('sha256', SECRET).update(body).digest('base64'),
      },
      body,
    });
    expect(answer.status).toBe(200);
    accepting.kill();
    await accepting.exited;
    expect(await t.db.selectFrom('jobs').select(['status']).where('key', 'like', '%restart-1').execute()).toEqual([{ status: 'waiting' }]);
    expect(await t.db.selectFrom('orders').select('id').where('shop_order_id', '=', '7001').execute()).toEqual([]);

    await start({ SHOPIFY_JOB_POLL_MS: '50' });
    const order = await until(() => t.db.selectFrom('orders').select(['id', 'order_number']).where('shop_order_id', '=', '7001').executeTakeFirst());
    expect(order.order_number).toBe('#7001');
    await until(() => t.db.selectFrom('jobs').select('id').where('key', 'like', '%restart-1').where('status', '=', 'done').executeTakeFirst());
    const lines = await t.db.selectFrom('order_lines').select(['item_index', 'customization_option']).where('order_id', '=', order.id).orderBy('id').execute();
    expect(lines).toEqual([
      { item_index: 1, customization_option: 'Harf: E' },
      { item_index: 2, customization_option: 'Harf: E' },
    ]);
  });
});
