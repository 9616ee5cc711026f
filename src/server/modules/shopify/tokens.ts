import type { Config } from '../../../../config';
import { storeUrl } from './address';
import { readAnswer } from './answer';
import { withDeadline } from './deadline';
import { failureOfStatus, ShopifyError } from './errors';

/** What calling a store takes, from a store connection. */
export interface StoreCredentials {
  /** `<name>.myshopify.com` (address.ts). */
  domain: string;
  /** A token kept with the connection: used as is when it is an `shpat_` one. */
  accessToken: string | null;
  /** The app's client id (the connection's api_key) and client secret (its api_secret). */
  clientId: string;
  clientSecret: string;
}

/** A granted token is asked for again when less than this remains of it. */
export const RENEW_BEFORE_MS = 5 * 60_000;

export interface TokenDeps {
  fetch: typeof fetch;
  now: () => number;
}

interface GrantBody {
  access_token?: unknown;
  expires_in?: unknown;
}

/**
 * The token a store is called with. An `shpat_` token stored with the connection never expires and
 * is used as is. Store apps made since 2026-01 have none: their client id and secret are exchanged
 * for one (the client-credentials grant: about 24 hours, no refresh token), kept in memory and asked
 * for again before it runs out or once the store refuses it.
 */
export function storeTokens(store: StoreCredentials, config: Pick<Config['shopify'], 'apiBaseUrl' | 'timeoutMs'>, deps: TokenDeps) {
  const stored = store.accessToken?.startsWith('shpat_') ? store.accessToken : null;
  let granted: { token: string; renewAt: number } | null = null;
  // Callers that need a token while one is being granted share that grant.
  let granting: Promise<string> | null = null;

  async function grant(): Promise<string> {
    const askedAt = deps.now();
    const answer = await withDeadline(store.domain, config.timeoutMs, undefined, async (signal) =>
      readAnswer<GrantBody>(
        await deps.fetch(storeUrl(store.domain, '/admin/oauth/access_token', config.apiBaseUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ client_id: store.clientId, client_secret: store.clientSecret, grant_type: 'client_credentials' }).toString(),
          signal,
        }),
      ),
    );
    const detail = `token grant: HTTP ${answer.status}`;
    // A wrong client id or secret is refused with 400 (invalid_client) as well as 401/403.
    if (answer.status !== 200) throw new ShopifyError(answer.status === 400 ? 'unauthorized' : failureOfStatus(answer.status), store.domain, detail);
    const token = answer.body?.access_token;
    if (typeof token !== 'string' || !token) throw new ShopifyError('unavailable', store.domain, `${detail} without a token`);
    // Counted from the asking, so the token is renewed early rather than late.
    granted = { token, renewAt: askedAt + Number(answer.body?.expires_in ?? 0) * 1000 - RENEW_BEFORE_MS };
    return token;
  }

  return {
    token(): Promise<string> {
      if (stored) return Promise.resolve(stored);
      if (granted && deps.now() < granted.renewAt) return Promise.resolve(granted.token);
      granting ??= grant().finally(() => (granting = null));
      return granting;
    },
    /**
     * The store answered 401 to `token`. A granted token is dropped (it may have been revoked) and
     * true says a call may be tried again with a new one; a stored token is simply wrong.
     */
    refused(token: string): boolean {
      if (stored) return false;
      if (granted?.token === token) granted = null;
      return true;
    },
  };
}

export type StoreTokens = ReturnType<typeof storeTokens>;
