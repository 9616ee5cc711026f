import { ShopifyError } from './errors';
import { RENEW_BEFORE_MS, type StoreCredentials, storeTokens } from './tokens';

const CONFIG = { apiBaseUrl: 'http://shopify.test', timeoutMs: 1000 };
const STORE: StoreCredentials = { domain: 'atelier.myshopify.com', accessToken: null, clientId: 'client-id', clientSecret: 'client-secret' };
const DAY_S = 86_399;

/** A store's grant endpoint that hands out tok-1, tok-2 ... and records what it was asked. */
function grantingStore(answer: (n: number) => Response = (n) => Response.json({ access_token: `tok-${n}`, scope: 'read_orders', expires_in: DAY_S })) {
  const asked: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    asked.push({ url: String(url), init });
    return answer(asked.length);
  });
  let clock = 1_000_000;
  return { asked, fetch, now: () => clock, advance: (ms: number) => (clock += ms) };
}

test('a stored shpat_ token is used as is and never asked for', async () => {
  const store = grantingStore();
  const tokens = storeTokens({ ...STORE, accessToken: 'shpat_abc' }, CONFIG, store);
  await expect(tokens.token()).resolves.toBe('shpat_abc');
  expect(tokens.refused('shpat_abc')).toBe(false);
  await expect(tokens.token()).resolves.toBe('shpat_abc');
  expect(store.fetch).not.toHaveBeenCalled();
});

test('without one, the client id and secret are exchanged for a token (client-credentials grant), once for concurrent callers', async () => {
  const store = grantingStore();
  const tokens = storeTokens({ ...STORE, accessToken: '' }, CONFIG, store);
  await expect(Promise.all([tokens.token(), tokens.token()])).resolves.toEqual(['tok-1', 'tok-1']);
  await expect(tokens.token()).resolves.toBe('tok-1');
  expect(store.asked).toHaveLength(1);
  const [{ url, init }] = store.asked;
  expect(url).toBe('http://shopify.test/shops/atelier.myshopify.com/admin/oauth/access_token');
  expect(init?.method).toBe('POST');
  expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({ client_id: 'client-id', client_secret: 'client-secret', grant_type: 'client_credentials' });
});

test('a token that is not an shpat_ one is not used: the grant is', async () => {
  const store = grantingStore();
  await expect(storeTokens({ ...STORE, accessToken: 'token' }, CONFIG, store).token()).resolves.toBe('tok-1');
});

test('a granted token is renewed when less than five minutes of it remain', async () => {
  const store = grantingStore();
  const tokens = storeTokens(STORE, CONFIG, store);
  await tokens.token();
  store.advance(DAY_S * 1000 - RENEW_BEFORE_MS - 1);
  await expect(tokens.token()).resolves.toBe('tok-1');
  store.advance(1);
  await expect(tokens.token()).resolves.toBe('tok-2');
  expect(store.asked).toHaveLength(2);
});

test('a granted token the store refused (401) is asked for again; a refusal of an older token keeps the current one', async () => {
  const store = grantingStore();
  const tokens = storeTokens(STORE, CONFIG, store);
  const first = await tokens.token();
  expect(tokens.refused(first)).toBe(true);
  await expect(tokens.token()).resolves.toBe('tok-2');
  expect(tokens.refused(first)).toBe(true);
  await expect(tokens.token()).resolves.toBe('tok-2');
  expect(store.asked).toHaveLength(2);
});

test.each([
  [400, 'unauthorized'],
  [401, 'unauthorized'],
  [403, 'unauthorized'],
  [404, 'notFound'],
  [503, 'unavailable'],
])('a grant answered %i is a %s failure, and the next call asks again', async (status, failure) => {
  const store = grantingStore(() => Response.json({ error: 'invalid_client' }, { status }));
  const tokens = storeTokens(STORE, CONFIG, store);
  const error = await tokens.token().catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(ShopifyError);
  expect(error).toMatchObject({ failure, domain: STORE.domain, statusCode: 502 });
  await expect(tokens.token()).rejects.toMatchObject({ failure });
  expect(store.asked).toHaveLength(2);
});

test('a grant answer without a token is not taken as one', async () => {
  const store = grantingStore(() => Response.json({ scope: 'read_orders' }));
  await expect(storeTokens(STORE, CONFIG, store).token()).rejects.toMatchObject({ failure: 'unavailable' });
});

test('a store that cannot be reached is a network failure', async () => {
  const fetch = jest.fn(async () => {
    throw new TypeError('fetch failed');
  });
  await expect(storeTokens(STORE, CONFIG, { fetch, now: () => 0 }).token()).rejects.toMatchObject({ failure: 'network', code: 'SHOPIFY_NETWORK' });
});
