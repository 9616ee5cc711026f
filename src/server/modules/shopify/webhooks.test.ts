import { createHmac } from 'node:crypto';
import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { API } from '../../../shared/api';
import { until } from '../../../../test/until';
import { recordRefusal, UNKNOWN_DOMAINS_KEPT } from './refusals';

const V1 = '/api/v1';

// Syncs and jobs on a busy machine: a bound on the states waited for, not a pause.
jest.setTimeout(60_000);
const DOMAIN = 'atolye-test.myshopify.com';
const SECRET = 'webhook-secret-of-the-store';


describe.each(testDatabases())('shop orders by webhook on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let buyer: string;
  let customerId: number;
  let workshopId: number;
  let necklace: number;
  let ring: number;
  let webhookIds = 0;
  let url: string;

  const order = (id: number, change: Record<string, unknown> = {}) => ({
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id}`,
    email: 'alici@example.com',
    created_at: '2026-11-24T09:00:00+03:00',
    updated_at: '2026-11-24T09:00:00+03:00',
    cancelled_at: null,
    cancel_reason: null,
    currency: 'TRY',
    note: 'Hediye paketi olsun',
    shipping_address: { first_name: 'Ayşe', last_name: 'Yılmaz', address1: 'Bağdat Cd. 1', address2: 'D:4', city: 'İstanbul', province: 'İstanbul', zip: '34710', country: 'Turkey', phone: '0532' },
    line_items: [
      { id: id * 10 + 1, variant_id: 7001, product_id: 70, sku: 'KOLYE-ISIM', title: 'İsim Kolye', quantity: 2, price: '1250.00', properties: [{ name: 'İsim', value: 'Elif' }, { name: 'Yazı Tipi', value: 'Script' }, { name: '_token', value: 'x' }] },
      { id: id * 10 + 2, variant_id: null, product_id: null, sku: 'YZK-14', title: 'Yüzük', quantity: 1, price: '900.00', properties: [{ name: 'Hediye Notu', value: 'İyi ki doğdun' }] },
      { id: id * 10 + 3, variant_id: 9999, product_id: 99, sku: 'BILINMEYEN', title: 'Bilinmeyen ürün', quantity: 1, price: '10.00', properties: [] },
    ],
    ...change,
  });

  async function send(topic: string, body: unknown, options: { webhookId?: string; secret?: string; domain?: string } = {}) {
    const raw = Buffer.from(JSON.stringify(body));
    const response = await t.app.inject({
      method: 'POST',
      url: API.shopifyWebhook,
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-shop-domain': options.domain ?? DOMAIN,
        'x-shopify-webhook-id': options.webhookId ?? `wh-${++webhookIds}`,
        'x-shopify-hmac-sha256': createHmac('sha256', options.secret ?? SECRET).update(raw).digest('base64'),
      },
      payload: raw,
    });
    return { status: response.statusCode, body: response.json() };
  }

  const orderOf = (shopOrderId: number) => t.db.selectFrom('orders').selectAll().where('shop_order_id', '=', String(shopOrderId)).executeTakeFirst();
  const linesOf = (orderId: number) => t.db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const settled = () => until(async () => (await t.db.selectFrom('jobs').select('id').where('status', 'in', ['waiting', 'running']).execute()).length === 0);

  beforeAll(async () => {
    url = await database.create();
    t = await startTestApp(url);
    admin = (await t.login()).token;
    const user = await t.newUser('magaza_alici');
    await t.call('POST', `${V1}/user/changeUserRoles`, { token: admin, body: [{ ID: user.user_id, Role: 5 }] });
    buyer = (await t.login('magaza_alici', 'secret-pass')).token;
    const master = await t.newUser('magaza_usta');
    await t.call('POST', `${V1}/user/changeUserRoles`, { token: admin, body: [{ ID: master.user_id, Role: 3 }] });
    const details = { address: 'x', company_name: 'Işıl Takı', tax_number: '1' };
    customerId = (await t.call('POST', `${V1}/customers`, { token: admin, body: { ...details, name: 'Işıl Takı', email: 'isil@example.com', phone: '1', credit: 0, user_id: user.user_id } })).body.customer.id;
    workshopId = (await t.call('POST', `${V1}/workshops`, { token: admin, body: { ...details, name: 'Usta', code: 'U', phone_number: '1', user_id: master.user_id } })).body.workshop.id;
    const at = new Date().toISOString();
    const product = (title: string, fields: Record<string, unknown>) =>
      t.db.insertInto('products').values({ title, price: 1000, workmanship_rate: 20, created_at: at, updated_at: at, ...fields }).returning('id').executeTakeFirstOrThrow();
    necklace = (await product('İsim Kolye', { shopify_product_id: '70', shopify_variant_id: '7001', workshop_id: workshopId, user_id: user.user_id })).id;
    // Matched by SKU among the customer's own products (its variant id unknown); it has no workshop yet.
    ring = (await product('Yüzük', { sku: 'YZK-14', user_id: user.user_id })).id;
    const connected = await t.call('POST', API.shopCredentials, {
      token: admin,
      body: { user_id: user.user_id, shop_name: 'atolye-test', shop_domain: DOMAIN, api_key: 'key', api_secret: 'api-secret', access_token: 'shpat_x', webhook_secret: SECRET },
    });
    expect(connected.status).toBe(201);
  }, 60_000);
  afterAll(() => t?.close());

  test('a signed order becomes one order of the store’s customer, a line per unit, with the buyer’s personalisation', async () => {
    expect(await send('orders/create', order(1001))).toEqual({ status: 200, body: { ok: true } });
    const taken = await until(() => orderOf(1001));
    await settled();
    expect(taken).toMatchObject({ order_number: '#1001', customer_id: customerId, source: 'shopify', first_name: 'Ayşe', last_name: 'Yılmaz', address: 'Bağdat Cd. 1 D:4', city: 'İstanbul', zip_code: '34710', currency: 'TRY', notes: 'Hediye paketi olsun' });
    const lines = await linesOf(taken.id);
    expect(lines.map((l) => [l.product_id, l.item_index, l.item_count, l.workshop_id, l.customization_option, l.font, l.gift_note, Number(l.total_price)])).toEqual([
      [necklace, 1, 2, workshopId, 'Elif', 'Script', null, 1250],
      [necklace, 2, 2, workshopId, 'Elif', 'Script', null, 1250],
      [ring, 1, 1, null, null, null, 'İyi ki doğdun', 900],
    ]);
    expect(lines.every((l) => l.order_line_status_id === 1 && l.current_order_line_process === -1 && l.customer_note === 'Hediye paketi olsun')).toBe(true);
    // The unknown variant waits for the admin's match, with what the shop sent.
    const held = await t.db.selectFrom('shop_pending_items').selectAll().where('order_id', '=', taken.id).execute();
    expect(held).toMatchObject([{ line_item_id: '10013', variant_id: '9999', sku: 'BILINMEYEN', title: 'Bilinmeyen ürün', quantity: 1, matched_product_id: null }]);
    // The customer sees it as their own order; the live log has a new_order per line.
    const mine = (await t.call('GET', `${V1}/customers/me/orders`, { token: buyer })).body.orders as Array<{ order_number: string }>;
    expect(mine.filter((line) => line.order_number === '#1001')).toHaveLength(3);
    // The piece's recipient from the shipping address, beside the store's customer.
    expect(mine.find((line) => line.order_number === '#1001')).toMatchObject({ customer_name: 'Ayşe Yılmaz', b2b_customer_name: 'Işıl Takı' });
    const changes = await t.db.selectFrom('order_line_changes').select(['type', 'workshop_id']).where('order_id', '=', taken.id).execute();
    expect(changes).toEqual(lines.map((l) => ({ type: 'new_order', workshop_id: l.workshop_id })));
    // Told once each: the workshop of its new work, the customer of its order, the office of the item waiting for a product.
    const told = await t.db
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select(['n.kind', 'u.username', 'n.body'])
      .where('n.kind', '!=', 'user_registered')
      .orderBy('n.id')
      .execute();
    expect(told).toEqual([
      { kind: 'lines_assigned', username: 'magaza_usta', body: 'Sipariş #1001 için atölyenize 2 parça verildi.' },
      { kind: 'order_received', username: 'magaza_alici', body: 'Sipariş #1001 alındı: 3 parça.' },
      { kind: 'shop_item_unmatched', username: 'admin', body: 'atolye-test mağazasının siparişi #1001 içindeki "Bilinmeyen ürün" bir ürünle eşleşmedi.' },
    ]);
  });

  test('the same webhook five times, and the order’s other topics in any order, give one order and its lines once', async () => {
    for (let i = 0; i < 5; i++) expect((await send('orders/create', order(1002), { webhookId: 'same-delivery' })).status).toBe(200);
    expect(await t.db.selectFrom('jobs').select('id').where('key', 'like', '%same-delivery').execute()).toHaveLength(1);
    // orders/updated (later) arrives before a second orders/create delivery (earlier): neither adds a line.
    await send('orders/updated', order(1003, { updated_at: '2026-11-24T10:00:00+03:00', note: 'Güncel not' }));
    await send('orders/create', order(1003));
    await settled();
    for (const id of [1002, 1003]) {
      const taken = await orderOf(id);
      expect(await linesOf(taken!.id)).toHaveLength(3);
    }
    expect((await orderOf(1003))!.notes).toBe('Güncel not');
    expect(await t.db.selectFrom('orders').select('id').where('shop_order_id', 'in', ['1002', '1003']).execute()).toHaveLength(2);
  });

  test('a forged or foreign webhook is refused with 401 and stores nothing; a request that is no webhook gets 400', async () => {
    const before = await t.db.selectFrom('jobs').select('id').execute();
    expect(await send('orders/create', order(1004), { secret: 'not-the-secret' })).toMatchObject({ status: 401, body: { code: 'WEBHOOK_UNAUTHORIZED' } });
    expect(await send('orders/create', order(1004), { domain: 'baska.myshopify.com' })).toMatchObject({ status: 401 });
    const unsigned = await t.app.inject({ method: 'POST', url: API.shopifyWebhook, headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/create' }, payload: '{}' });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ code: 'WEBHOOK_INVALID' });
    expect(await t.db.selectFrom('jobs').select('id').execute()).toEqual(before);
    expect(await orderOf(1004)).toBeUndefined();
    // The privacy topics are answered and kept nowhere.
    expect(await send('customers/redact', { shop_domain: DOMAIN })).toEqual({ status: 200, body: { ok: true } });
    expect(await t.db.selectFrom('jobs').select('id').execute()).toEqual(before);
  });

  test("a refused webhook leaves its trace for 'Mağazalar': per domain how many and the last time, never the body", async () => {
    const refusals = async () => (await t.call('GET', API.shopRefusedWebhooks, { token: admin })).body.refusals as Array<{ shop_domain: string; reason: string; count: number; last_at: string }>;
    const countOf = async (domain: string) => (await refusals()).find((row) => row.shop_domain === domain)?.count ?? 0;
    const before = await countOf(DOMAIN);
    const secretNote = { ...order(1005), note: 'gövdede kalmalı' };
    expect((await send('orders/create', secretNote, { secret: 'not-the-secret' })).status).toBe(401);
    expect((await send('orders/create', secretNote, { domain: 'sahte.myshopify.com' })).status).toBe(401);
    expect((await send('orders/updated', secretNote, { domain: 'SAHTE.myshopify.com' })).status).toBe(401);
    const rows = await refusals();
    expect(rows.find((row) => row.shop_domain === DOMAIN)).toMatchObject({ reason: 'badSignature', count: before + 1 });
    const foreign = rows.find((row) => row.shop_domain === 'sahte.myshopify.com');
    expect(foreign).toMatchObject({ reason: 'unknownShop', count: 2 });
    expect(Date.now() - Date.parse(foreign!.last_at)).toBeLessThan(60_000);
    // The latest first; nothing of what was sent.
    expect(rows[0].shop_domain).toBe('sahte.myshopify.com');
    expect(JSON.stringify(rows)).not.toContain('gövdede');
    // An admin's list only.
    expect((await t.call('GET', API.shopRefusedWebhooks, { token: buyer })).status).toBe(403);
  });

  test('unknown domains are kept up to a bound: a new one beyond it is counted nowhere, the kept ones and a known store count on', async () => {
    const unknown = async () => Number((await t.db.selectFrom('refused_webhooks').select((eb) => eb.fn.countAll().as('n')).where('reason', '=', 'unknownShop').executeTakeFirstOrThrow()).n);
    for (let i = 0; (await unknown()) < UNKNOWN_DOMAINS_KEPT; i++) await recordRefusal(t.db, `uydurma-${i}.example.com`, 'unknownShop');
    expect((await send('orders/create', order(1006), { domain: 'bir-fazla.myshopify.com' })).status).toBe(401);
    expect(await unknown()).toBe(UNKNOWN_DOMAINS_KEPT);
    expect(await t.db.selectFrom('refused_webhooks').select('count').where('shop_domain', '=', 'bir-fazla.myshopify.com').executeTakeFirst()).toBeUndefined();
    expect((await send('orders/create', order(1006), { domain: 'sahte.myshopify.com' })).status).toBe(401);
    expect(await t.db.selectFrom('refused_webhooks').select('count').where('shop_domain', '=', 'sahte.myshopify.com').executeTakeFirstOrThrow()).toEqual({ count: 3 });
    const known = await t.db.selectFrom('refused_webhooks').select('count').where('shop_domain', '=', DOMAIN).executeTakeFirstOrThrow();
    expect((await send('orders/create', order(1006), { secret: 'not-the-secret' })).status).toBe(401);
    expect(await t.db.selectFrom('refused_webhooks').select('count').where('shop_domain', '=', DOMAIN).executeTakeFirstOrThrow()).toEqual({ count: known.count + 1 });
  });

  test('a cancellation cancels the lines not completed, and nothing more is done to them', async () => {
    await send('orders/create', order(1005));
    const taken = await until(() => orderOf(1005));
    await settled();
    const [done] = await linesOf(taken.id);
    await t.db.updateTable('order_lines').set({ order_line_status_id: 5 }).where('id', '=', done.id).execute();
    await send('orders/cancelled', order(1005, { updated_at: '2026-11-24T11:00:00+03:00', cancelled_at: '2026-11-24T11:00:00+03:00', cancel_reason: 'customer' }));
    await settled();
    const lines = await linesOf(taken.id);
    expect(lines.map((l) => [l.order_line_status_id, l.canceled_at !== null, l.cancel_reason])).toEqual([
      [5, false, null],
      // The shop's code kept in words, as every reader sees it.
      [1, true, 'Mağazada müşteri vazgeçti'],
      [1, true, 'Mağazada müşteri vazgeçti'],
    ]);
    expect((await orderOf(1005))!.canceled_at).not.toBeNull();
    const events = await t.db.selectFrom('order_line_changes').select(['line_id', 'type']).where('order_id', '=', taken.id).where('type', '=', 'order_canceled').execute();
    expect(events.map((e) => e.line_id).sort()).toEqual([lines[1].id, lines[2].id].sort());
    // The audit log has each canceled line with the shop's reason, made by no user: the shop, through the system.
    const audited = await t.db.selectFrom('audit_log').select(['user_id', 'kind', 'entity_id', 'before', 'after']).where('kind', '=', 'line_cancel').where('entity_id', 'in', lines.map((l) => l.id)).orderBy('entity_id').execute();
    expect(audited).toEqual([lines[1], lines[2]].map((l) => ({ user_id: null, kind: 'line_cancel', entity_id: l.id, before: '{}', after: '{"reason":"Mağazada müşteri vazgeçti"}' })));
    // The workshop can no longer advance a canceled line.
    const master = (await t.login('magaza_usta', 'secret-pass')).token;
    const refused = await t.call('PATCH', `${V1}/workshop/me/orders/${lines[1].id}/next-step`, { token: master, body: {} });
    expect(refused).toMatchObject({ status: 409, body: { code: 'LINE_CANCELED' } });
  });

  test('the admin sees what arrived and names the product of a waiting item, whose lines then appear', async () => {
    const events = (await t.call('GET', API.shopEvents, { token: admin })).body.events as Array<{ topic: string; status: string; shop_name: string }>;
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.status === 'done' && e.shop_name === 'atolye-test')).toBe(true);
    expect(new Set(events.map((e) => e.topic))).toEqual(new Set(['orders/create', 'orders/updated', 'orders/cancelled']));

    const waiting = (await t.call('GET', API.shopPendingItems, { token: admin })).body.items as Array<{ id: number; order_number: string; sku: string }>;
    const item = waiting.find((i) => i.order_number === '#1001')!;
    expect(item).toMatchObject({ sku: 'BILINMEYEN', quantity: 1 });
    expect((await t.call('POST', API.shopPendingItemMatch(item.id), { token: admin, body: { product_id: 999_999 } })).status).toBe(400);
    const matched = await t.call('POST', API.shopPendingItemMatch(item.id), { token: admin, body: { product_id: necklace } });
    expect(matched).toMatchObject({ status: 200, body: { item: { lines: 1 }, message: 'Ürün eşleştirildi; 1 sipariş satırı oluşturuldu.' } });
    const taken = (await orderOf(1001))!;
    expect((await linesOf(taken.id)).map((l) => [l.product_id, l.shop_line_item_id])).toContainEqual([necklace, '10013']);
    expect((await t.call('POST', API.shopPendingItemMatch(item.id), { token: admin, body: { product_id: necklace } })).body.code).toBe('ITEM_ALREADY_MATCHED');
    expect((await t.call('GET', API.shopPendingItems, { token: admin })).body.items.some((i: { id: number }) => i.id === item.id)).toBe(false);
    // Only an admin.
    expect((await t.call('GET', API.shopPendingItems, { token: buyer })).status).toBe(403);
  });

  test('a webhook that fails is kept with its error, and is taken again by the worker after Yeniden dene', async () => {
    // An order body without its line items cannot be taken: the job fails visibly.
    await send('orders/create', { id: 1007, name: '#1007', created_at: '2026-11-24T09:00:00Z' }, { webhookId: 'broken' });
    const job = await until(() => t.db.selectFrom('jobs').selectAll().where('key', 'like', '%:broken').where('status', '=', 'waiting').where('last_error', 'is not', null).executeTakeFirst());
    expect(job.last_error).toMatch(/not a shop order/);
    expect((await t.call('POST', API.shopJobRetry(job.id), { token: admin })).body.code).toBe('JOB_NOT_FAILED');
    // A job that does not exist is not there to retry: 404, as the document declares, not 409.
    expect(await t.call('POST', API.shopJobRetry(2_000_000_000), { token: admin })).toMatchObject({ status: 404, body: { code: 'JOB_NOT_FOUND' } });
    await t.db.updateTable('jobs').set({ status: 'failed' }).where('id', '=', job.id).execute();
    expect(await t.call('POST', API.shopJobRetry(job.id), { token: admin })).toMatchObject({ status: 200, body: { job: { status: 'waiting' } } });
    await until(() => t.db.selectFrom('jobs').select('attempts').where('id', '=', job.id).where('attempts', '=', 1).where('status', '=', 'waiting').where('last_error', 'is not', null).executeTakeFirst());
  });

  test('a job left running by a process that died is taken again by the next worker', async () => {
    const at = new Date().toISOString();
    const store = await t.db.selectFrom('shop_connections').select('id').where('shop_domain', '=', DOMAIN).executeTakeFirstOrThrow();
    await t.db
      .insertInto('jobs')
      .values({
        kind: 'webhook',
        key: 'webhook:interrupted',
        connection_id: store.id,
        payload: JSON.stringify({ topic: 'orders/create', domain: DOMAIN, body: order(1006) }),
        status: 'running',
        attempts: 1,
        run_after: at,
        // SQLite: one process owns the file, so a restart takes every running job again. PostgreSQL:
        // other processes may be working, so a job is taken again once its lock has run out.
        locked_until: new Date(Date.now() + (database.name === 'sqlite' ? 3_600_000 : -1000)).toISOString(),
        created_at: at,
        updated_at: at,
      })
      .execute();
    // A second app on the same database is the restarted process.
    const restarted = await startTestApp(url);
    try {
      await restarted.app.ready();
      expect(await until(() => orderOf(1006))).toMatchObject({ order_number: '#1006' });
    } finally {
      await restarted.close();
    }
  });

  test('a store that uninstalls the app is marked so, and the office told once however often the store says it', async () => {
    for (let i = 0; i < 2; i++) expect((await send('app/uninstalled', { id: 1 })).status).toBe(200);
    // The restarted process above left a job of its own locked: these two are waited for by name.
    await until(async () => (await t.db.selectFrom('jobs').select('id').where('payload', 'like', '%app/uninstalled%').where('status', '=', 'done').execute()).length === 2);
    const told = await t.db.selectFrom('notifications').select(['kind', 'body']).where('kind', '=', 'store_uninstalled').execute();
    expect(told).toEqual([{ kind: 'store_uninstalled', body: 'atolye-test mağazası uygulamayı kaldırdı; siparişleri artık gelmiyor.' }]);
  });
});
