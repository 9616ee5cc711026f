import { type Answer, type GraphqlBody, isThrottled, type QueryCost } from './answer';

/*
 * One store's GraphQL cost bucket as this process knows it (Shopify's leaky bucket: queries spend
 * points, which come back at `restoreRate` a second up to `maximumAvailable`), and when to send again.
 * Every caller of a store goes through its one limiter, so concurrent calls queue for points instead
 * of all being throttled.
 */

/** Sends of one request at most, the first included. */
export const MAX_ATTEMPTS = 6;
/** Longest a request waits between its sends, all waits together; a store that asks for more is given up on. */
export const MAX_RETRY_WAIT_MS = 30_000;
/** The first back-off; each next one doubles, then jitter keeps between half and all of it. */
export const BACKOFF_MS = 500;

export interface LimiterDeps {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** In [0, 1), as Math.random. */
  random: () => number;
}

interface Bucket {
  available: number;
  maximum: number;
  restoreRate: number;
  /** When `available` was known (ms). */
  at: number;
}

export function storeLimiter(deps: LimiterDeps) {
  let bucket: Bucket | null = null;
  /** The requested cost each operation (query text) last had: the expected cost of its next call. */
  const lastCosts = new Map<string, number>();
  let queue: Promise<void> = Promise.resolve();

  const availableAt = (known: Bucket, at: number) => Math.min(known.maximum, known.available + ((at - known.at) / 1000) * known.restoreRate);

  /** Waits, in order of arrival, until the bucket holds `cost`, then counts it as spent until the store says how much is left. */
  function admit(cost: number): Promise<void> {
    const turn = queue.then(async () => {
      if (!bucket) return;
      // A query dearer than the whole bucket is refused by Shopify whatever we wait; waiting for a full bucket is enough.
      const spend = Math.min(cost, bucket.maximum);
      const waitMs = (Math.max(0, spend - availableAt(bucket, deps.now())) / bucket.restoreRate) * 1000;
      if (waitMs > 0) await deps.sleep(waitMs);
      const now = deps.now();
      bucket = { ...bucket, available: availableAt(bucket, now) - spend, at: now };
    });
    queue = turn;
    return turn;
  }

  function observe(operation: string, cost: QueryCost | undefined): void {
    if (!cost) return;
    lastCosts.set(operation, cost.requestedQueryCost);
    const { currentlyAvailable, maximumAvailable, restoreRate } = cost.throttleStatus;
    if (restoreRate > 0) bucket = { available: currentlyAvailable, maximum: maximumAvailable, restoreRate, at: deps.now() };
  }

  /** How long to wait before sending again, or null when the answer is final. */
  function retryWaitMs(answer: Answer, attempt: number): number | null {
    const retried = answer.status === 429 || answer.status === 503 || (answer.status === 200 && isThrottled(answer.body));
    if (!retried) return null;
    const seconds = answer.retryAfter?.trim();
    if (seconds && /^\d+(\.\d+)?$/.test(seconds)) return Number(seconds) * 1000;
    return BACKOFF_MS * 2 ** (attempt - 1) * (0.5 + deps.random() / 2);
  }

  return {
    /**
     * Sends one operation through the bucket: `exchange` is called when the bucket holds its expected
     * cost (`expectedCost`, else what the operation last requested, else 1, the least a query costs)
     * and again on THROTTLED, 429 and 503, at most MAX_ATTEMPTS times and MAX_RETRY_WAIT_MS of waiting.
     * Returns the last answer, which the caller reads as success or failure.
     */
    async send(operation: string, expectedCost: number | undefined, exchange: () => Promise<Answer<GraphqlBody>>): Promise<Answer<GraphqlBody>> {
      let waitedMs = 0;
      for (let attempt = 1; ; attempt++) {
        await admit(expectedCost ?? lastCosts.get(operation) ?? 1);
        const answer = await exchange();
        observe(operation, answer.body?.extensions?.cost);
        const waitMs = retryWaitMs(answer, attempt);
        if (waitMs === null || attempt === MAX_ATTEMPTS || waitedMs + waitMs > MAX_RETRY_WAIT_MS) return answer;
        await deps.sleep(waitMs);
        waitedMs += waitMs;
      }
    },
  };
}

export type StoreLimiter = ReturnType<typeof storeLimiter>;
