import { createHmac } from 'node:crypto';
import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { type FakeStore, type ShopifyFake, startShopifyFake } from '../../../../test/shopify-fake';
import { until } from '../../../../test/until';
import { API, type CatalogueSyncDto } from '../../../shared/api';
import { DEFAULT_OPTION_NAMES } from '../../../shared/schemas/catalogue';
import { takeBarcodes } from '../orders/barcodes';
import { catalogueSyncs, type SyncTarget } from './catalogue-syncs';
import { shopifyClients } from './client';

const V1 = '/api/v1';

// Syncs and jobs on a busy machine: a bound on the states waited for, not a pause.
jest.setTimeout(60_000);
/** Test stores refill at once, so no test waits for points; the page sizes still follow the bucket. */
const ENDLESS = { maximumAvailable: 1000, restoreRate: 1_000_000 };

describe.each(testDatabases())('catalogue sync from the shop on $name', (database) => {
  let t: TestApp;
  let fake: ShopifyFake;
  let admin: string;
  let buyerUser: number;
  let otherUser: number;
  let stores = 0;

  beforeAll(async () => {
    fake = await startShopifyFake();
    t = await startTestApp(await database.create(), { SHOPIFY_API_BASE_URL: fake.url });
    admin = (await t.login()).token;
    for (const name of ['katalog_alici', 'katalog_baska']) {
      const user = await t.newUser(name);
      await t.call('POST', `${V1}/user/changeUserRoles`, { token: admin, body: [{ ID: user.user_id, Role: 5 }] });
      const customer = { name, email: `${name}@example.com`, phone: '1', address: 'x', company_name: name, credit: 0, tax_number: '1', user_id: user.user_id };
      expect((await t.call('POST', `${V1}/customers`, { token: admin, body: customer })).status).toBe(201);
      if (name === 'katalog_alici') buyerUser = user.user_id;
      else otherUser = user.user_id;
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  /** A new shop and its store connection for the buyer; its webhooks are signed with the connection's api_secret. */
  async function connectStore(bucket = ENDLESS, currencyCode?: string): Promise<{ store: FakeStore; id: number; secret: string }> {
    stores++;
    const domain = `katalog-${database.name}-${stores}.myshopify.com`;
    const store = fake.addStore({ domain, bucket, currencyCode });
    const secret = `api-secret-${stores}`;
    const body = { user_id: buyerUser, shop_name: domain, api_key: 'key', api_secret: secret, access_token: store.accessToken };
    const connected = await t.call('POST', API.shop, { token: admin, body });
    expect(connected.status).toBe(201);
    const id: number = connected.body.shop.id;
    // Connecting asks the store for its webhook subscriptions (a job): done before the sync spends the
    // same bucket, so the sync's calls are the store's only ones.
    await until(() => t.db.selectFrom('jobs').select('id').where('key', '=', `subscribe:${id}`).where('status', 'in', ['done', 'failed']).executeTakeFirst());
    return { store, id, secret };
  }

  const latest = async (id: number): Promise<CatalogueSyncDto | undefined> =>
    ((await t.call('GET', API.catalogueSyncs, { token: admin })).body.syncs as CatalogueSyncDto[]).find((sync) => sync.connection_id === id);
  const finished = (id: number) => until(async () => ((await latest(id))?.status === 'running' ? null : latest(id)));
  async function sync(id: number): Promise<CatalogueSyncDto> {
    const started = await t.call('POST', API.catalogueSync, { token: admin, body: { shop_id: id } });
    expect(started).toMatchObject({ status: 200, body: { syncs: [{ connection_id: id }] } });
    return (await finished(id))!;
  }
  const productsOf = (shopProductId: number) =>
    t.db.selectFrom('products').selectAll().where('shopify_product_id', '=', String(shopProductId)).orderBy('shopify_variant_id').execute();
  const valueName = async (id: number | null) =>
    id === null ? null : (await t.db.selectFrom('product_option_values').select('value_name').where('id', '=', id).executeTakeFirstOrThrow()).value_name;
  const noThrottles = (store: FakeStore) => expect(store.calls().filter((call) => call.throttled || call.status !== 200)).toEqual([]);

  let deliveries = 0;
  /** A signed webhook to the store's connection; returns once its job is done. */
  async function sendWebhook(store: FakeStore, secret: string, topic: string, body: unknown): Promise<void> {
    const raw = Buffer.from(JSON.stringify(body));
    const delivery = `katalog-${database.name}-${++deliveries}`;
    const answer = await t.app.inject({
      method: 'POST',
      url: API.shopifyWebhook,
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-shop-domain': store.domain,
        'x-shopify-webhook-id': delivery,
        'x-shopify-hmac-sha256': createHmac('sha256', secret).update(raw).digest('base64'),
      },
      payload: raw,
    });
    expect(answer.statusCode).toBe(200);
    const job = t.db.selectFrom('jobs').select(['status', 'last_error']).where('key', 'like', `%:${delivery}`);
    expect(await until(() => job.where((eb) => eb.or([eb('status', '=', 'done'), eb('last_error', 'is not', null)])).executeTakeFirst())).toEqual({ status: 'done', last_error: null });
  }

  test('a sync adds a product per variant, the options mapped and new values added; the next sync finds them unchanged', async () => {
    const { store, id } = await connectStore();
    const necklace = store.addProduct({
      title: 'İsim Kolye',
      vendor: 'Atölye',
      imageUrl: 'https://cdn.example.com/kolye.png',
      variants: [
        { sku: 'KLY-ALT-45', price: '2450.00', options: { Malzeme: 'Altın', 'Zincir Uzunluğu': '45 cm', Renk: 'Sarı' } },
        { sku: 'KLY-GUM-40', price: '1250.50', options: { Malzeme: 'Gümüş', 'Zincir Uzunluğu': '40 cm', Renk: 'Beyaz' } },
      ],
    });
    // English option names and a value in another case than one already known.
    const ring = store.addProduct({ title: 'Tektaş Yüzük', variants: [{ sku: 'YZK-1', price: '5400.00', options: { MATERIAL: 'ALTIN', Karat: '14', Size: '12' } }] });
    const plain = store.addProduct({ title: 'Zincir Halhal', variants: [{ sku: 'HLH-1', price: '1450.00' }] });

    const started = await t.call('POST', API.catalogueSync, { token: admin, body: { shop_id: id } });
    expect(started.body.syncs).toEqual([expect.objectContaining({ connection_id: id, total: 4, error: null })]);
    expect(['running', 'done']).toContain(started.body.syncs[0].status);
    const done = (await finished(id))!;
    expect(done).toMatchObject({ status: 'done', total: 4, done: 4, added: 4, updated: 0, unchanged: 0, failed: 0, removed: 0, error: null, shop_name: store.domain });
    expect(done.finished_at).not.toBeNull();

    const [gold, silver] = await productsOf(necklace.id);
    expect(gold).toMatchObject({
      title: 'İsim Kolye - Altın / 45 cm / Sarı',
      picture_url: 'https://cdn.example.com/kolye.png',
      price: 2450,
      sku: 'KLY-ALT-45',
      vendor: 'Atölye',
      shopify_variant_id: String(necklace.variants[0].id),
      user_id: buyerUser,
      shop_connection_id: id,
      shop_removed_at: null,
      size_id: null,
      karat_id: null,
    });
    expect([await valueName(gold.material_id), await valueName(gold.chain_length_id), await valueName(gold.color_id)]).toEqual(['Altın', '45 cm', 'Sarı']);
    expect(silver.price).toBe(1250.5);
    const [ringProduct] = await productsOf(ring.id);
    expect(ringProduct.title).toBe('Tektaş Yüzük - ALTIN / 14 / 12');
    // 'ALTIN' is the material value 'Altın' already added, not a second one.
    expect(ringProduct.material_id).toBe(gold.material_id);
    expect([await valueName(ringProduct.karat_id), await valueName(ringProduct.size_id)]).toEqual(['14', '12']);
    const [plainProduct] = await productsOf(plain.id);
    expect(plainProduct).toMatchObject({ title: 'Zincir Halhal', material_id: null, color_id: null });
    const values = await t.db.selectFrom('product_option_values').select(['option_id', 'value_name']).orderBy('id').execute();
    expect(values.filter((value) => value.value_name.toLocaleLowerCase('tr') === 'altın')).toEqual([{ option_id: 1, value_name: 'Altın' }]);

    expect(await sync(id)).toMatchObject({ status: 'done', total: 4, done: 4, added: 0, updated: 0, unchanged: 4, failed: 0, removed: 0 });
    expect(await t.db.selectFrom('products').select('id').where('shop_connection_id', '=', id).execute()).toHaveLength(4);
    noThrottles(store);
  });

  test("a change in the shop updates only the shop's fields: workmanship rate, days, our product id, workshop and routing stay", async () => {
    const { store, id } = await connectStore();
    const product = store.addProduct({ title: 'Harf Kolye', variants: [{ sku: 'HRF-1', price: '2250.00', options: { Malzeme: 'Altın' } }, { sku: 'HRF-2', price: '2300.00', options: { Malzeme: 'Gümüş' } }] });
    await sync(id);
    const [first] = await productsOf(product.id);
    const master = await t.newUser('katalog_usta');
    const details = { address: 'x', company_name: 'Usta', tax_number: '1', phone_number: '1', code: 'K' };
    await t.call('POST', `${V1}/user/changeUserRoles`, { token: admin, body: [{ ID: master.user_id, Role: 3 }] });
    const workshop = (await t.call('POST', `${V1}/workshops`, { token: admin, body: { ...details, name: 'Katalog Atölyesi', user_id: master.user_id } })).body.workshop.id;
    const step = (await t.call('POST', `${V1}/production-steps`, { token: admin, body: { step_name: 'Döküm' } })).body.production_step.id;
    const local = { workmanship_rate: 12.5, production_expected_days: 9, our_product_id: 'OUR-1', workshop_id: workshop, expected_weight: 3.2 };
    await t.db.updateTable('products').set(local).where('id', '=', first.id).execute();
    expect((await t.call('POST', `${V1}/product-production-steps/bulk`, { token: admin, body: { product_id: first.id, steps: [{ step_id: step, position_in_process: 1 }] } })).status).toBeLessThan(300);

    store.updateProduct(product.id, { title: 'Harf Kolye Yeni', variants: [{ price: '2500.00' }] });
    expect(await sync(id)).toMatchObject({ added: 0, updated: 2, unchanged: 0, failed: 0 });
    const [changed, other] = await productsOf(product.id);
    expect(changed).toMatchObject({ ...local, id: first.id, title: 'Harf Kolye Yeni - Altın', price: 2500 });
    expect(other).toMatchObject({ title: 'Harf Kolye Yeni - Gümüş', price: 2300, workmanship_rate: null, our_product_id: null });
    const routing = await t.db.selectFrom('product_production_steps').select('step_id').where('product_id', '=', first.id).execute();
    expect(routing).toEqual([{ step_id: step }]);
  });

  test('a variant gone from the shop is marked, not deleted, with its order lines', async () => {
    const { store, id } = await connectStore();
    const product = store.addProduct({ title: 'Plaka Kolye', variants: [{ sku: 'PLK-1', options: { Renk: 'Rose' } }, { sku: 'PLK-2', options: { Renk: 'Sarı' } }] });
    const gone = store.addProduct({ title: 'Kalp Kolye', variants: [{ sku: 'KLP-1' }] });
    await sync(id);
    const [, second] = await productsOf(product.id);
    const customer = await t.db.selectFrom('customers').select('id').where('user_id', '=', buyerUser).executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const order = await t.db.insertInto('orders').values({ order_number: 'K-1', customer_id: customer.id, source: 'manual', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    const line = await t.db.insertInto('order_lines').values({ order_id: order.id, product_id: second.id, barcode: (await takeBarcodes(t.db, 1))[0], created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();

    store.updateProduct(product.id, { removeVariantIds: [product.variants[1].id] });
    store.deleteProduct(gone.id);
    expect(await sync(id)).toMatchObject({ status: 'done', total: 1, done: 1, unchanged: 1, removed: 2 });
    const rows = [...(await productsOf(product.id)), ...(await productsOf(gone.id))];
    expect(rows.map((row) => [row.sku, row.shop_removed_at !== null])).toEqual([
      ['PLK-1', false],
      ['PLK-2', true],
      ['KLP-1', true],
    ]);
    expect(await t.db.selectFrom('order_lines').select('product_id').where('id', '=', line.id).executeTakeFirst()).toEqual({ product_id: second.id });
  });

  test("existing products are found by SKU among the store's customer's own products, never by title", async () => {
    const { store, id } = await connectStore();
    const at = new Date().toISOString();
    const insert = (fields: Record<string, unknown>) =>
      t.db.insertInto('products').values({ title: 'x', created_at: at, updated_at: at, ...fields }).returning('id').executeTakeFirstOrThrow();
    const own = await insert({ title: 'Eski Ad', sku: 'SKU-OWN', user_id: buyerUser, workmanship_rate: 30 });
    const foreign = await insert({ title: 'Başkasının', sku: 'SKU-FOREIGN', user_id: otherUser });
    const sameTitle = await insert({ title: 'Koordinat Bileklik', user_id: buyerUser });
    const product = store.addProduct({ title: 'Nazar Bileklik', variants: [{ sku: 'SKU-OWN', options: { Beden: 'S' } }, { sku: 'SKU-FOREIGN', options: { Beden: 'M' } }] });
    store.addProduct({ title: 'Koordinat Bileklik', variants: [{ sku: null }] });

    expect(await sync(id)).toMatchObject({ added: 2, updated: 1, failed: 0 });
    const byId = async (productId: number) => t.db.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
    expect(await byId(own.id)).toMatchObject({ title: 'Nazar Bileklik - S', shopify_variant_id: String(product.variants[0].id), workmanship_rate: 30 });
    expect(await byId(foreign.id)).toMatchObject({ title: 'Başkasının', shopify_variant_id: null, user_id: otherUser });
    expect(await byId(sameTitle.id)).toMatchObject({ shopify_variant_id: null });
    expect(await t.db.selectFrom('products').select('id').where('title', '=', 'Koordinat Bileklik').execute()).toHaveLength(2);
  });

  test('a variant the database cannot hold fails alone; the rest of the sync goes on', async () => {
    const { store, id } = await connectStore();
    store.addProduct({ title: 'Taşlı Yüzük', variants: [{ sku: 'T'.repeat(150) }, { sku: 'TSL-2', options: { Renk: 'R'.repeat(150) } }, { sku: 'TSL-3' }] });
    expect(await sync(id)).toMatchObject({ status: 'done', total: 3, done: 3, added: 1, failed: 2 });
  });

  test('a second sync of a store while one runs answers 409; the progress is readable meanwhile', async () => {
    // A bucket of 200 points makes pages of 18 products (one variant each costs 3, a product 5).
    const { store, id } = await connectStore({ maximumAvailable: 200, restoreRate: 1_000_000 });
    const row = await t.db.selectFrom('shop_connections').select(['id', 'user_id']).where('id', '=', id).executeTakeFirstOrThrow();
    for (let n = 1; n <= 30; n++) store.addProduct({ title: `Künye ${n}`, variants: [{ sku: `KNY-${n}-A` }, { sku: `KNY-${n}-B` }] });
    // The second page waits until the test lets it go.
    let reached!: () => void;
    const atSecondPage = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let pages = 0;
    const gated: typeof fetch = async (input, init) => {
      if (String(init?.body ?? '').includes('CataloguePage') && ++pages === 2) {
        reached();
        await gate;
      }
      return fetch(input, init);
    };
    const client = shopifyClients(t.config.shopify, { fetch: gated }).forStore({ domain: store.domain, accessToken: store.accessToken, clientId: 'key', clientSecret: 'x' });
    const runner = catalogueSyncs({ db: t.db, dialect: database.name, log: { error: () => undefined, warn: () => undefined } });
    const target: SyncTarget = { ...row, client };
    try {
      const [started] = await runner.start([target]);
      expect(started).toMatchObject({ status: 'running', total: 60, done: 0 });
      await atSecondPage;
      const running = await until(async () => {
        const shown = await latest(id);
        return shown?.done ? shown : null;
      });
      expect(running).toMatchObject({ status: 'running', total: 60, done: 36, added: 36, finished_at: null });
      const again = await t.call('POST', API.catalogueSync, { token: admin, body: { shop_id: id } });
      expect(again).toMatchObject({ status: 409, body: { code: 'CATALOGUE_SYNC_RUNNING', error: 'Bu mağazanın ürünleri zaten senkronize ediliyor; bitmesini bekleyin.' } });
      expect((await t.call('POST', API.catalogueSync, { token: admin, body: {} })).status).toBe(409);
      release();
      expect(await finished(id)).toMatchObject({ status: 'done', total: 60, done: 60, added: 60 });
    } finally {
      release();
      await runner.close();
    }
    noThrottles(store);
  });

  test('a large store is read through one bulk operation and its JSONL file', async () => {
    const { store, id } = await connectStore();
    const row = await t.db.selectFrom('shop_connections').select(['id', 'user_id']).where('id', '=', id).executeTakeFirstOrThrow();
    const products = store.addProducts(8, 3);
    store.bulkCompletesAfterPolls(2);
    const client = shopifyClients(t.config.shopify).forStore({ domain: store.domain, accessToken: store.accessToken, clientId: 'key', clientSecret: 'x' });
    const runner = catalogueSyncs({ db: t.db, dialect: database.name, log: { error: () => undefined, warn: () => undefined }, bulkAboveVariants: 20, bulkPollMs: 0 });
    try {
      await runner.start([{ ...row, client }]);
      expect(await finished(id)).toMatchObject({ status: 'done', total: 24, done: 24, added: 24, failed: 0 });
    } finally {
      await runner.close();
    }
    // The sync's own calls (the store's webhook subscriptions are asked for beside it).
    expect(store.calls().map((call) => call.operation).filter((operation) => operation.startsWith('Catalogue'))).toEqual(['CatalogueSize', 'CatalogueBulk', 'CatalogueBulkStatus', 'CatalogueBulkStatus', 'CatalogueBulkStatus']);
    const synced = await t.db.selectFrom('products').select(['shopify_product_id', 'shopify_variant_id', 'picture_url']).where('shop_connection_id', '=', id).execute();
    expect(new Set(synced.map((product) => product.shopify_variant_id))).toEqual(new Set(products.flatMap((product) => product.variants.map((variant) => String(variant.id)))));
    for (const product of products) {
      expect(synced.filter((row) => row.shopify_product_id === String(product.id)).map((row) => row.picture_url)).toEqual(product.variants.map(() => product.imageUrl));
    }
  });

  test('products/update and products/delete webhooks apply the same rule to their one product', async () => {
    const { store, id, secret } = await connectStore();
    const product = store.addProduct({ title: 'Burç Kolye', variants: [{ sku: 'BRC-1', price: '2550.00', options: { Malzeme: 'Altın' } }, { sku: 'BRC-2', price: '2550.00', options: { Malzeme: 'Gümüş' } }] });
    await sync(id);
    const [first] = await productsOf(product.id);
    await t.db.updateTable('products').set({ workmanship_rate: 22 }).where('id', '=', first.id).execute();
    const send = (topic: string, body: unknown) => sendWebhook(store, secret, topic, body);

    const removed = product.variants[1];
    store.updateProduct(product.id, { title: 'Burç Kolye İnce', removeVariantIds: [removed.id] });
    store.updateProduct(product.id, { variants: [{ price: '2600.00' }, { sku: 'BRC-3', price: '2700.00', options: { Malzeme: 'Platin' } }] });
    const updated = store.webhookPayload('products/update', product.id);
    await send('products/update', updated);
    const rows = await productsOf(product.id);
    expect(rows.map((row) => [row.sku, row.title, row.price, row.shop_removed_at !== null])).toEqual([
      ['BRC-1', 'Burç Kolye İnce - Altın', 2600, false],
      ['BRC-2', 'Burç Kolye - Gümüş', 2550, true],
      ['BRC-3', 'Burç Kolye İnce - Platin', 2700, false],
    ]);
    expect(rows[0]).toMatchObject({ id: first.id, workmanship_rate: 22 });
    expect(await valueName(rows[2].material_id)).toBe('Platin');

    // A variant listed again is no longer marked.
    const variants = (updated.variants as Array<Record<string, unknown>>).concat({ ...(updated.variants as Array<Record<string, unknown>>)[0], id: removed.id, sku: 'BRC-2', option1: 'Gümüş' });
    await send('products/update', { ...updated, variants });
    expect((await productsOf(product.id)).map((row) => row.shop_removed_at)).toEqual([null, null, null]);

    store.deleteProduct(product.id);
    await send('products/delete', store.webhookPayload('products/delete', product.id));
    const afterDelete = await productsOf(product.id);
    expect(afterDelete).toHaveLength(3);
    expect(afterDelete.every((row) => row.shop_removed_at !== null)).toBe(true);
  });

  test("a product's state older than the one stored changes nothing, from a webhook or a sync; an equal or newer one applies", async () => {
    const { store, id, secret } = await connectStore();
    const product = store.addProduct({ title: 'Güneş Kolye', variants: [{ sku: 'GNS-1', price: '3000.00', options: { Malzeme: 'Altın' } }, { sku: 'GNS-2', price: '1500.00', options: { Malzeme: 'Gümüş' } }] });
    await sync(id);
    const base = store.webhookPayload('products/update', product.id);
    const variants = base.variants as Array<Record<string, unknown>>;
    const synced = Date.parse(String(base.updated_at));
    // The shop's times as the Admin API writes them (UTC) and as webhooks do (the shop's offset).
    const utc = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
    const istanbul = (ms: number) => `${new Date(ms + 3 * 3600_000).toISOString().slice(0, 19)}+03:00`;
    const state = (updatedAt: string, title: string, price: string, listed = variants) => ({ ...base, updated_at: updatedAt, title, variants: listed.map((variant) => ({ ...variant, price })) });
    const rows = async () => (await productsOf(product.id)).map((row) => [row.title, row.price, row.shop_removed_at !== null]);
    const hour = 3600_000;

    await sendWebhook(store, secret, 'products/update', state(istanbul(synced + 2 * hour), 'Güneş Kolye Yeni', '3200.00'));
    expect(await rows()).toEqual([
      ['Güneş Kolye Yeni - Altın', 3200, false],
      ['Güneş Kolye Yeni - Gümüş', 3200, false],
    ]);
    expect(Date.parse((await productsOf(product.id))[0].shop_updated_at!)).toBe(synced + 2 * hour);

    // Older by an hour, though later in its text ('…Z' against '…+03:00'), and without the second variant: nothing changes.
    await sendWebhook(store, secret, 'products/update', state(utc(synced + hour), 'Güneş Kolye Eski', '2900.00', variants.slice(0, 1)));
    expect(await rows()).toEqual([
      ['Güneş Kolye Yeni - Altın', 3200, false],
      ['Güneş Kolye Yeni - Gümüş', 3200, false],
    ]);
    // A sync that reads the shop's older state leaves the newer one too.
    expect(await sync(id)).toMatchObject({ status: 'done', added: 0, updated: 0, unchanged: 2, removed: 0 });
    expect((await productsOf(product.id)).map((row) => row.price)).toEqual([3200, 3200]);

    // The same instant in the other format applies, and so does a newer one.
    await sendWebhook(store, secret, 'products/update', state(utc(synced + 2 * hour), 'Güneş Kolye Yeni', '3300.00'));
    expect((await productsOf(product.id)).map((row) => row.price)).toEqual([3300, 3300]);
    await sendWebhook(store, secret, 'products/update', state(istanbul(synced + 2 * hour + 1000), 'Güneş Kolye Son', '3400.00', variants.slice(0, 1)));
    expect(await rows()).toEqual([
      ['Güneş Kolye Son - Altın', 3400, false],
      ['Güneş Kolye Yeni - Gümüş', 3300, true],
    ]);
  });

  test("a store's new products are priced in the currency it sells in, from a sync and from later webhooks; a product found again keeps its own", async () => {
    const { store, id, secret } = await connectStore(ENDLESS, 'USD');
    const at = new Date().toISOString();
    const own = await t.db.insertInto('products').values({ title: 'Eski', sku: 'USD-OWN', user_id: buyerUser, currency: 'TRY', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    const product = store.addProduct({ title: 'Dolar Kolye', variants: [{ sku: 'USD-1', price: '120.00', options: { Malzeme: 'Altın' } }, { sku: 'USD-OWN', price: '90.00', options: { Malzeme: 'Gümüş' } }] });
    expect(await sync(id)).toMatchObject({ status: 'done', added: 1, updated: 1 });
    expect(await t.db.selectFrom('shop_connections').select('currency').where('id', '=', id).executeTakeFirst()).toEqual({ currency: 'USD' });
    expect((await productsOf(product.id)).map((row) => [row.sku, row.currency])).toEqual([
      ['USD-1', 'USD'],
      ['USD-OWN', 'TRY'],
    ]);
    expect((await productsOf(product.id))[1].id).toBe(own.id);

    // A webhook names no currency: its new variant takes the one the sync learnt.
    store.updateProduct(product.id, { variants: [{}, {}, { sku: 'USD-2', price: '150.00', options: { Malzeme: 'Platin' } }] });
    await sendWebhook(store, secret, 'products/update', store.webhookPayload('products/update', product.id));
    expect((await productsOf(product.id)).map((row) => [row.sku, row.currency])).toEqual([
      ['USD-1', 'USD'],
      ['USD-OWN', 'TRY'],
      ['USD-2', 'USD'],
    ]);
  });

  test("before a sync learnt a store's currency, its webhooks' new products take the settings currency", async () => {
    const { store, id, secret } = await connectStore(ENDLESS, 'USD');
    const stored = await t.db.selectFrom('settings').selectAll().where('key', '=', 'general').executeTakeFirst();
    const settings = { system_email: 'ofis@atolye.com.tr', phone: '0212 000 00 00', time_zone: 'Europe/Istanbul', currency: 'EUR', gram_tolerance_percent: 10 };
    expect((await t.call('PUT', '/api/v1/settings/general', { token: admin, body: settings })).status).toBe(200);
    try {
      const product = store.addProduct({ title: 'Euro Küpe', variants: [{ sku: 'EUR-1', price: '80.00' }] });
      await sendWebhook(store, secret, 'products/update', store.webhookPayload('products/update', product.id));
      expect(await t.db.selectFrom('shop_connections').select('currency').where('id', '=', id).executeTakeFirst()).toEqual({ currency: null });
      expect((await productsOf(product.id)).map((row) => row.currency)).toEqual(['EUR']);
    } finally {
      await t.db.deleteFrom('settings').where('key', '=', 'general').execute();
      if (stored) await t.db.insertInto('settings').values(stored).execute();
    }
  });

  test('the option names are a setting: Turkish defaults, changed by an admin, used by the next sync', async () => {
    expect((await t.call('GET', API.catalogueOptionNames, { token: admin })).body).toEqual({ option_names: DEFAULT_OPTION_NAMES });
    const changed = { ...DEFAULT_OPTION_NAMES, color: [...DEFAULT_OPTION_NAMES.color, 'Taş Rengi'] };
    const twice = { ...changed, karat: ['Ayar', 'renk'] };
    expect(await t.call('PUT', API.catalogueOptionNames, { token: admin, body: twice })).toMatchObject({ status: 400, body: { error: 'Bir seçenek adı yalnızca bir alana eşlenebilir.' } });
    expect((await t.call('PUT', API.catalogueOptionNames, { token: admin, body: { ...changed, size: [' Beden'] } })).status).toBe(400);
    const buyer = await t.login('katalog_alici', 'secret-pass');
    expect((await t.call('PUT', API.catalogueOptionNames, { token: buyer.token, body: changed })).status).toBe(403);
    expect(await t.call('PUT', API.catalogueOptionNames, { token: admin, body: changed })).toMatchObject({ status: 200, body: { option_names: changed } });
    expect((await t.call('GET', API.catalogueOptionNames, { token: admin })).body.option_names).toEqual(changed);

    const { store, id } = await connectStore();
    const product = store.addProduct({ title: 'Damla Küpe', variants: [{ sku: 'DML-1', options: { 'Taş rengi': 'Mavi' } }] });
    await sync(id);
    const [row] = await productsOf(product.id);
    expect(await valueName(row.color_id)).toBe('Mavi');
    await t.call('PUT', API.catalogueOptionNames, { token: admin, body: DEFAULT_OPTION_NAMES });
  });

  test('a sync left running by a process that died is failed at start-up, and no longer blocks a new one', async () => {
    const { store, id } = await connectStore();
    store.addProduct({ title: 'Yıldız Kolye', variants: [{ sku: 'YLD-1' }] });
    const longAgo = new Date(Date.now() - 60 * 60_000).toISOString();
    await t.db.insertInto('catalogue_syncs').values({ connection_id: id, status: 'running', started_at: longAgo, updated_at: longAgo }).execute();
    await catalogueSyncs({ db: t.db, dialect: database.name, log: { error: () => undefined, warn: () => undefined } }).recover();
    expect(await latest(id)).toMatchObject({ status: 'failed', error: 'Senkronizasyon yarıda kaldı (sunucu durduruldu veya yeniden başlatıldı); yeniden başlatın.' });
    expect(await sync(id)).toMatchObject({ status: 'done', added: 1 });
  });

  test('what a sync may name: an unknown store 404, a bad id 400, only admins', async () => {
    expect(await t.call('POST', API.catalogueSync, { token: admin, body: { shop_id: 999_999 } })).toMatchObject({ status: 404, body: { code: 'UNKNOWN_SHOP_CONNECTION' } });
    expect((await t.call('POST', API.catalogueSync, { token: admin, body: { shop_id: 'bir' } })).status).toBe(400);
    const { id } = await connectStore();
    await t.db.updateTable('shop_connections').set({ status: 'uninstalled' }).where('id', '=', id).execute();
    expect(await t.call('POST', API.catalogueSync, { token: admin, body: { shop_id: id } })).toMatchObject({ status: 409, body: { code: 'CATALOGUE_STORE_INACTIVE' } });
    await t.db.updateTable('shop_connections').set({ status: 'uninstalled' }).execute();
    expect(await t.call('POST', API.catalogueSync, { token: admin, body: {} })).toMatchObject({ status: 409, body: { code: 'SHOP_NOT_CONFIGURED' } });
    const buyer = await t.login('katalog_alici', 'secret-pass');
    expect((await t.call('POST', API.catalogueSync, { token: buyer.token, body: {} })).status).toBe(403);
    expect((await t.call('GET', API.catalogueSyncs, { token: buyer.token })).status).toBe(403);
  });
});
