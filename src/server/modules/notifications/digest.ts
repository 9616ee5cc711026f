import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { committing } from '../../db/after-commit';
import { type RoundLog, roundsEvery } from '../../rounds';
import { lateSql } from '../order-lines/figures';
import { getGeneralSettings } from '../settings/service';
import { dayIn } from '../../../shared/days';
import { defaultChannel, kindsFor, type NotificationChannel, type NotificationKind, type NotificationTarget } from '../../../shared/notifications';
import { queueDigestMail } from './mail';
import { notify } from './notify';

/*
 * The office's daily digest: once a day, from DIGEST_HOUR in the office's time zone, one
 * notification per kind of what turned bad over the last day. Each kind's digest is keyed by its
 * office day (`notification_digests`, written in the digest's transaction), so a restart, or two
 * processes, never make one twice. Then each user who chose the digest for some kinds gets one
 * e-mail gathering their notifications of those kinds since their last one, keyed by user and
 * office day (`notification_digest_mails`) the same way.
 */

/** The hour of the office's day from which the digest is made. */
export const DIGEST_HOUR = 8;

const DAY_MS = 86_400_000;
/** A digest e-mail gathers since the user's last one, but never more than this far back (their first, or after a pause). */
const DIGEST_MAIL_REACH_MS = 7 * DAY_MS;

type Count = (trx: Transaction<Database>, from: Date, to: Date) => Promise<number>;

const counted = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) => Number((await query.executeTakeFirstOrThrow()).n);

/** What a digest counts between `from` and `to`, and the view of the order grid its notification opens. */
const PARTS: ReadonlyArray<{ kind: NotificationKind; target: NotificationTarget; count: Count }> = [
  {
    kind: 'lines_late',
    target: { report: 'late' },
    // Lines whose expected date passed during the last day and that are late now.
    count: (trx, from, to) =>
      counted(
        trx
          .selectFrom('order_lines as l')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where(lateSql(to))
          .where('l.production_expected_date', '>=', from.toISOString()),
      ),
  },
  {
    kind: 'late_risk',
    target: { report: 'lateRisk' },
    // Lines that turned at risk (issue 22's forecast) during the last day and are still at risk, not late yet.
    count: (trx, from, to) =>
      counted(
        trx
          .selectFrom('order_lines as l')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('l.late_risk_since', '>=', from.toISOString())
          .where('l.late_risk_since', '<=', to.toISOString())
          .where('l.late_risk', '=', 1)
          .where(sql<boolean>`not ${lateSql(to)}`),
      ),
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
    const done = await committing(db, async (trx) => {
      const taken = await trx.insertInto('notification_digests').values({ kind: part.kind, day, created_at: now.toISOString() }).onConflict((oc) => oc.doNothing()).returning('day').executeTakeFirst();
      if (!taken) return false;
      const count = await part.count(trx, new Date(now.getTime() - DAY_MS), now);
      if (count > 0) await notify(trx, {}, [{ kind: part.kind, values: { count, day }, target: part.target }], now.toISOString());
      return true;
    });
    if (done) made.push(part.kind);
  }
  await digestMails(db, day, now);
  return made;
}

/** The kinds each user chose the digest for (or keeps it by default), for the users who have any. */
async function digestKinds(db: Db): Promise<Map<number, NotificationKind[]>> {
  const users = await db.selectFrom('users').select(['id', 'role_id']).orderBy('id').execute();
  const chosen = new Map<string, NotificationChannel>();
  for (const row of await db.selectFrom('notification_preferences').select(['user_id', 'kind', 'channel']).execute()) chosen.set(`${row.user_id}/${row.kind}`, row.channel as NotificationChannel);
  const kinds = new Map<number, NotificationKind[]>();
  for (const user of users) {
    const mine = kindsFor(user.role_id).filter((kind) => (chosen.get(`${user.id}/${kind}`) ?? defaultChannel(kind)) === 'digest');
    if (mine.length > 0) kinds.set(user.id, mine);
  }
  return kinds;
}

/**
 * Queues the digest e-mail of `day` for each user who chose the digest for some kinds and has
 * notifications of them since their last one (at most DIGEST_MAIL_REACH_MS back); each in its own
 * transaction that first takes the user's day, so none is made twice. Answers the users mailed.
 */
export async function digestMails(db: Db, day: string, now: Date): Promise<number[]> {
  const mailed: number[] = [];
  const at = now.toISOString();
  const done = new Set((await db.selectFrom('notification_digest_mails').select('user_id').where('day', '=', day).execute()).map((row) => row.user_id));
  for (const [userId, kinds] of await digestKinds(db)) {
    if (done.has(userId)) continue;
    const queued = await committing(db, async (trx) => {
      const last = await trx.selectFrom('notification_digest_mails').select((eb) => eb.fn.max('until').as('until')).where('user_id', '=', userId).executeTakeFirst();
      const taken = await trx.insertInto('notification_digest_mails').values({ user_id: userId, day, until: at }).onConflict((oc) => oc.doNothing()).returning('day').executeTakeFirst();
      if (!taken) return false;
      const from = Math.max(last?.until ? Date.parse(String(last.until)) : 0, now.getTime() - DIGEST_MAIL_REACH_MS);
      const gathered = await trx
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', userId)
        .where('kind', 'in', kinds)
        .where('created_at', '>', new Date(from).toISOString())
        .where('created_at', '<=', at)
        .orderBy('id')
        .execute();
      if (gathered.length === 0) return false;
      await queueDigestMail(trx, { user_id: userId, day, notification_ids: gathered.map((row) => row.id) });
      return true;
    });
    if (queued) mailed.push(userId);
  }
  return mailed;
}

/**
 * Forgets the digests made before `beforeDay` (an office day): the office's and the users' e-mails.
 * A digest gathers at most a week back, so a record older than the notifications it told of keeps
 * no digest from being made twice; answers how many rows went.
 */
export async function pruneDigests(db: Db, beforeDay: string): Promise<number> {
  const made = await db.deleteFrom('notification_digests').where('day', '<', beforeDay).executeTakeFirst();
  const mailed = await db.deleteFrom('notification_digest_mails').where('day', '<', beforeDay).executeTakeFirst();
  return Number(made.numDeletedRows) + Number(mailed.numDeletedRows);
}

/** Looks for a digest to make every `everyMs` until the returned stop. */
export function digestsEvery(db: Db, everyMs: number, log: RoundLog): () => Promise<void> {
  return roundsEvery(everyMs, () => dailyDigest(db, new Date()), log, 'daily digest failed');
}
