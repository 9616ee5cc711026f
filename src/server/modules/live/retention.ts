import type { Db } from '../../db';
import { othersTurn } from '../../db/turns';
import { AppError } from '../../errors';
import { CHANGES_PRUNED } from '../../../shared/live';
import { latestVersion } from '../order-lines/queries';

/*
 * The change log keeps what a reconnecting client resumes from, not a record: changes older than
 * the retention are deleted, and the horizon (every version up to it deleted) is moved in the
 * same transaction, so a reader knows exactly whether a version has fallen out.
 */

/** Rows one transaction deletes: SQLite has one writer, and a line's action waits for it no longer than this. */
export const PRUNE_BATCH = 1000;

export interface PruneOptions {
  batch?: number;
  /** Asked between batches: a closing server stops at the next one. */
  stopped?: () => boolean;
}

/** Every change up to this version has been pruned. */
export async function prunedThrough(db: Db): Promise<number> {
  const row = await db.selectFrom('order_line_changes_pruned').select('through').executeTakeFirstOrThrow();
  return Number(row.through);
}

/** 410: the client's version is older than the log keeps; it reads its lists anew. */
export const changesPruned = () => new AppError(410, CHANGES_PRUNED, 'errors:changesPruned');

/**
 * Deletes the changes made before `before`, oldest first, a batch per transaction; answers how
 * many. The newest change is always kept: its id is the version every reader resumes from.
 */
export async function pruneChanges(db: Db, before: Date, { batch = PRUNE_BATCH, stopped = () => false }: PruneOptions = {}): Promise<number> {
  const old = await db
    .selectFrom('order_line_changes')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  const last = Math.min(Number(old?.id ?? 0), (await latestVersion(db)) - 1);
  let removed = 0;
  while (!stopped()) {
    if (removed > 0) await othersTurn();
    const deleted = await db.transaction().execute(async (trx) => {
      const ids = await trx.selectFrom('order_line_changes').select('id').where('id', '<=', last).orderBy('id').limit(batch).execute();
      if (ids.length === 0) return 0;
      const through = ids[ids.length - 1].id;
      await trx.deleteFrom('order_line_changes').where('id', '<=', through).execute();
      await trx.updateTable('order_line_changes_pruned').set({ through }).where('through', '<', through).execute();
      return ids.length;
    });
    if (deleted === 0) break;
    removed += deleted;
  }
  return removed;
}
