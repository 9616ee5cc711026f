import { randomUUID } from 'node:crypto';
import { differenceInMilliseconds, isBefore, subMilliseconds } from 'date-fns';
import type { Db } from '../../db';
import { SESSION_IDLE_LIMIT_MS } from '../../../shared/limits';
import type { RoleId } from '../../../shared/roles';

/** The user behind a request, read fresh from the database on every call. */
export interface SessionUser {
  id: number;
  username: string;
  role: RoleId;
  sessionId: string;
  /** The user's live workshop (the oldest, should there be two), else null; read with the session. */
  workshopId: number | null;
  /** The user's customer record (the oldest, should there be two), else null; read with the session. */
  customerId: number | null;
}

/* Last activity is written at most once a minute per session, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

const now = () => new Date().toISOString();
const idleCutoff = (at: Date | number = Date.now()) => subMilliseconds(at, SESSION_IDLE_LIMIT_MS).toISOString();

export async function createSession(db: Db, userId: number): Promise<string> {
  const id = randomUUID();
  const at = now();
  await db.insertInto('sessions').values({ id, user_id: userId, created_at: at, last_activity_at: at, active: 1, ended_at: null }).execute();
  return id;
}

/** Active sessions with their users, and the workshop and customer record each user acts for. */
function activeSessions(db: Db) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select((eb) => [
      'sessions.id as session_id',
      'users.id',
      'users.username',
      'users.role_id',
      'sessions.last_activity_at',
      eb.selectFrom('workshops').select((w) => w.fn.min('workshops.id').as('id')).whereRef('workshops.user_id', '=', 'users.id').where('workshops.is_deleted', '=', 0).as('workshop_id'),
      eb.selectFrom('customers').select((c) => c.fn.min('customers.id').as('id')).whereRef('customers.user_id', '=', 'users.id').as('customer_id'),
    ])
    .where('sessions.active', '=', 1);
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof activeSessions>['execute']>>[number];

const userOf = (row: SessionRow): SessionUser => ({
  id: row.id,
  username: row.username,
  role: row.role_id as RoleId,
  sessionId: row.session_id,
  workshopId: row.workshop_id ?? null,
  customerId: row.customer_id ?? null,
});

/**
 * The session's user when the session is active and was used within the idle limit; records the
 * activity. The user's workshop and customer record come in the same query: the order routes need
 * them on every call to know whose lines the user may see.
 */
export async function useSession(db: Db, sessionId: string, userId: number): Promise<SessionUser | null> {
  const row = await activeSessions(db).where('sessions.id', '=', sessionId).where('sessions.user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  if (isBefore(row.last_activity_at, idleCutoff())) {
    await endSession(db, sessionId);
    return null;
  }
  if (differenceInMilliseconds(Date.now(), row.last_activity_at) > TOUCH_INTERVAL_MS) {
    await db.updateTable('sessions').set({ last_activity_at: now() }).where('id', '=', sessionId).execute();
  }
  return userOf(row);
}

/**
 * The users of those sessions that are still live (active, used within the idle limit), read in
 * one query without counting as activity: a screen left open is not a user at work.
 */
export async function liveSessions(db: Db, sessionIds: readonly string[]): Promise<Map<string, SessionUser>> {
  const live = new Map<string, SessionUser>();
  const cutoff = idleCutoff();
  for (let i = 0; i < sessionIds.length; i += 500) {
    const rows = await activeSessions(db).where('sessions.id', 'in', sessionIds.slice(i, i + 500)).execute();
    for (const row of rows) if (!isBefore(row.last_activity_at, cutoff)) live.set(row.session_id, userOf(row));
  }
  return live;
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ active: 0, ended_at: now() }).where('id', '=', sessionId).where('active', '=', 1).execute();
}

/**
 * Ends every open session of the user but `keep` (the one changing its password goes on); their
 * access and refresh tokens are refused from the next request on, since every request and every
 * refresh looks the session up.
 */
export async function endUserSessions(db: Db, userId: number, keep?: string): Promise<void> {
  let ending = db.updateTable('sessions').set({ active: 0, ended_at: now() }).where('user_id', '=', userId).where('active', '=', 1);
  if (keep !== undefined) ending = ending.where('id', '!=', keep);
  await ending.execute();
}

/** Ends every session idle past the limit; returns how many. Run every SESSION_SWEEP_INTERVAL_MS. */
export async function sweepIdleSessions(db: Db, at = Date.now()): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ active: 0, ended_at: new Date(at).toISOString() })
    .where('active', '=', 1)
    .where('last_activity_at', '<', idleCutoff(at))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
