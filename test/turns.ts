/*
 * How many turns the event loop took while `work` ran: a task that queues itself again at each
 * turn counts them. Work that never lets others in (a loop of synchronous SQLite statements) counts
 * none.
 */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    return { result: await work(), turns };
  } finally {
    running = false;
  }
}
