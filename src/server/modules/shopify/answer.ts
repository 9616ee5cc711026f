/* What a store answers, read the same way for the GraphQL Admin API and the token grant. */

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

/** `extensions.cost` of a GraphQL answer (actualQueryCost is null when the query was throttled). */
export interface QueryCost {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: ThrottleStatus;
}

export interface GraphqlError {
  message: string;
  extensions?: { code?: string };
}

export interface GraphqlBody {
  data?: unknown;
  /** A list from GraphQL; a sentence when Shopify refuses before GraphQL (401, 404). */
  errors?: GraphqlError[] | string;
  extensions?: { cost?: QueryCost };
}

export interface Answer<Body = GraphqlBody> {
  status: number;
  /** The Retry-After header as sent (seconds). */
  retryAfter: string | null;
  /** The JSON body; null when there is none (an error page of a proxy, an empty 503). */
  body: Body | null;
}

export async function readAnswer<Body>(response: Response): Promise<Answer<Body>> {
  const text = await response.text();
  let body: Body | null = null;
  try {
    body = JSON.parse(text) as Body;
  } catch {
    // Not JSON: the status says what happened.
  }
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
}

export function errorsOf(body: GraphqlBody | null): GraphqlError[] {
  const errors = body?.errors;
  if (Array.isArray(errors)) return errors;
  return typeof errors === 'string' ? [{ message: errors }] : [];
}

/** Shopify refused the query because the store's cost bucket was short: HTTP 200 with a THROTTLED error. */
export function isThrottled(body: GraphqlBody | null): boolean {
  return errorsOf(body).some((error) => error.extensions?.code === 'THROTTLED');
}
