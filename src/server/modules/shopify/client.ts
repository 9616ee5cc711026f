import { setTimeout as sleep } from 'node:timers/promises';
import { type AdminApiClient, createAdminApiClient } from '@shopify/admin-api-client';
import type { Config } from '../../../../config';
import { storeUrl } from './address';
import { type Answer, errorsOf, type GraphqlBody, isThrottled, readAnswer } from './answer';
import { withDeadline } from './deadline';
import { failureOfStatus, ShopifyError, type ShopifyFailure } from './errors';
import { storeLimiter } from './limiter';
import { type StoreCredentials, storeTokens } from './tokens';

export interface ShopifyDeps {
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface ShopifyCost {
  requested: number;
  actual: number | null;
  available: number;
  maximum: number;
  restoreRate: number;
}

export interface ShopifyRequestOptions {
  /** Points the call is expected to cost, when the operation has not been asked yet (see limiter.ts). */
  expectedCost?: number;
  signal?: AbortSignal;
}

export interface ShopifyClient {
  /** Asks the store's GraphQL Admin API; a failure throws a ShopifyError. */
  request<T>(query: string, variables?: Record<string, unknown>, options?: ShopifyRequestOptions): Promise<{ data: T; cost: ShopifyCost | null }>;
}

/** Why a final answer is not a success, or null when it is. */
function failureOf(answer: Answer): ShopifyFailure | null {
  if (answer.status === 200 && isThrottled(answer.body)) return 'throttled';
  if (answer.status !== 200) return failureOfStatus(answer.status);
  return errorsOf(answer.body).length || answer.body?.data == null ? 'graphql' : null;
}

function costOf(body: GraphqlBody | null): ShopifyCost | null {
  const cost = body?.extensions?.cost;
  if (!cost) return null;
  const { maximumAvailable, currentlyAvailable, restoreRate } = cost.throttleStatus;
  return { requested: cost.requestedQueryCost, actual: cost.actualQueryCost, available: currentlyAvailable, maximum: maximumAvailable, restoreRate };
}

/**
 * One store's GraphQL Admin API through `@shopify/admin-api-client` (which builds the address, the
 * headers and the body), with our own limiter in place of its retries: it retries no THROTTLED
 * answer and reads Retry-After as milliseconds. Use `shopifyClients` so that a store has one client.
 */
export function shopifyClient(store: StoreCredentials, config: Config['shopify'], deps: ShopifyDeps = {}): ShopifyClient {
  const fetchApi = deps.fetch ?? fetch;
  const now = deps.now ?? Date.now;
  const tokens = storeTokens(store, config, { fetch: fetchApi, now });
  const limiter = storeLimiter({ now, sleep: deps.sleep ?? ((ms) => sleep(ms)), random: deps.random ?? Math.random });
  let api: { token: string; client: AdminApiClient } | null = null;

  // The library always calls https://<domain>; the local Shopify-protocol server serves stores under its own address.
  const reroute = (url: string) => {
    const { host, pathname, search } = new URL(url);
    return storeUrl(host, pathname + search, config.apiBaseUrl);
  };

  function clientFor(token: string): AdminApiClient {
    if (api?.token !== token) {
      const client = createAdminApiClient({
        storeDomain: store.domain,
        apiVersion: config.apiVersion,
        accessToken: token,
        retries: 0,
        customFetchApi: (url, init) => fetchApi(reroute(url), init),
        // Without a logger the library warns on the console about any version newer than it knows.
        logger: () => undefined,
      });
      api = { token, client };
    }
    return api.client;
  }

  async function send(token: string, query: string, variables: Record<string, unknown> | undefined, options: ShopifyRequestOptions): Promise<Answer> {
    return limiter.send(query, options.expectedCost, () =>
      withDeadline(store.domain, config.timeoutMs, options.signal, async (signal) => readAnswer<GraphqlBody>(await clientFor(token).fetch(query, { variables, signal }))),
    );
  }

  return {
    async request<T>(query: string, variables?: Record<string, unknown>, options: ShopifyRequestOptions = {}) {
      const token = await tokens.token();
      let answer = await send(token, query, variables, options);
      if (answer.status === 401 && tokens.refused(token)) answer = await send(await tokens.token(), query, variables, options);
      const failure = failureOf(answer);
      if (failure) {
        const detail = errorsOf(answer.body).map((error) => error.message).join('; ') || `HTTP ${answer.status}`;
        throw new ShopifyError(failure, store.domain, detail);
      }
      return { data: answer.body!.data as T, cost: costOf(answer.body) };
    },
  };
}

/**
 * Clients kept per store and credentials, so every caller of a store shares its cost bucket and its
 * granted token. Keyed by the credentials too: Shopify keeps a bucket per store and app, and changed
 * credentials must not reuse a token granted for the old ones.
 */
export function shopifyClients(config: Config['shopify'], deps: ShopifyDeps = {}) {
  const clients = new Map<string, ShopifyClient>();
  return {
    forStore(store: StoreCredentials): ShopifyClient {
      const key = JSON.stringify([store.domain, store.clientId, store.clientSecret, store.accessToken]);
      let client = clients.get(key);
      if (!client) {
        client = shopifyClient(store, config, deps);
        clients.set(key, client);
      }
      return client;
    },
  };
}

export type ShopifyClients = ReturnType<typeof shopifyClients>;
