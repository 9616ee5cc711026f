import { withDeadline } from './deadline';
import { ShopifyError } from './errors';

/** An exchange that never answers: it only ends when its signal aborts. */
const silent = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));

afterEach(() => jest.useRealTimers());

test('an answer within the deadline is returned as is', async () => {
  await expect(withDeadline('a.myshopify.com', 1000, undefined, async () => 'answer')).resolves.toBe('answer');
});

test('a store that does not answer in time is a timeout', async () => {
  jest.useFakeTimers();
  let settled = false;
  const result = withDeadline('a.myshopify.com', 1000, undefined, silent)
    .catch((error: unknown) => error)
    .finally(() => (settled = true));
  await jest.advanceTimersByTimeAsync(999);
  expect(settled).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  const error = await result;
  expect(error).toBeInstanceOf(ShopifyError);
  expect(error).toMatchObject({ failure: 'timeout', domain: 'a.myshopify.com', statusCode: 502, code: 'SHOPIFY_TIMEOUT' });
});

test('a connection that fails is a network failure', async () => {
  const refused = async () => {
    throw new TypeError('fetch failed');
  };
  await expect(withDeadline('a.myshopify.com', 1000, undefined, refused)).rejects.toMatchObject({ failure: 'network', detail: 'fetch failed' });
});

test("a caller that gives up gets its own reason back, not a store's failure", async () => {
  const caller = new AbortController();
  const result = withDeadline('a.myshopify.com', 60_000, caller.signal, silent);
  caller.abort(new Error('request closed'));
  await expect(result).rejects.toThrow('request closed');
  await expect(withDeadline('a.myshopify.com', 1000, caller.signal, async () => 'late')).rejects.toThrow('request closed');
});
