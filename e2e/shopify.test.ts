/*
 * The Shopify link as its users meet it, against a store of the local Shopify-protocol server: the
 * admin connects the customer's store, syncs its catalogue and watches it come in; a buyer orders a
 * personalised piece on the shop, and the piece is on the admin's grid and on its workshop's tablet
 * without a reload; Shopify's second (and fifth) delivery of the webhook adds nothing; a forged one
 * is refused and stores nothing.
 */
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { type FakeOrder, type ShopifyFake, sendWebhook, startShopifyFake, webhookPayload } from '../test/shopify-fake';
import { API } from '../src/shared/api';
import { selectedDatabaseNames } from '../test/databases';
import { startCluster, type TestCluster } from '../test/postgres';
import { ADMIN, apiCall, apiToken, launchBrowser, login, revealGridColumn, type RunningServer, startServer, userWithRole, watchErrors } from './harness';

jest.setTimeout(120_000);

const DOMAIN = 'isim-atolye.myshopify.com';
const API_SECRET = 'isim-atolye-api-secret';
const WEBHOOK_SECRET = 'isim-atolye-webhook-secret';
/** How long a change may take to reach another screen. */
const WITHIN = { timeout: 5_000 };

describe.each(selectedDatabaseNames())('the Shopify link on %s', (database) => {
  let cluster: TestCluster | undefined;
  let fake: ShopifyFake;
  let server: RunningServer;
  let browser: Browser;
  let admin: string;
  let workshopId: number;
  let order: FakeOrder;
  const errors: string[] = [];

  const deliver = (webhookId: string, options: { badHmac?: boolean } = {}) =>
    sendWebhook({ url: `${server.url}${API.shopifyWebhook}`, domain: DOMAIN, topic: 'orders/create', payload: webhookPayload(DOMAIN, 'orders/create', order), secret: WEBHOOK_SECRET, webhookId, ...options });

  async function page(username: string, password: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const opened = await context.newPage();
    errors.push(...watchErrors(opened));
    await login(opened, server.url, username, password);
    return opened;
  }

  beforeAll(async () => {
    let databaseUrl: Record<string, string> = {};
    if (database === 'postgres') {
      cluster = await startCluster();
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      await client.query('create database shopify_e2e');
      await client.end();
      databaseUrl = { DATABASE_URL: cluster.url.replace(/\/postgres$/, '/shopify_e2e') };
    }
    fake = await startShopifyFake();
    const store = fake.addStore({ domain: DOMAIN, name: 'İsim Atölye', accessToken: 'shpat_isim' });
    // Its photo is served by the local server, as Shopify's CDN serves a real shop's.
    store.addProduct({ title: 'İsim Kolye', imageUrl: `${fake.url}/cdn/products/isim-kolye.png`, variants: [{ sku: 'ISIM-ALTIN', price: '2400.00', options: { Malzeme: 'Altın', Ayar: '14' } }] });
    store.addProduct({ title: 'Harf Bileklik', variants: [{ sku: 'HARF-GUMUS', price: '900.00', options: { Malzeme: 'Gümüş' } }] });
    // Jobs are looked for often: the subscription job is not woken by the route that stores it.
    server = await startServer({ SHOPIFY_API_BASE_URL: fake.url, SHOPIFY_JOB_POLL_MS: '50', ...databaseUrl });
    browser = await launchBrowser();
    admin = await apiToken(server.url);
    const master = await userWithRole(server.url, admin, 'isim_usta', 3);
    const details = { address: 'x', company_name: 'İsim Takı', tax_number: '1' };
    workshopId = (await apiCall(server.url, 'POST', API.workshops, admin, { ...details, name: 'İsim Ustası', code: 'IU', phone_number: '1', user_id: master })).workshop.id;
    const buyer = await userWithRole(server.url, admin, 'isim_magaza', 5);
    await apiCall(server.url, 'POST', API.customers, admin, { ...details, name: 'İsim Takı', email: 'isim@example.com', phone: '1', credit: 0, user_id: buyer });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.stop();
    await cluster?.stop();
  });

  test('a connected store’s catalogue syncs in, and its personalised order reaches the grid and the tablet once', async () => {
    // The admin connects the customer's store on the users screen.
    const office = await page(ADMIN.username, ADMIN.password);
    await office.goto(`${server.url}/admin/users`);
    await office.getByRole('button', { name: 'Mağaza Ekle' }).click();
    const form = office.getByRole('dialog', { name: 'Mağaza Ekle' });
    await form.getByLabel('Müşteri').selectOption({ label: 'İsim Takı - İsim Takı' });
    await form.getByLabel('Mağaza Adı').fill('isim-atolye');
    await form.getByLabel('API Anahtarı').fill('isim-client-id');
    await form.getByLabel('API Gizli Anahtarı').fill(API_SECRET);
    await form.getByLabel('Erişim Anahtarı').fill('shpat_isim');
    // The store's webhooks sign with a secret of their own: given in the same form, one record.
    await form.getByLabel('Webhook Gizli Anahtarı').fill(WEBHOOK_SECRET);
    await form.getByRole('button', { name: 'Kaydet' }).click();
    // The form closes once the store is saved.
    await form.waitFor({ state: 'detached' });
    expect((await apiCall(server.url, 'GET', API.shop, admin)).shops).toMatchObject([{ shop_domain: DOMAIN, status: 'active' }]);
    // Connecting asked the store for its webhook subscriptions: done before the shop is made slow below.
    for (;;) {
      const { events } = await apiCall(server.url, 'GET', API.shopEvents, admin);
      if (events.some((event: { kind: string; status: string }) => event.kind === 'subscribe' && event.status === 'done')) break;
    }

    // The admin syncs the catalogue and watches it come in (the shop answers slowly for a moment).
    fake.store(DOMAIN).failNext({ kind: 'slow', delayMs: 2000, times: 2 });
    await office.goto(`${server.url}/admin/product-catalog`);
    await office.getByRole('button', { name: 'Ürünleri Senkronize Et' }).click();
    await office.getByRole('progressbar', { name: 'isim-atolye senkronizasyonu' }).waitFor();
    const syncs = office.getByRole('list', { name: 'Mağaza senkronizasyonları' });
    await syncs.getByText(/Eklenen 2, güncellenen 0, değişmeyen 0, hatalı 0/).waitFor({ timeout: 30_000 });
    await syncs.getByText(/Son senkronizasyon:/).waitFor();
    await office.getByRole('cell', { name: 'İsim Kolye' }).first().waitFor();
    // The synced photo loads under the page's security policy.
    const photo = office.getByRole('img', { name: 'İsim Kolye' }).first();
    await photo.scrollIntoViewIfNeeded();
    await photo.evaluate((img: HTMLImageElement) => (img.complete ? undefined : new Promise((settled) => ['load', 'error'].forEach((event) => img.addEventListener(event, settled, { once: true })))));
    await expect(photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBeGreaterThan(0);
    const { products } = await apiCall(server.url, 'GET', API.products, admin);
    const necklace = products.find((p: { sku: string }) => p.sku === 'ISIM-ALTIN');
    await apiCall(server.url, 'PUT', API.productWorkshop(necklace.id), admin, { workshop_id: workshopId });

    // The workshop's tablet and the admin's grid are open when the buyer orders.
    const tablet = await page('isim_usta', 'secret-1');
    await tablet.goto(`${server.url}/workshop/orders`);
    await tablet.locator('[data-live-state="connected"]').waitFor();
    await office.goto(`${server.url}/admin/orders`);
    await office.locator('[data-live-state="connected"]').waitFor();

    order = fake.store(DOMAIN).addOrder({
      email: 'alici@example.com',
      shippingAddress: { firstName: 'Elif', lastName: 'Yıldız', city: 'Ankara', zip: '06000', address1: 'Kızılay 3' },
      lineItems: [{ variantId: Number(necklace.shopify_variant_id), quantity: 1, price: '2400.00', properties: { İsim: 'Elif', 'Yazı Tipi': 'Script' } }],
    });
    expect((await deliver('delivery-1')).status).toBe(200);

    await tablet.getByRole('row', { name: new RegExp(order.name) }).waitFor(WITHIN);
    await revealGridColumn(office, 'customization_option');
    await office.getByRole('gridcell', { name: 'Elif', exact: true }).waitFor(WITHIN);

    // Shopify delivers the same webhook again, four times; a forger sends one without the secret.
    for (let i = 0; i < 4; i++) expect((await deliver('delivery-1')).status).toBe(200);
    expect((await deliver('forged-1', { badHmac: true })).status).toBe(401);
    const events = (await apiCall(server.url, 'GET', API.shopEvents, admin)).events.filter((e: { topic: string | null }) => e.topic === 'orders/create');
    expect(events).toHaveLength(1);
    const lines = (await apiCall(server.url, 'GET', API.orders, admin)).orders.filter((l: { order_number: string }) => l.order_number === order.name);
    expect(lines.map((l: { customization_option: string; font: string; workshop_id: number }) => [l.customization_option, l.font, l.workshop_id])).toEqual([['Elif', 'Script', workshopId]]);
    expect(errors).toEqual([]);
  });
});
