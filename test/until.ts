/**
 * Waits for a state: asks `check` again after every turn of the event loop (no timer) until it
 * returns something, and fails after `within` ms. The bound is how long to wait, never a pause.
 */
export async function until<T>(check: () => Promise<T | null | undefined | false>, within = 15_000): Promise<T> {
  const end = Date.now() + within;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > end) throw new Error(`the state was not reached within ${within} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
