import type { Db } from '../../db';
import { daysAfter } from '../../dates';
import { type RoundLog, roundsEvery } from '../../rounds';
import { rateLimits } from '../auth/limits';
import { FINISHED_JOB_KEEP_DAYS, pruneJobs } from '../jobs/queue';
import { PRUNE_BATCH, pruneChanges } from '../live/retention';
import { pruneDigests } from '../notifications/digest';
import { pruneNotifications } from '../notifications/service';
import { NOTIFICATION_KEEP_DAYS } from '../../../shared/notifications';

/*
 * What would otherwise grow without bound: the live change log past its retention, shop jobs long
 * finished, notifications older than 90 days and the records of digests made before them, ended rate-limit counters. Each is deleted a batch per statement, so a large backlog
 * never holds SQLite's one writer for long. Line history, the audit log and the metal ledger are
 * records: nothing here touches them.
 */

export interface HousekeepingOptions {
  /** Days a change stays in the log (CHANGE_RETENTION_DAYS). */
  changeRetentionDays: number;
  batch?: number;
  /** Asked between batches: a closing server stops at the next one. */
  stopped?: () => boolean;
}

/** One round of housekeeping at `now`; answers how many rows of each kind it deleted. */
export async function housekeep(db: Db, now: Date, { changeRetentionDays, batch = PRUNE_BATCH, stopped = () => false }: HousekeepingOptions) {
  const each = { batch, stopped };
  return {
    changes: await pruneChanges(db, new Date(daysAfter(now, -changeRetentionDays)), each),
    jobs: await pruneJobs(db, new Date(daysAfter(now, -FINISHED_JOB_KEEP_DAYS)), each),
    notifications: await pruneNotifications(db, new Date(daysAfter(now, -NOTIFICATION_KEEP_DAYS)), each),
    // A few rows a day: one statement each. Office days, compared as text, a day early in any zone.
    digests: await pruneDigests(db, new Date(daysAfter(now, -NOTIFICATION_KEEP_DAYS - 1)).toISOString().slice(0, 10)),
    rateLimits: await rateLimits(db, () => now.getTime()).sweep(each),
  };
}

/** Runs housekeeping every `everyMs` until the returned stop, which waits for the round under way to end at its next batch. */
export function housekeepingEvery(db: Db, everyMs: number, options: HousekeepingOptions, log: RoundLog): () => Promise<void> {
  return roundsEvery(everyMs, (stopped) => housekeep(db, new Date(), { ...options, stopped }), log, 'housekeeping failed');
}
