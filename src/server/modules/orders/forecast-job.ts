import type { Db } from '../../db';
import { othersTurn } from '../../db/turns';
import { enqueue, type JobHandler } from '../jobs/queue';
import type { LineBus } from '../live/bus';
import { FORECAST_JOB, forecastJobKey } from '../../../shared/forecast';
import { countMedians, storedMedians } from '../flow/forecast';
import { reforecastLines } from './line-writer';

/*
 * The daily forecast: the medians counted afresh, then every open line forecast again (time spent
 * at a step grows, and history changes the medians), a batch of lines per transaction through the
 * line writer. Only lines whose late risk changed are told to the live channel: a forecast moving by some hours is no news
 * worth a read on every screen. A durable job (jobs/queue.ts) keyed by its day, so with several
 * processes it still runs once a day.
 */

/** How often a process asks whether today's forecast is stored as a job. */
const CHECK_EVERY_MS = 3_600_000;
const BATCH = 500;

/** Forecasts every open line at `now`, `batch` lines per transaction; answers the ids of those whose late risk changed (and were told). */
export async function forecastOpenLines(db: Db, bus: LineBus, now: Date, batch = BATCH): Promise<number[]> {
  await countMedians(db, now);
  const medians = await storedMedians(db);
  const told: number[] = [];
  for (let after = 0; ; ) {
    const ids = (await db.selectFrom('order_lines').select('id').where('closed_at', 'is', null).where('id', '>', after).orderBy('id').limit(batch).execute()).map((row) => row.id);
    if (ids.length === 0) return told;
    if (after > 0) await othersTurn();
    after = ids[ids.length - 1];
    told.push(...(await bus.write(db, (trx, record) => reforecastLines(trx, record, ids, medians, now))));
  }
}

/** Stores the forecast job of the day `at` falls on (UTC) unless it is stored already; true when stored. */
export const scheduleForecast = (db: Db, at = new Date()) => enqueue(db, { kind: FORECAST_JOB, key: forecastJobKey(at), connectionId: null, payload: {} }, at);

export const forecastJobHandler =
  (db: Db, bus: LineBus): JobHandler =>
  async () =>
    void (await forecastOpenLines(db, bus, new Date()));

/** Schedules the day's forecast now (so a new server forecasts at once) and checks every hour; `stored` wakes the worker. Returns the stop. */
export function forecastEvery(db: Db, stored: () => void, log: { error(object: unknown, message: string): void }): () => void {
  const run = () =>
    scheduleForecast(db).then(
      (fresh) => fresh && stored(),
      (error: unknown) => log.error({ err: error }, 'the forecast could not be scheduled'),
    );
  void run();
  const timer = setInterval(run, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
