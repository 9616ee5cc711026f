import type { Config } from '../../../../config';
import { shopifyClient, shopifyClients } from './client';
import { MAX_ATTEMPTS } from './limiter';
import type { StoreCredentials } from './tokens';

const CONFIG: Config['shopify'] = { apiVersion: '2026-10', apiBaseUrl: 'http://shopify.test', timeoutMs: 1000, jobPollMs: 1000, jobWorkers: null };
const STORE: StoreCredentials = { domain: 'atelier.myshopify.com', accessToken: 'shpat_stored', clientId: 'client-id', clientSecret: 'client-secret' };
const SHOP_QUERY = '{ shop { name myshopifyDomain } }';
const COST = { requestedQueryCost: 1, actualQueryCost: 1, throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 999, restoreRate: 50 } };

interface Call {
  url: string;
  token: string | null;
  body: string;
}

/** A store behind a fake fetch: `graphql` answers each GraphQL call (the nth, the token used), the grant hands out granted-1, granted-2 ... */
function fakeStore(graphql: (n: number, token: string | null) => Response) {
  const calls: Call[] = [];
  let grants = 0;
  const fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const call = { url: String(url), token: new Headers(init?.headers).get('x-shopify-access-token'), body: String(init?.body) };
    calls.push(call);
    if (call.url.endsWith('/admin/oauth/access_token')) return Response.json({ access_token: `granted-${++grants}`, expires_in: 86_399 });
    return graphql(calls.filter((c) => c.url.endsWith('/graphql.json')).length, call.token);
  });
  const sleeps: number[] = [];
  const deps = { fetch, now: () => 0, sleep: async (ms: number) => void sleeps.push(ms), random: () => 0.5 };
  return { calls, deps, sleeps };
}

const shop = () => Response.json({ data: { shop: { name: 'Atelier', myshopifyDomain: 'atelier.myshopify.com' } }, extensions: { cost: COST } });

test('asks the store under the local server address with its token, and returns the data and what it cost, silently', async () => {
  const console_ = ['log', 'info', 'warn', 'error', 'debug'].map((method) => jest.spyOn(console, method as 'log'));
  const store = fakeStore(shop);
  const answer = await shopifyClient(STORE, CONFIG, store.deps).request<{ shop: { name: string } }>(SHOP_QUERY, { first: 1 });
  expect(answer).toEqual({
    data: { shop: { name: 'Atelier', myshopifyDomain: 'atelier.myshopify.com' } },
    cost: { requested: 1, actual: 1, available: 999, maximum: 1000, restoreRate: 50 },
  });
  expect(store.calls).toEqual([
    { url: 'http://shopify.test/shops/atelier.myshopify.com/admin/api/2026-10/graphql.json', token: 'shpat_stored', body: JSON.stringify({ query: SHOP_QUERY, variables: { first: 1 } }) },
  ]);
  for (const spy of console_) expect(spy).not.toHaveBeenCalled();
  console_.forEach((spy) => spy.mockRestore());
});

test('without a local server the store itself is asked', async () => {
  const store = fakeStore(shop);
  await shopifyClient(STORE, { ...CONFIG, apiBaseUrl: null }, store.deps).request(SHOP_QUERY);
  expect(store.calls.map((call) => call.url)).toEqual(['https://atelier.myshopify.com/admin/api/2026-10/graphql.json']);
});

test('a granted token the store refuses is granted again and the call sent once more', async () => {
  const store = fakeStore((_n, token) => (token === 'granted-1' ? Response.json({ errors: '[API] Invalid API key or access token' }, { status: 401 }) : shop()));
  const client = shopifyClient({ ...STORE, accessToken: null }, CONFIG, store.deps);
  await expect(client.request(SHOP_QUERY)).resolves.toMatchObject({ data: { shop: { name: 'Atelier' } } });
  expect(store.calls.map((call) => [call.url.replace(/.*\/admin\//, ''), call.token])).toEqual([
    ['oauth/access_token', null],
    ['api/2026-10/graphql.json', 'granted-1'],
    ['oauth/access_token', null],
    ['api/2026-10/graphql.json', 'granted-2'],
  ]);
});

test('a refused stored token, or a granted one refused twice, is unauthorized', async () => {
  const refuse = () => Response.json({ errors: '[API] Invalid API key or access token' }, { status: 401 });
  const stored = fakeStore(refuse);
  await expect(shopifyClient(STORE, CONFIG, stored.deps).request(SHOP_QUERY)).rejects.toMatchObject({
    statusCode: 502,
    code: 'SHOPIFY_UNAUTHORIZED',
    message: 'Mağaza erişim bilgileri geçersiz; API anahtarını, gizli anahtarı veya erişim jetonunu kontrol edin.',
  });
  expect(stored.calls).toHaveLength(1);
  const granted = fakeStore(refuse);
  await expect(shopifyClient({ ...STORE, accessToken: null }, CONFIG, granted.deps).request(SHOP_QUERY)).rejects.toMatchObject({ failure: 'unauthorized' });
  expect(granted.calls).toHaveLength(4);
});

test.each([
  ['no such store (404)', 'SHOPIFY_NOT_FOUND', 1, () => new Response('Not Found', { status: 404 })],
  ['always throttled', 'SHOPIFY_THROTTLED', MAX_ATTEMPTS, () => Response.json({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }], extensions: { cost: COST } })],
  ['always 429', 'SHOPIFY_THROTTLED', MAX_ATTEMPTS, () => new Response('', { status: 429, headers: { 'retry-after': '1' } })],
  ['always 503', 'SHOPIFY_UNAVAILABLE', MAX_ATTEMPTS, () => new Response('', { status: 503 })],
  ['500', 'SHOPIFY_UNAVAILABLE', 1, () => new Response('', { status: 500 })],
  ['data null without errors', 'SHOPIFY_GRAPHQL', 1, () => Response.json({ data: null })],
])('%s: %s after %i sends', async (_name, code, sends, answer) => {
  const store = fakeStore(answer);
  await expect(shopifyClient(STORE, CONFIG, store.deps).request(SHOP_QUERY)).rejects.toMatchObject({ statusCode: 502, code });
  expect(store.calls).toHaveLength(sends);
});

test("a GraphQL error is not sent again, and the admin reads the store's words", async () => {
  const store = fakeStore(() => Response.json({ errors: [{ message: "Field 'nme' doesn't exist on type 'Shop'" }] }));
  await expect(shopifyClient(STORE, CONFIG, store.deps).request('{ shop { nme } }')).rejects.toMatchObject({
    code: 'SHOPIFY_GRAPHQL',
    message: "Mağaza isteği reddetti: Field 'nme' doesn't exist on type 'Shop'",
  });
  expect(store.calls).toHaveLength(1);
});

test('the registry gives a store the same client, so its callers share one bucket and one token', async () => {
  const clients = shopifyClients(CONFIG, fakeStore(shop).deps);
  expect(clients.forStore({ ...STORE })).toBe(clients.forStore({ ...STORE }));
  expect(clients.forStore(STORE)).not.toBe(clients.forStore({ ...STORE, domain: 'other.myshopify.com' }));
  expect(clients.forStore(STORE)).not.toBe(clients.forStore({ ...STORE, accessToken: 'shpat_new' }));
});
