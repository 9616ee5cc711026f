import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { lateSql } from '../order-lines/figures';
import { getGeneralSettings } from '../settings/service';
import { dayIn } from '../../../shared/days';
import type { NotificationKind } from '../../../shared/notifications';
import { notify } from './notify';

/*
 * The office's daily digest: once a day, from DIGEST_HOUR in the office's time zone, one
 * notification per kind of what turned bad over the last day. Each kind's digest is keyed by its
 * office day (`notification_digests`, written in the digest's transaction), so a restart, or two
 * processes, never make one twice.
 */

/** The hour of the office's day from which the digest is made. */
export const DIGEST_HOUR = 8;

const DAY_MS = 86_400_000;

/**
 * What a digest counts between `from` and `to`. Lines at risk of being late (`late_risk`, issue
 * 22's forecast) add their part here, counted over the forecast's columns of order_lines.
 */
const PARTS: ReadonlyArray<{ kind: NotificationKind; count: (trx: Transaction<Database>, from: Date, to: Date) => Promise<number> }> = [
  {
    kind: 'lines_late',
    // Lines whose expected date passed during the last day and that are late now.
    count: async (trx, from, to) => {
      const row = await trx
        .selectFrom('order_lines as l')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(lateSql(to))
        .where('l.production_expected_date', '>=', from.toISOString())
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  },
];

const hourIn = (at: Date, timeZone: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at));

/** Makes today's digests not yet made, once the office's day has reached DIGEST_HOUR; answers the kinds made. */
export async function dailyDigest(db: Db, now: Date): Promise<NotificationKind[]> {
  const { time_zone } = await getGeneralSettings(db);
  if (hourIn(now, time_zone) < DIGEST_HOUR) return [];
  const day = dayIn(now.getTime(), time_zone);
  const made: NotificationKind[] = [];
  for (const part of PARTS) {
    // Another process making the same digest at the same moment finds the day taken and makes none.
    const done = await db.transaction().execute(async (trx) => {
      const taken = await trx.insertInto('notification_digests').values({ kind: part.kind, day, created_at: now.toISOString() }).onConflict((oc) => oc.doNothing()).returning('day').executeTakeFirst();
      if (!taken) return false;
      const count = await part.count(trx, new Date(now.getTime() - DAY_MS), now);
      if (count > 0) await notify(trx, {}, [{ kind: part.kind, values: { count, day }, target: { report: 'late' } }], now.toISOString());
      return true;
    });
    if (done) made.push(part.kind);
  }
  return made;
}

/** Looks for a digest to make every `everyMs` until the returned stop. */
export function digestsEvery(db: Db, everyMs: number, log: { error(object: unknown, message: string): void }): () => Promise<void> {
  let round: Promise<void> | null = null;
  const timer = setInterval(() => {
    round ??= dailyDigest(db, new Date()).then(
      () => void (round = null),
      (error: unknown) => {
        round = null;
        log.error({ err: error }, 'daily digest failed');
      },
    );
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await round;
  };
}
