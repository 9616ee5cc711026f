import { AppError } from '../../errors';

/** The ways a store can fail us, each with a sentence that tells an admin what to do. */
export type ShopifyFailure = 'unauthorized' | 'notFound' | 'throttled' | 'unavailable' | 'timeout' | 'network' | 'graphql';

const CATALOGUE: Record<ShopifyFailure, [code: string, key: string]> = {
  unauthorized: ['SHOPIFY_UNAUTHORIZED', 'errors:shopifyUnauthorized'],
  notFound: ['SHOPIFY_NOT_FOUND', 'errors:shopifyNotFound'],
  throttled: ['SHOPIFY_THROTTLED', 'errors:shopifyThrottled'],
  unavailable: ['SHOPIFY_UNAVAILABLE', 'errors:shopifyUnavailable'],
  timeout: ['SHOPIFY_TIMEOUT', 'errors:shopifyTimeout'],
  network: ['SHOPIFY_NETWORK', 'errors:shopifyNetwork'],
  graphql: ['SHOPIFY_GRAPHQL', 'errors:shopifyGraphql'],
};

/**
 * A store's refusal or silence. Answered 502 whatever the kind: the fault lies past this server, and a
 * 401 or 404 of ours would tell the browser its session or the route was wrong.
 */
export class ShopifyError extends AppError {
  constructor(
    readonly failure: ShopifyFailure,
    readonly domain: string,
    /** What the store said (GraphQL messages, a status), for the sentence of a GraphQL error and for logs. */
    readonly detail = '',
  ) {
    const [code, key] = CATALOGUE[failure];
    super(502, code, key, { domain, detail });
  }
}

/** What an HTTP status other than 200 from a store means. */
export function failureOfStatus(status: number): ShopifyFailure {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'notFound';
  if (status === 429) return 'throttled';
  // 402: the store is frozen (unpaid), 423: locked; like a 5xx, it passes on the store's side.
  if (status === 402 || status === 423 || status >= 500) return 'unavailable';
  return 'graphql';
}
