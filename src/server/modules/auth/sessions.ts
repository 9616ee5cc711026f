import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { SESSION_IDLE_LIMIT_MS } from '../../../shared/limits';
import type { RoleId } from '../../../shared/roles';

/** The user behind a request, read fresh from the database on every call. */
export interface SessionUser {
  id: number;
  username: string;
  role: RoleId;
  sessionId: string;
}

/* Last activity is written at most once a minute per session, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

const now = () => new Date().toISOString();
const idleCutoff = (at = Date.now()) => new Date(at - SESSION_IDLE_LIMIT_MS).toISOString();

export async function createSession(db: Db, userId: number): Promise<string> {
  const id = randomUUID();
  const at = now();
  await db.insertInto('sessions').values({ id, user_id: userId, created_at: at, last_activity_at: at, active: 1, ended_at: null }).execute();
  return id;
}

/** The session's user when the session is active and was used within the idle limit; records the activity. */
export async function useSession(db: Db, sessionId: string, userId: number): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.username', 'users.role_id', 'sessions.last_activity_at'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.active', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  const last = Date.parse(row.last_activity_at);
  if (last < Date.parse(idleCutoff())) {
    await endSession(db, sessionId);
    return null;
  }
  if (Date.now() - last > TOUCH_INTERVAL_MS) {
    await db.updateTable('sessions').set({ last_activity_at: now() }).where('id', '=', sessionId).execute();
  }
  return { id: row.id, username: row.username, role: row.role_id as RoleId, sessionId };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ active: 0, ended_at: now() }).where('id', '=', sessionId).where('active', '=', 1).execute();
}

export async function endUserSessions(db: Db, userId: number): Promise<void> {
  await db.updateTable('sessions').set({ active: 0, ended_at: now() }).where('user_id', '=', userId).where('active', '=', 1).execute();
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
