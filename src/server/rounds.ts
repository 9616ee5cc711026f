/** Where a background round's failure is told. */
export type RoundLog = { error(object: unknown, message: string): void };

/**
 * Runs `round` every `everyMs` until the returned stop; a round still under way is not joined by
 * another, and a failed one is logged as `failure` (the next tries again). The stop waits for the
 * round under way, which `stopped` lets end early (at its next batch).
 */
export function roundsEvery(everyMs: number, round: (stopped: () => boolean) => Promise<unknown>, log: RoundLog, failure: string): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= round(() => stopped).then(
      () => void (running = null),
      (error: unknown) => {
        running = null;
        log.error({ err: error }, failure);
      },
    );
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
