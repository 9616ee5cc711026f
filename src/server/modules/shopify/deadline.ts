import { ShopifyError } from './errors';

/**
 * One exchange with a store (sending and reading the answer) within `timeoutMs`. A deadline that
 * passes becomes a `timeout`, any other failure to get an answer (refused, reset, DNS) a `network`
 * failure; a caller that gives up gets its own abort reason back.
 */
export async function withDeadline<T>(domain: string, timeoutMs: number, callerSignal: AbortSignal | undefined, exchange: (signal: AbortSignal) => Promise<T>): Promise<T> {
  callerSignal?.throwIfAborted();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    return await exchange(callerSignal ? AbortSignal.any([callerSignal, deadline.signal]) : deadline.signal);
  } catch (error) {
    if (callerSignal?.aborted) throw callerSignal.reason;
    throw new ShopifyError(deadline.signal.aborted ? 'timeout' : 'network', domain, error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}
