import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { leastTimeMs, sendWebhook, signWebhook, startShopifyFake, webhookPayload, type FakeStore, type ShopifyFake } from './index';

/** The fake's clock: tests move it instead of waiting. */
let clock = Date.parse('2026-11-02T09:00:00Z');
const now = () => clock;
const advance = (ms: number) => (clock += ms);

let fake: ShopifyFake;
let domainCount = 0;

beforeAll(async () => {
  fake = await startShopifyFake({ now });
});

afterAll(() => fake.stop());

function newStore(options: Partial<Parameters<ShopifyFake['addStore']>[0]> = {}): FakeStore {
  domainCount++;
  return fake.addStore({ domain: `magaza-${domainCount}.myshopify.com`, accessToken: `shpat_test_${domainCount}`, ...options });
}

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function gql(store: FakeStore, query: string, variables: Record<string, unknown> = {}, token = store.accessToken): Promise<Answer> {
  const res = await fetch(`${fake.url}/shops/${store.domain}/admin/api/2026-10/graphql.json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': token },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const PRODUCT_PAGE = `query Page($after: String) {
  products(first: 250, after: $after) {
    edges { cursor node { id legacyResourceId title } }
    pageInfo { hasNextPage endCursor }
  }
}`;

test('600 products page by opaque cursors, 250 at a time; a product added between pages is not missed', async () => {
  const store = newStore({ bucket: { maximumAvailable: 1000, restoreRate: 1000 } });
  store.addProducts(600, 2);
  const seen: string[] = [];
  let after: string | null = null;
  const pages: number[] = [];
  for (;;) {
    const { status, body } = await gql(store, PRODUCT_PAGE, { after });
    expect(status).toBe(200);
    const connection = body.data.products;
    pages.push(connection.edges.length);
    seen.push(...connection.edges.map((e: { node: { id: string } }) => e.node.id));
    expect(connection.pageInfo.endCursor).toBe(connection.edges.at(-1)?.cursor ?? null);
    if (pages.length === 1) store.addProduct({ title: 'Sonradan Eklenen Kolye', variants: [{ sku: 'LATE-1', price: '100.00' }] });
    if (!connection.pageInfo.hasNextPage) break;
    after = connection.pageInfo.endCursor;
    expect(after).not.toMatch(/^\d+$/);
  }
  expect(pages).toEqual([250, 250, 101]);
  expect(new Set(seen).size).toBe(601);
  expect(seen).toEqual(store.products.map((p) => p.gid));
});

test('variants page within a product; page size limits and missing sizes fail like Shopify', async () => {
  const store = newStore();
  const product = store.addProduct({
    title: 'İsim Kolye',
    variants: Array.from({ length: 7 }, (_, i) => ({ sku: `ISK-${i + 1}`, price: '2450.00', options: { Malzeme: i % 2 ? 'Gümüş' : 'Altın', Model: `M${i + 1}` } })),
  });
  const query = `query V($id: ID!, $after: String) { product(id: $id) { variants(first: 3, after: $after) {
      nodes { id legacyResourceId sku selectedOptions { name value } product { id } }
      pageInfo { hasNextPage endCursor } } } }`;
  const skus: string[] = [];
  let after: string | null = null;
  for (let guard = 0; guard < 5; guard++) {
    const { body } = await gql(store, query, { id: product.gid, after });
    const variants = body.data.product.variants;
    skus.push(...variants.nodes.map((v: { sku: string }) => v.sku));
    expect(variants.nodes[0].product.id).toBe(product.gid);
    if (!variants.pageInfo.hasNextPage) break;
    after = variants.pageInfo.endCursor;
  }
  expect(skus).toEqual(product.variants.map((v) => v.sku));
  const first = (await gql(store, query, { id: product.gid, after: null })).body.data.product.variants.nodes[0];
  expect(first).toEqual({
    id: product.variants[0].gid,
    legacyResourceId: String(product.variants[0].id),
    sku: 'ISK-1',
    selectedOptions: [
      { name: 'Malzeme', value: 'Altın' },
      { name: 'Model', value: 'M1' },
    ],
    product: { id: product.gid },
  });

  const tooMany = await gql(store, '{ products(first: 251) { nodes { id } } }');
  expect(tooMany.body.data).toBeNull();
  expect(tooMany.body.errors[0].message).toMatch(/^first cannot exceed 250/);
  const none = await gql(store, '{ products { nodes { id } } }');
  expect(none.body.errors[0].message).toBe('you must provide one of first or last');
});

test('unknown fields and arguments fail validation, nothing runs; deprecated fields still answer', async () => {
  const store = newStore();
  store.addProducts(2);
  const unknownField = await gql(store, '{ products(first: 1) { nodes { id bodyHtml } } }');
  expect(unknownField.status).toBe(200);
  expect(unknownField.body.data).toBeUndefined();
  expect(unknownField.body.errors[0].message).toContain('"bodyHtml"');
  expect(unknownField.body.extensions.cost).toMatchObject({ requestedQueryCost: 0, actualQueryCost: 0 });
  const unknownArgument = await gql(store, '{ orders(first: 1, status: OPEN) { nodes { id } } }');
  expect(unknownArgument.body.errors[0].message).toContain('"status"');
  const syntax = await gql(store, '{ products(first: 1) { nodes { id }');
  expect(syntax.body.errors[0].message).toMatch(/Syntax Error/);

  const media = await gql(store, `{ products(first: 1) { nodes {
      featuredMedia { ... on MediaImage { image { url altText } } }
      media(first: 1) { nodes { mediaContentType ... on MediaImage { image { url } } } }
      images(first: 1) { nodes { url } } } } }`);
  const node = media.body.data.products.nodes[0];
  expect(node.featuredMedia.image.url).toBe(store.products[0].imageUrl);
  expect(node.media.nodes[0]).toEqual({ mediaContentType: 'IMAGE', image: { url: store.products[0].imageUrl } });
  expect(node.images.nodes[0].url).toBe(store.products[0].imageUrl);
  const image = await fetch(store.products[0].imageUrl!);
  expect(image.headers.get('content-type')).toBe('image/png');
});

test('cost: requested from page sizes, actual from what came back; THROTTLED when the bucket cannot pay; refill follows the clock', async () => {
  const store = newStore({ bucket: { maximumAvailable: 100, restoreRate: 10 } });
  for (let i = 0; i < 3; i++) store.addProduct({ title: `Ürün ${i}`, variants: [{ sku: `A${i}` }, { sku: `B${i}` }] });

  // 2 + 10 x (1 product + 2 + 5 x 1 variant) requested; 2 + 3 x (1 + 2 + 2) actual.
  const nested = '{ products(first: 10) { edges { node { id variants(first: 5) { nodes { id } } } } } }';
  const first = await gql(store, nested);
  expect(first.body.extensions.cost).toEqual({
    requestedQueryCost: 82,
    actualQueryCost: 17,
    throttleStatus: { maximumAvailable: 100, currentlyAvailable: 83, restoreRate: 10 },
  });

  const big = '{ products(first: 90) { nodes { id } } }';
  const throttled = await gql(store, big);
  expect(throttled.status).toBe(200);
  expect(throttled.body).toEqual({
    errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
    extensions: { cost: { requestedQueryCost: 92, actualQueryCost: null, throttleStatus: { maximumAvailable: 100, currentlyAvailable: 83, restoreRate: 10 } } },
  });

  advance(1000);
  const refilled = await gql(store, big);
  expect(refilled.body.data.products.nodes).toHaveLength(3);
  expect(refilled.body.extensions.cost).toMatchObject({ requestedQueryCost: 92, actualQueryCost: 5, throttleStatus: { currentlyAvailable: 88 } });

  const mutation = await gql(store, 'mutation { webhookSubscriptionDelete(id: "gid://shopify/WebhookSubscription/1") { userErrors { message } } }');
  expect(mutation.body.extensions.cost).toMatchObject({ requestedQueryCost: 10, actualQueryCost: 10, throttleStatus: { currentlyAvailable: 78 } });

  const tooDear = await gql(store, '{ products(first: 250) { nodes { variants(first: 10) { nodes { id } } } } }');
  expect(tooDear.body.errors[0]).toMatchObject({
    message: 'Query cost is 3252, which exceeds the single query max cost limit (1000).',
    extensions: { code: 'MAX_COST_EXCEEDED', cost: 3252, maxCost: 1000 },
  });

  expect(store.calls().map(({ requestedCost, actualCost, throttled, status, at }) => ({ requestedCost, actualCost, throttled, status, at }))).toEqual([
    { requestedCost: 82, actualCost: 17, throttled: false, status: 200, at: clock - 1000 },
    { requestedCost: 92, actualCost: 0, throttled: true, status: 200, at: clock - 1000 },
    { requestedCost: 92, actualCost: 5, throttled: false, status: 200, at: clock },
    { requestedCost: 10, actualCost: 10, throttled: false, status: 200, at: clock },
    { requestedCost: 3252, actualCost: 0, throttled: false, status: 200, at: clock },
  ]);
  // 82 (actual 17) leaves 83; the 92-point query needed 0.9 s of refill (this run gave it 1 s); 10 fits.
  expect(leastTimeMs(store.calls(), { maximumAvailable: 100, restoreRate: 10 })).toBeCloseTo(900);
  // With 95 points refilling 1 per second, the 92-point query waits 14 s for the 78 left to grow to 92.
  expect(leastTimeMs(store.calls(), { maximumAvailable: 95, restoreRate: 1 })).toBeCloseTo(14_000);
  expect(leastTimeMs(store.calls(), { maximumAvailable: 90, restoreRate: 1 })).toBe(Infinity);
});

test('faults on demand: THROTTLED with budget left, 429 with Retry-After, 503, slow answers; then normal service', async () => {
  const store = newStore();
  const query = '{ shop { name myshopifyDomain currencyCode } }';
  store.failNext({ kind: 'throttled' });
  store.failNext({ kind: 'http429', retryAfterSeconds: 3, times: 2 });
  store.failNext({ kind: 'http503' });
  store.failNext({ kind: 'slow', delayMs: 20 });

  const throttled = await gql(store, query);
  expect(throttled.body.errors[0].extensions.code).toBe('THROTTLED');
  expect(throttled.body.extensions.cost.throttleStatus.currentlyAvailable).toBe(1000);
  for (let i = 0; i < 2; i++) {
    const limited = await gql(store, query);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
  }
  expect((await gql(store, query)).status).toBe(503);
  const slow = await gql(store, query);
  expect(slow.body.data.shop).toEqual({ name: store.domain.split('.')[0], myshopifyDomain: store.domain, currencyCode: 'TRY' });
  expect((await gql(store, query)).status).toBe(200);
  expect(store.calls().map((c) => c.status)).toEqual([200, 429, 429, 503, 200, 200]);
});

test('a hanging request is held until the server stops', async () => {
  const own = await startShopifyFake({ now });
  const store = own.addStore({ domain: 'asili.myshopify.com', accessToken: 'shpat_hang' });
  store.failNext({ kind: 'hang' });
  const pending = fetch(`${own.url}/shops/asili.myshopify.com/admin/api/2026-10/graphql.json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': 'shpat_hang' },
    body: JSON.stringify({ query: '{ shop { name } }' }),
  });
  const outcome = pending.then(() => 'answered', () => 'failed');
  while (store.calls().length === 0) await new Promise((resolve) => setImmediate(resolve));
  expect(store.calls()[0].status).toBe(0);
  await own.stop();
  await expect(outcome).resolves.toBe('failed');
});

test('a wrong token answers 401, an unknown shop 404', async () => {
  const store = newStore();
  const denied = await gql(store, '{ shop { name } }', {}, 'shpat_wrong');
  expect(denied.status).toBe(401);
  expect(denied.body).toEqual({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
  const missing = await fetch(`${fake.url}/shops/yok.myshopify.com/admin/api/2026-10/graphql.json`, { method: 'POST', body: '{}' });
  expect(missing.status).toBe(404);
});

test('client-credentials grant gives a token that works until it expires', async () => {
  const store = newStore({ clientId: 'cid', clientSecret: 'csecret', tokenLifetimeSeconds: 60 });
  const grant = (body: string, type: string) =>
    fetch(`${fake.url}/shops/${store.domain}/admin/oauth/access_token`, { method: 'POST', headers: { 'Content-Type': type }, body });
  const wrong = await grant(JSON.stringify({ client_id: 'cid', client_secret: 'nope', grant_type: 'client_credentials' }), 'application/json');
  expect(wrong.status).toBe(400);
  expect(await wrong.json()).toEqual({ error: 'invalid_client' });

  const form = await grant('client_id=cid&client_secret=csecret&grant_type=client_credentials', 'application/x-www-form-urlencoded');
  const issued = (await form.json()) as { access_token: string; scope: string; expires_in: number };
  expect(issued).toEqual({ access_token: expect.stringMatching(/^shpat_/), scope: 'read_products,read_orders', expires_in: 60 });
  const json = await grant(JSON.stringify({ client_id: 'cid', client_secret: 'csecret', grant_type: 'client_credentials' }), 'application/json');
  expect(json.status).toBe(200);

  expect((await gql(store, '{ shop { name } }', {}, issued.access_token)).status).toBe(200);
  advance(59_000);
  expect((await gql(store, '{ shop { name } }', {}, issued.access_token)).status).toBe(200);
  advance(1_000);
  expect((await gql(store, '{ shop { name } }', {}, issued.access_token)).status).toBe(401);
  expect((await gql(store, '{ shop { name } }')).status).toBe(200);
});

test('bulk operation: CREATED, RUNNING for the set polls, COMPLETED with a JSONL of products and their variants', async () => {
  const store = newStore();
  store.addProducts(4, 3);
  store.bulkCompletesAfterPolls(2);
  const inner = `{ products { edges { node { id title variants { edges { node { id sku selectedOptions { name value } } } } } } } }`;
  const run = await gql(store, 'mutation Run($q: String!) { bulkOperationRunQuery(query: $q) { bulkOperation { id status } userErrors { field message code } } }', { q: inner });
  const { bulkOperation, userErrors } = run.body.data.bulkOperationRunQuery;
  expect(userErrors).toEqual([]);
  expect(bulkOperation.status).toBe('CREATED');

  const poll = async () =>
    (await gql(store, 'query Poll($id: ID!) { bulkOperation(id: $id) { id status errorCode objectCount rootObjectCount url partialDataUrl } }', { id: bulkOperation.id })).body.data
      .bulkOperation;
  expect((await poll()).status).toBe('RUNNING');
  expect((await poll()).status).toBe('RUNNING');
  const done = await poll();
  expect(done).toMatchObject({ status: 'COMPLETED', errorCode: null, objectCount: '16', rootObjectCount: '4', partialDataUrl: null });
  expect((await gql(store, '{ currentBulkOperation { id status } }')).body.data.currentBulkOperation).toEqual({ id: bulkOperation.id, status: 'COMPLETED' });

  const lines = (await (await fetch(done.url)).text()).trim().split('\n').map((line) => JSON.parse(line));
  expect(lines).toHaveLength(16);
  for (const product of store.products) {
    const at = lines.findIndex((line) => line.id === product.gid);
    expect(lines[at]).toEqual({ id: product.gid, title: product.title });
    expect(lines.slice(at + 1, at + 4)).toEqual(
      product.variants.map((v) => ({ id: v.gid, sku: v.sku, selectedOptions: v.selectedOptions, __parentId: product.gid })),
    );
  }

  const invalid = await gql(store, 'mutation { bulkOperationRunQuery(query: "{ shop { name } }") { bulkOperation { id } userErrors { field message code } } }');
  expect(invalid.body.data.bulkOperationRunQuery).toEqual({
    bulkOperation: null,
    userErrors: [{ field: ['query'], message: 'Bulk queries must contain at least one connection.', code: 'INVALID' }],
  });
  store.bulkCompletesAfterPolls(0);
  const quick = await gql(store, 'mutation { bulkOperationRunQuery(query: "{ orders { edges { node { id } } } }") { bulkOperation { id } } }');
  const quickId = quick.body.data.bulkOperationRunQuery.bulkOperation.id;
  const empty = (await gql(store, 'query($id: ID!) { node(id: $id) { ... on BulkOperation { status objectCount url } } }', { id: quickId })).body.data.node;
  expect(empty).toEqual({ status: 'COMPLETED', objectCount: '0', url: null });
});

test('webhooks are signed like Shopify: base64 HMAC-SHA256 of the raw body, with its headers', async () => {
  const store = newStore({ clientSecret: 'shpss_imza' });
  const product = store.addProduct({ title: 'Harf Bileklik', vendor: 'Atölye', variants: [{ sku: 'HRB-AU14', price: '1850.00', options: { Malzeme: 'Altın', Ayar: '14' } }] });
  const order = store.addOrder({
    email: 'ayse@example.com',
    note: 'Hediye paketi',
    shippingAddress: { firstName: 'Ayşe', lastName: 'Yılmaz', city: 'İstanbul', countryCode: 'TR', country: 'Turkey' },
    lineItems: [
      { variantId: product.variants[0].id, quantity: 2, properties: { İsim: 'Ayşe' } },
      { variantId: null, quantity: 1, title: 'Özel gravür', price: '150.00' },
    ],
  });
  const received: Array<{ headers: IncomingHttpHeaders; body: Buffer }> = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/shopify`;
  try {
    const payload = store.webhookPayload('orders/create', order.id);
    const sent = await sendWebhook({ url, domain: store.domain, topic: 'orders/create', payload, secret: 'shpss_imza', webhookId: 'wh-1' });
    expect(sent).toMatchObject({ status: 200, body: 'ok' });
    await sendWebhook({ url, domain: store.domain, topic: 'orders/create', payload, secret: 'shpss_imza', webhookId: 'wh-1', badHmac: true });

    const [good, bad] = received;
    const expected = createHmac('sha256', 'shpss_imza').update(good.body).digest();
    expect(timingSafeEqual(Buffer.from(String(good.headers['x-shopify-hmac-sha256']), 'base64'), expected)).toBe(true);
    expect(signWebhook(good.body, 'shpss_imza')).toBe(good.headers['x-shopify-hmac-sha256']);
    expect(bad.headers['x-shopify-hmac-sha256']).not.toBe(good.headers['x-shopify-hmac-sha256']);
    expect(good.headers).toMatchObject({
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': store.domain,
      'x-shopify-webhook-id': 'wh-1',
      'x-shopify-api-version': '2026-10',
    });
    expect(good.headers['x-shopify-triggered-at']).toBeTruthy();
    expect(good.headers['x-shopify-event-id']).toBeTruthy();

    const body = JSON.parse(good.body.toString('utf8'));
    expect(body).toMatchObject({
      id: order.id,
      admin_graphql_api_id: order.gid,
      name: '#1001',
      email: 'ayse@example.com',
      currency: 'TRY',
      note: 'Hediye paketi',
      cancelled_at: null,
      shipping_address: { first_name: 'Ayşe', last_name: 'Yılmaz', city: 'İstanbul', country_code: 'TR' },
    });
    expect(body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+03:00$/);
    expect(body.line_items).toEqual([
      expect.objectContaining({ variant_id: product.variants[0].id, product_id: product.id, sku: 'HRB-AU14', quantity: 2, price: '1850.00', properties: [{ name: 'İsim', value: 'Ayşe' }] }),
      expect.objectContaining({ variant_id: null, product_id: null, title: 'Özel gravür', quantity: 1, price: '150.00', properties: [] }),
    ]);
    expect(store.webhookPayload('products/update', product.id)).toMatchObject({ id: product.id, title: 'Harf Bileklik', variants: [{ id: product.variants[0].id, sku: 'HRB-AU14', option1: 'Altın', option2: '14' }] });
    expect(store.webhookPayload('products/delete', product.id)).toEqual({ id: product.id });
    expect(webhookPayload(store.domain, 'ORDERS_UPDATED', order)).toEqual(payload);
    expect(webhookPayload(store.domain, 'app/uninstalled', 0)).toMatchObject({ myshopify_domain: store.domain });
    expect(store.cancelOrder(order.id, 'customer').cancelReason).toBe('CUSTOMER');
    expect(store.webhookPayload('orders/cancelled', order.id)).toMatchObject({ cancel_reason: 'customer', cancelled_at: expect.any(String) });
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test('orders: updated_at filters (> and >=), sort keys, reverse, paging', async () => {
  const store = newStore();
  const product = store.addProduct({ title: 'Tektaş Yüzük', variants: [{ sku: 'TTY-1', price: '5400.00' }] });
  const start = clock;
  const line = [{ variantId: product.variants[0].id, quantity: 1 }];
  const a = store.addOrder({ lineItems: line });
  advance(1000);
  const b = store.addOrder({ lineItems: line });
  advance(1000);
  const c = store.addOrder({ lineItems: line });
  advance(1000);
  store.updateOrder(a.id, { note: 'Beden 14 olacak' });
  const iso = (ms: number) => new Date(ms).toISOString();

  const names = async (args: string) =>
    (await gql(store, `{ orders(first: 10, ${args}) { nodes { name updatedAt } } }`)).body.data.orders.nodes.map((o: { name: string }) => o.name);
  expect(await names(`query: "updated_at:>'${iso(start + 1000)}'", sortKey: UPDATED_AT`)).toEqual([c.name, a.name]);
  expect(await names(`query: "updated_at:>='${iso(start + 1000)}'", sortKey: UPDATED_AT`)).toEqual([b.name, c.name, a.name]);
  expect(await names(`query: "updated_at:>='${iso(start + 1000)}'", sortKey: UPDATED_AT, reverse: true`)).toEqual([a.name, c.name, b.name]);
  expect(await names('sortKey: CREATED_AT')).toEqual([a.name, b.name, c.name]);
  expect(await names('sortKey: ID, reverse: true')).toEqual([c.name, b.name, a.name]);

  const first = (await gql(store, '{ orders(first: 2, sortKey: UPDATED_AT) { nodes { name } pageInfo { hasNextPage endCursor } } }')).body.data.orders;
  expect(first.nodes.map((o: { name: string }) => o.name)).toEqual([b.name, c.name]);
  const rest = (await gql(store, 'query($after: String) { orders(first: 2, after: $after, sortKey: UPDATED_AT) { nodes { name } pageInfo { hasNextPage } } }', { after: first.pageInfo.endCursor })).body
    .data.orders;
  expect(rest).toEqual({ nodes: [{ name: a.name }], pageInfo: { hasNextPage: false } });
  const wrongSort = await gql(store, 'query($after: String) { orders(first: 2, after: $after, sortKey: ID) { nodes { name } } }', { after: first.pageInfo.endCursor });
  expect(wrongSort.body.errors[0].message).toBe('Invalid cursor for current pagination sort.');

  const unknownFilter = await gql(store, '{ orders(first: 5, query: "colour:red") { nodes { name } } }');
  expect(unknownFilter.body.data.orders.nodes).toHaveLength(3);
  expect(unknownFilter.body.extensions.search[0].warnings).toEqual([{ field: 'colour', message: 'Invalid search field for this query.' }]);
});

test('fulfillmentCreate ships fulfillment order lines with tracking, and the store records it', async () => {
  const store = newStore();
  const product = store.addProduct({ title: 'Kalp Kolye', variants: [{ sku: 'KLK-1', price: '2350.00' }, { sku: 'KLK-2', price: '2450.00' }] });
  const order = store.addOrder({
    lineItems: [
      { variantId: product.variants[0].id, quantity: 2 },
      { variantId: product.variants[1].id, quantity: 1 },
    ],
  });
  const read = async () =>
    (
      await gql(store, `query($id: ID!) { order(id: $id) { displayFulfillmentStatus
        fulfillmentOrders(first: 5) { nodes { id status lineItems(first: 10) { nodes { id remainingQuantity lineItem { id sku } } } } } } }`, { id: order.gid })
    ).body.data.order;
  const before = await read();
  const fulfillmentOrder = before.fulfillmentOrders.nodes[0];
  expect(fulfillmentOrder.status).toBe('OPEN');
  expect(fulfillmentOrder.lineItems.nodes.map((l: { remainingQuantity: number }) => l.remainingQuantity)).toEqual([2, 1]);

  const create = `mutation Ship($fulfillment: FulfillmentInput!) { fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { id status trackingInfo { number company url } } userErrors { field message } } }`;
  const shipped = await gql(store, create, {
    fulfillment: {
      lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fulfillmentOrder.id, fulfillmentOrderLineItems: [{ id: fulfillmentOrder.lineItems.nodes[0].id, quantity: 2 }] }],
      trackingInfo: { number: 'YK123456789TR', company: 'Yurtiçi Kargo', url: 'https://kargo.example/YK123456789TR' },
      notifyCustomer: true,
    },
  });
  expect(shipped.body.data.fulfillmentCreate).toEqual({
    fulfillment: { id: expect.stringMatching(/^gid:\/\/shopify\/Fulfillment\/\d+$/), status: 'SUCCESS', trackingInfo: [{ number: 'YK123456789TR', company: 'Yurtiçi Kargo', url: 'https://kargo.example/YK123456789TR' }] },
    userErrors: [],
  });
  const middle = await read();
  expect(middle.displayFulfillmentStatus).toBe('PARTIALLY_FULFILLED');
  expect(middle.fulfillmentOrders.nodes[0].status).toBe('IN_PROGRESS');

  const rest = await gql(store, create, { fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fulfillmentOrder.id }], trackingInfo: { number: 'YK2' } } });
  expect(rest.body.data.fulfillmentCreate.userErrors).toEqual([]);
  const after = await read();
  expect(after.displayFulfillmentStatus).toBe('FULFILLED');
  expect(after.fulfillmentOrders.nodes[0].status).toBe('CLOSED');

  const again = await gql(store, create, { fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fulfillmentOrder.id }] } });
  expect(again.body.data.fulfillmentCreate.fulfillment).toBeNull();
  expect(again.body.data.fulfillmentCreate.userErrors[0].message).toMatch(/unfulfillable status/);

  expect(store.fulfillments()).toEqual([
    expect.objectContaining({ orderId: order.id, trackingNumber: 'YK123456789TR', company: 'Yurtiçi Kargo', notifyCustomer: true, lineItems: [{ lineItemId: order.lineItems[0].id, quantity: 2 }] }),
    expect.objectContaining({ orderId: order.id, trackingNumber: 'YK2', company: null, notifyCustomer: false, lineItems: [{ lineItemId: order.lineItems[1].id, quantity: 1 }] }),
  ]);
});

test('webhook subscriptions: create by uri (or the deprecated callbackUrl), list, delete', async () => {
  const store = newStore();
  const create = `mutation Sub($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) { webhookSubscription { id topic uri format } userErrors { field message } } }`;
  const made = await gql(store, create, { topic: 'ORDERS_CREATE', sub: { uri: 'https://atolye.example/webhooks/shopify', format: 'JSON' } });
  const subscription = made.body.data.webhookSubscriptionCreate.webhookSubscription;
  expect(subscription).toMatchObject({ topic: 'ORDERS_CREATE', uri: 'https://atolye.example/webhooks/shopify', format: 'JSON' });
  await gql(store, create, { topic: 'APP_UNINSTALLED', sub: { callbackUrl: 'https://atolye.example/webhooks/shopify' } });
  const duplicate = await gql(store, create, { topic: 'ORDERS_CREATE', sub: { uri: 'https://atolye.example/webhooks/shopify' } });
  expect(duplicate.body.data.webhookSubscriptionCreate.userErrors[0].message).toBe('Address for this topic has already been taken');

  const list = await gql(store, '{ webhookSubscriptions(first: 10) { nodes { topic uri } } }');
  expect(list.body.data.webhookSubscriptions.nodes).toEqual([
    { topic: 'ORDERS_CREATE', uri: 'https://atolye.example/webhooks/shopify' },
    { topic: 'APP_UNINSTALLED', uri: 'https://atolye.example/webhooks/shopify' },
  ]);
  const removed = await gql(store, 'mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { message } } }', { id: subscription.id });
  expect(removed.body.data.webhookSubscriptionDelete).toEqual({ deletedWebhookSubscriptionId: subscription.id, userErrors: [] });
  expect(store.webhookSubscriptions().map((s) => s.topic)).toEqual(['APP_UNINSTALLED']);
});

test('the control endpoint places an order and delivers its signed orders/create webhook', async () => {
  const store = newStore({ webhookSecret: 'kontrol-sirri' });
  const product = store.addProduct({ title: 'İsim Kolye', variants: [{ sku: 'ISK-AU14-40', price: '2450.00' }] });
  const received: Array<{ hmac: string; body: Buffer }> = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ hmac: String(req.headers['x-shopify-hmac-sha256']), body: Buffer.concat(chunks) });
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/shopify`;
    const res = await fetch(`${fake.url}/control/${store.domain}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lineItems: [{ variantId: product.variants[0].id, quantity: 1, properties: { İsim: 'Zeynep' } }], webhookUrl }),
    });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { order: { id: number; name: string }; deliveries: Array<{ status: number }> };
    expect(answer.order.name).toBe('#1001');
    expect(answer.deliveries).toEqual([{ url: webhookUrl, status: 200, ms: expect.any(Number) }]);
    expect(received[0].hmac).toBe(signWebhook(received[0].body, 'kontrol-sirri'));
    expect(JSON.parse(received[0].body.toString()).line_items[0].properties).toEqual([{ name: 'İsim', value: 'Zeynep' }]);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
