/*
 * The admin's 'Mağazalar' tab against a store of the local Shopify-protocol server: the connection is
 * tested, the store's webhook subscriptions are read, an order whose item the catalogue does not know
 * arrives signed, is taken, and its item is matched to a product in the screen.
 */
import type { Browser } from 'playwright-core';
import { type ShopifyFake, sendWebhook, startShopifyFake, webhookPayload } from '../test/shopify-fake';
import { API } from '../src/shared/api';
import { ADMIN, apiCall, apiToken, launchBrowser, login, type RunningServer, startServer, userWithRole, watchErrors } from './harness';

jest.setTimeout(90_000);

const DOMAIN = 'atolye-demo.myshopify.com';
const API_SECRET = 'demo-api-secret';

let fake: ShopifyFake;
let server: RunningServer;
let browser: Browser;
let admin: string;
let productId: number;
let variantId: number;

interface Event {
  kind: string;
  topic: string | null;
  status: string;
  last_error: string | null;
}

/** Reads the store jobs until one `matches` and is done; a failed one ends the wait with its error. */
async function jobDone(matches: (event: Event) => boolean): Promise<void> {
  for (;;) {
    const { events }: { events: Event[] } = await apiCall(server.url, 'GET', API.shopEvents, admin);
    const found = events.find(matches);
    if (found?.status === 'done') return;
    if (found?.status === 'failed') throw new Error(`the job failed: ${found.last_error}`);
  }
}

/*
 * withBrowserServer() starts the server with the harness's fixed environment, whose store address is a
 * closed port; this file starts its own with the fake's address instead. Jobs are looked for often
 * here because the subscription job is not woken by the route that stores it.
 */
beforeAll(async () => {
  fake = await startShopifyFake();
  const store = fake.addStore({ domain: DOMAIN, name: 'Atölye Demo', accessToken: 'shpat_demo' });
  variantId = store.addProduct({ title: 'Harf Kolye', variants: [{ sku: 'HARF-A', price: '1750.00' }] }).variants[0].id;
  server = await startServer({ SHOPIFY_API_BASE_URL: fake.url, SHOPIFY_JOB_POLL_MS: '50' });
  browser = await launchBrowser();

  admin = await apiToken(server.url);
  const buyer = await userWithRole(server.url, admin, 'demo_alici', 5);
  const customer = { name: 'Demo Takı', email: 'demo@example.com', phone: '1', address: 'x', company_name: 'Demo Ltd', credit: 0, tax_number: '1', user_id: buyer };
  await apiCall(server.url, 'POST', API.customers, admin, customer);
  productId = (await apiCall(server.url, 'POST', API.products, admin, { title: 'Altın Harf Kolye', price: 1750 })).product.id;
  await apiCall(server.url, 'POST', API.shop, admin, { user_id: buyer, shop_name: 'atolye-demo', api_key: 'demo-key', api_secret: API_SECRET, access_token: 'shpat_demo' });
  await jobDone((event) => event.kind === 'subscribe');
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.stop();
});

test('the admin tests a store, reads its subscriptions, sees a signed order taken and matches its unknown item', async () => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await login(page, server.url, ADMIN.username, ADMIN.password);
  await page.getByRole('tab', { name: 'Sistem Ayarları' }).click();
  await page.getByRole('tab', { name: 'Mağazalar' }).click();

  const stores = page.getByRole('table', { name: 'Bağlı mağazalar' });
  const store = stores.getByRole('row').filter({ hasText: DOMAIN });
  await store.getByRole('cell', { name: 'Demo Takı', exact: true }).waitFor();
  await store.getByRole('cell', { name: 'Etkin', exact: true }).waitFor();

  await store.getByRole('button', { name: 'Bağlantıyı test et' }).click();
  await store.getByText('Bağlantı başarılı: Atölye Demo').waitFor();

  await store.getByRole('button', { name: 'Webhook aboneliklerini göster' }).click();
  await page.getByRole('term').filter({ hasText: 'ORDERS_CREATE' }).waitFor();
  await page.getByRole('definition').filter({ hasText: API.shopifyWebhook }).first().waitFor();
  // The store's catalogue can be synced from here (not now: this order's item must stay unknown).
  await store.getByRole('button', { name: 'Kataloğu senkronize et' }).waitFor();

  // The store's variant was never synced here: the catalogue does not know it.
  const order = fake.store(DOMAIN).addOrder({ email: 'alici@example.com', shippingAddress: { firstName: 'Elif', city: 'İzmir' }, lineItems: [{ variantId, quantity: 1, price: '1750.00' }] });
  const sent = await sendWebhook({ url: `${server.url}${API.shopifyWebhook}`, domain: DOMAIN, topic: 'orders/create', payload: webhookPayload(DOMAIN, 'orders/create', order), secret: API_SECRET });
  expect(sent.status).toBe(200);
  await jobDone((event) => event.topic === 'orders/create');

  await page.getByRole('button', { name: 'Olayları yenile' }).click();
  const events = page.getByRole('table', { name: 'Son gelen olaylar' });
  await events.getByRole('row').filter({ hasText: 'orders/create' }).getByRole('cell', { name: 'Tamamlandı', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Bekleyenleri yenile' }).click();
  const pending = page.getByRole('table', { name: 'Eşleşme bekleyen ürünler' });
  const item = pending.getByRole('row').filter({ hasText: order.name });
  await item.getByRole('cell', { name: 'HARF-A', exact: true }).waitFor();
  await item.getByRole('cell', { name: String(variantId), exact: true }).waitFor();

  // Typed as a keyboard user picks it from the suggestions, and sent with Enter.
  const chooser = page.getByLabel('Harf Kolye için ürün');
  await chooser.fill(`#${productId} Altın Harf Kolye`);
  await chooser.press('Enter');
  await page.getByText('Ürün eşleştirildi; 1 sipariş satırı oluşturuldu.').waitFor();
  await page.getByText('Eşleşme bekleyen ürün yok.').waitFor();
  await expect(pending.count()).resolves.toBe(0);

  // At 1024 px the page itself never scrolls sideways; wide tables scroll in their own box.
  await expect(page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).resolves.toBe(true);
  const lines = (await apiCall(server.url, 'GET', '/api/v1/orders', admin)).orders.filter((line: { order_number: string }) => line.order_number === order.name);
  expect(lines.map((line: { product_id: number }) => line.product_id)).toEqual([productId]);
  expect(errors).toEqual([]);
  await context.close();
});

test("a refused webhook leaves its trace in 'Mağazalar': why, how many and when, per sending domain", async () => {
  const order = fake.store(DOMAIN).addOrder({ email: 'alici@example.com', lineItems: [{ variantId, quantity: 1, price: '1750.00' }] });
  const refused = (domain: string, secret: string) =>
    sendWebhook({ url: `${server.url}${API.shopifyWebhook}`, domain, topic: 'orders/create', payload: webhookPayload(DOMAIN, 'orders/create', order), secret });
  for (let i = 0; i < 2; i++) expect((await refused('bilinmeyen.myshopify.com', API_SECRET)).status).toBe(401);
  expect((await refused(DOMAIN, 'wrong-secret')).status).toBe(401);

  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await login(page, server.url, ADMIN.username, ADMIN.password);
  await page.getByRole('tab', { name: 'Sistem Ayarları' }).click();
  await page.getByRole('tab', { name: 'Mağazalar' }).click();
  const refusals = page.getByRole('table', { name: "Reddedilen webhook'lar" });
  const unknown = refusals.getByRole('row').filter({ hasText: 'bilinmeyen.myshopify.com' });
  await unknown.getByRole('cell', { name: 'Tanınmayan mağaza', exact: true }).waitFor();
  await unknown.getByRole('cell', { name: '2', exact: true }).waitFor();
  await expect(unknown.getByRole('cell').last().textContent()).resolves.toMatch(/\d{4} \d{2}:\d{2}$/);
  const known = refusals.getByRole('row').filter({ hasText: DOMAIN });
  await known.getByRole('cell', { name: 'İmza tutmadı', exact: true }).waitFor();
  await known.getByRole('cell', { name: '1', exact: true }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
