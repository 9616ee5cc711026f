/**
 * Runs `work` in the browser's idle moments (short timer slices where there are none, or when no
 * idle moment came for a while) until it says it is done; `hasTime` tells it when to yield.
 */
export function whenIdle(work: (hasTime: () => boolean) => boolean): () => void {
  let stopped = false;
  const idle = typeof requestIdleCallback === 'function';
  const step = (deadline?: IdleDeadline) => {
    if (stopped) return;
    const until = performance.now() + (deadline && !deadline.didTimeout ? Math.max(1, deadline.timeRemaining() - 1) : 8);
    if (!work(() => performance.now() < until)) schedule();
  };
  const schedule = () => (idle ? requestIdleCallback(step, { timeout: 500 }) : setTimeout(step, 0));
  schedule();
  return () => {
    stopped = true;
  };
}
