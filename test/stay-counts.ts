import type { Db } from '../src/server/db';
import { fillStayCounts } from '../src/server/db/migrations/2026-11-27-0041-stay-counts';

/*
 * The flow report's counts (migration 0041) as they are kept, and as they are counted again from
 * the stays, so a test can require them equal after any write.
 */

/** The kept counts, comparable whatever order their JSON was written in. */
export async function keptStayCounts(db: Db) {
  const parsed = (rows: Array<{ counts: string }>) => rows.map((row) => ({ ...row, counts: JSON.parse(row.counts) as unknown }));
  return {
    cells: await db.selectFrom('stay_cells').selectAll().orderBy('workshop_key').orderBy('phase').orderBy('step_key').execute(),
    days: parsed(await db.selectFrom('stay_days').selectAll().orderBy('workshop_key').orderBy('phase').orderBy('step_key').orderBy('day').execute()),
    hours: parsed(await db.selectFrom('stay_hours').selectAll().orderBy('workshop_key').orderBy('phase').orderBy('step_key').orderBy('hour').execute()),
  };
}

/** The counts kept, then those counted again from the stays (which the database keeps from then on). */
export async function stayCountsKeptAndCounted(db: Db) {
  const kept = await keptStayCounts(db);
  await fillStayCounts(db);
  return { kept, counted: await keptStayCounts(db) };
}
