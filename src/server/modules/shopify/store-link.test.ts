import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { type ShopifyFake, startShopifyFake } from '../../../../test/shopify-fake';
import { API } from '../../../shared/api';
import { scheduleReconciliation } from './reconcile';
import { SUBSCRIBED_TOPICS } from './subscriptions';
import { until } from '../../../../test/until';

const V1 = '/api/v1';
const DOMAIN = 'atolye-demo.myshopify.com';
const PUBLIC_URL = 'http://127.0.0.1:3999';

jest.setTimeout(30_000);


describe.each(testDatabases())('a connected store on $name', (database) => {
  let fake: ShopifyFake;
  let t: TestApp;
  let admin: string;
  let variantId: number;

  beforeAll(async () => {
    fake = await startShopifyFake();
    const store = fake.addStore({ domain: DOMAIN, name: 'Atölye Demo', accessToken: 'shpat_demo' });
    variantId = store.addProduct({ title: 'İsim Kolye', variants: [{ sku: 'KOLYE-1', price: '1500.00' }] }).variants[0].id;
    // The worker looks for jobs often here: a subscription job is not woken by the route that stores it.
    t = await startTestApp(await database.create(), { SHOPIFY_API_BASE_URL: fake.url, PUBLIC_URL, SHOPIFY_JOB_POLL_MS: '50' });
    admin = (await t.login()).token;
    const user = await t.newUser('demo_alici');
    await t.call('POST', `${V1}/user/changeUserRoles`, { token: admin, body: [{ ID: user.user_id, Role: 5 }] });
    const details = { address: 'x', company_name: 'Demo Takı', tax_number: '1' };
    await t.call('POST', `${V1}/customers`, { token: admin, body: { ...details, name: 'Demo Takı', email: 'demo@example.com', phone: '1', credit: 0, user_id: user.user_id } });
    const at = new Date().toISOString();
    await t.db.insertInto('products').values({ title: 'İsim Kolye', shopify_product_id: '1', shopify_variant_id: String(variantId), price: 1500, user_id: user.user_id, created_at: at, updated_at: at }).execute();
    const connected = await t.call('POST', API.shop, { token: admin, body: { user_id: user.user_id, shop_name: 'atolye-demo', api_key: 'key', api_secret: 'secret', access_token: 'shpat_demo' } });
    expect(connected).toMatchObject({ status: 201, body: { shop: { shop_domain: DOMAIN } } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  test('connecting a store subscribes it to every topic the product acts on, at the product’s one webhook address', async () => {
    await until(() => t.db.selectFrom('jobs').select('id').where('kind', '=', 'subscribe').where('status', '=', 'done').executeTakeFirst());
    const subscriptions = fake.store(DOMAIN).webhookSubscriptions();
    expect(subscriptions.map((s) => s.topic).sort()).toEqual([...SUBSCRIBED_TOPICS].sort());
    expect(new Set(subscriptions.map((s) => s.uri))).toEqual(new Set([`${PUBLIC_URL}${API.shopifyWebhook}`]));
    // The admin reads them from the store, beside the store's state.
    const [store] = (await t.call('GET', API.shop, { token: admin })).body.shops;
    expect(store).toMatchObject({ shop_domain: DOMAIN, status: 'active' });
    const listed = await t.call('GET', API.shopSubscriptions(store.id), { token: admin });
    expect(listed.body.subscriptions.map((s: { topic: string }) => s.topic).sort()).toEqual([...SUBSCRIBED_TOPICS].sort());
    expect((await t.call('GET', API.shopSubscriptions(999_999), { token: admin })).status).toBe(404);
  });

  test('reconciliation takes an order whose webhook never came, and only once', async () => {
    const placed = fake.store(DOMAIN).addOrder({
      email: 'alici@example.com',
      note: 'Kutu olsun',
      shippingAddress: { firstName: 'Elif', lastName: 'Kaya', city: 'İzmir', zip: '35000', address1: 'Kordon 5' },
      lineItems: [{ variantId, quantity: 2, price: '1500.00', properties: { İsim: 'Deniz' } }],
    });
    // A period of its own (the app schedules the present one itself).
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    expect(await scheduleReconciliation(t.db, later(20))).toBe(1);
    const order = await until(() => t.db.selectFrom('orders').selectAll().where('shop_order_id', '=', String(placed.id)).executeTakeFirst());
    expect(order).toMatchObject({ order_number: placed.name, first_name: 'Elif', city: 'İzmir', notes: 'Kutu olsun', source: 'shopify' });
    const lines = await t.db.selectFrom('order_lines').select(['customization_option', 'total_price']).where('order_id', '=', order.id).execute();
    expect(lines.map((l) => [l.customization_option, Number(l.total_price)])).toEqual([
      ['Deniz', 1500],
      ['Deniz', 1500],
    ]);
    // The same period again stores nothing; a later one asks again and finds nothing new to add.
    expect(await scheduleReconciliation(t.db, later(20))).toBe(0);
    expect(await scheduleReconciliation(t.db, later(40))).toBe(1);
    await until(async () => (await t.db.selectFrom('jobs').select('id').where('kind', '=', 'reconcile').where('status', '!=', 'done').execute()).length === 0);
    expect(await t.db.selectFrom('order_lines').select('id').where('order_id', '=', order.id).execute()).toHaveLength(2);
  });

  test('a shop order’s packed pieces handed to the carrier are fulfilled in the shop with the tracking number', async () => {
    const placed = fake.store(DOMAIN).addOrder({ lineItems: [{ variantId, quantity: 2, price: '1500.00' }] });
    expect(await scheduleReconciliation(t.db, new Date(Date.now() + 60 * 60_000))).toBe(1);
    const order = await until(() => t.db.selectFrom('orders').select('id').where('shop_order_id', '=', String(placed.id)).executeTakeFirst());
    const lines = await t.db.selectFrom('order_lines').select('id').where('order_id', '=', order.id).orderBy('id').execute();
    // Not packed yet: refused, nothing sent.
    expect((await t.call('PUT', API.shipment(lines[0].id), { token: admin, body: { shipment_tracking_number: 'YK123' } })).body.code).toBe('LINE_NOT_PACKED');
    await t.db.updateTable('order_lines').set({ order_line_status_id: 5, packing_status_id: 2, product_gram: 4 }).where('order_id', '=', order.id).execute();
    expect((await t.call('PUT', API.shipment(lines[0].id), { token: admin, body: { shipment_tracking_number: ' ' } })).status).toBe(400);
    const shipped = await t.call('PUT', API.shipment(lines[0].id), { token: admin, body: { shipment_tracking_number: 'YK123' } });
    expect(shipped).toMatchObject({ status: 200, body: { order: { packing_status_id: 3, shipment_tracking_number: 'YK123' }, message: 'Kargoya verildi: 2 parça, takip numarası YK123.' } });
    const both = await t.db.selectFrom('order_lines').select(['packing_status_id', 'shipment_tracking_number']).where('order_id', '=', order.id).execute();
    expect(both).toEqual([
      { packing_status_id: 3, shipment_tracking_number: 'YK123' },
      { packing_status_id: 3, shipment_tracking_number: 'YK123' },
    ]);
    const [fulfilled] = await until(async () => {
      const found = fake.store(DOMAIN).fulfillments().filter((f) => f.orderId === placed.id);
      return found.length > 0 && found;
    });
    expect(fulfilled).toMatchObject({ trackingNumber: 'YK123', notifyCustomer: true });
    await until(() => t.db.selectFrom('jobs').select('id').where('kind', '=', 'fulfil').where('status', '=', 'done').executeTakeFirst());
    // Shipped once: a second hand-over is refused.
    expect((await t.call('PUT', API.shipment(lines[1].id), { token: admin, body: { shipment_tracking_number: 'YK124' } })).body.code).toBe('LINE_NOT_PACKED');
  });
});
