import { addMilliseconds } from 'date-fns';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db';
import { committing } from '../../db/after-commit';
import { notify } from '../notifications/notify';
import type { UsersTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { AppError, badRequest, conflict, unauthorized } from '../../errors';
import { message } from '../../messages';
import type { LoginResponse } from '../../../shared/api';
import { PASSWORD_RESET_TTL_MS, REFRESH_REUSE_GRACE_MS } from '../../../shared/limits';
import { DEFAULT_ROLE, type RoleId } from '../../../shared/roles';
import { usernameKey } from '../../../shared/schemas/auth';
import { usernameKeySql } from './usernames';
import type { Mailer } from '../mail/transport';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, endSession, endUserSessions, type SessionUser, useSession } from './sessions';
import { hashToken, randomToken, signAccessToken } from './tokens';

export interface AuthDeps {
  db: Db;
  tokenKey: CryptoKey;
  mailer: Mailer | null;
  publicUrl: string;
}

const now = () => new Date().toISOString();

/* Compared against when the username is unknown, so a miss costs as long as a wrong password. */
const decoyHash = hashPassword('decoy-password');

const byUsername = (db: Db, username: string) => db.selectFrom('users').select(['id', 'password_hash']).where(usernameKeySql(), '=', usernameKey(username)).executeTakeFirst();

async function issueTokens(deps: AuthDeps, userId: number, sessionId: string): Promise<LoginResponse> {
  const refreshToken = randomToken();
  await deps.db
    .insertInto('refresh_tokens')
    .values({ token_hash: hashToken(refreshToken), session_id: sessionId, created_at: now(), used_at: null })
    .execute();
  const user = await deps.db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'users.role_id', 'roles.role_name'])
    .$narrowType<{ role_id: RoleId }>()
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    token: await signAccessToken(deps.tokenKey, { userId, sessionId }),
    refresh_token: refreshToken,
    user_role_id: user.role_id,
    user_role_title: user.role_name,
    user_id: user.id,
  };
}

export async function login(deps: AuthDeps, input: { username: string; password: string }): Promise<LoginResponse> {
  const user = await byUsername(deps.db, input.username);
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash));
  if (!user || !valid) throw new AppError(401, 'INVALID_CREDENTIALS', 'errors:invalidCredentials');
  const sessionId = await createSession(deps.db, user.id);
  return issueTokens(deps, user.id, sessionId);
}

const usernameTaken = () => conflict('errors:usernameTaken', 'USERNAME_TAKEN');

/** Refuses a name (in any case of its letters) or an address a user has already, with the register form's own sentences (SPEC section 8). */
export async function refuseTaken(db: Db, input: { username: string; email: string }): Promise<void> {
  const taken = await db
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) => eb.or([eb(usernameKeySql(), '=', usernameKey(input.username)), eb(sql`lower(email)`, '=', input.email.toLowerCase())]))
    .executeTakeFirst();
  if (taken) {
    throw usernameKey(taken.username) === usernameKey(input.username) ? usernameTaken() : conflict('errors:emailTaken', 'EMAIL_TAKEN');
  }
}

/** Inserts a user; a name taken meanwhile (a simultaneous registration of the same name) is refused as taken. */
export async function insertUser(db: Db, values: Insertable<UsersTable>): Promise<number> {
  try {
    return (await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id;
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

/**
 * Creates an inactive user. A taken name or address is refused (`refuseTaken`); the route's
 * per-client limit bounds how fast anyone can probe names that way, and the password is hashed
 * first, so a taken name answers no sooner than a free one.
 */
export async function register(deps: AuthDeps, input: { username: string; email: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await refuseTaken(deps.db, input);
  const at = now();
  // The admins hear of the account waiting for its role, in its transaction.
  await committing(deps.db, async (trx) => {
    await insertUser(trx, { username: input.username, email: input.email, password_hash: passwordHash, role_id: DEFAULT_ROLE, created_at: at, updated_at: at });
    await notify(trx, {}, [{ kind: 'user_registered', values: { username: input.username }, target: { report: 'users' } }]);
  });
}

/** Rotates the refresh token. Presenting an already used one ends the session: it was stolen or replayed. */
export async function refresh(deps: AuthDeps, refreshToken: string): Promise<LoginResponse> {
  const hash = hashToken(refreshToken);
  const row = await deps.db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .select(['refresh_tokens.used_at', 'sessions.id as session_id', 'sessions.user_id'])
    .where('refresh_tokens.token_hash', '=', hash)
    .executeTakeFirst();
  const refused = () => unauthorized('errors:refreshInvalid', 'REFRESH_INVALID');
  if (!row) throw refused();
  const claimed = await deps.db
    .updateTable('refresh_tokens')
    .set({ used_at: now() })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    // Claimed between the read and the claim: used just now, within the grace.
    const usedAt = row.used_at === null ? Date.now() : Date.parse(row.used_at);
    if (Date.now() - usedAt > REFRESH_REUSE_GRACE_MS) {
      await endSession(deps.db, row.session_id);
      throw refused();
    }
  }
  const user = await useSession(deps.db, row.session_id, row.user_id);
  if (!user) throw refused();
  return issueTokens(deps, row.user_id, row.session_id);
}

export async function logout(deps: AuthDeps, user: SessionUser): Promise<void> {
  await endSession(deps.db, user.sessionId);
}

/** The mail server, or the 503 of SPEC section 8 when none is configured (the same for every address). */
export function requireMailer(deps: AuthDeps): Mailer {
  if (!deps.mailer) throw new AppError(503, 'MAIL_UNAVAILABLE', 'errors:mailUnavailable');
  return deps.mailer;
}

/**
 * Mails a single-use reset link when the address belongs to a user, and does nothing for an
 * unknown one. The route runs it after it has answered, with the same sentence for every address,
 * so neither the answer nor its time tells whether the address is registered. A failed delivery
 * withdraws the link and throws, for the log.
 */
export async function sendResetLink(deps: AuthDeps, email: string): Promise<'sent' | 'unknown'> {
  const mailer = requireMailer(deps);
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  if (!user) return 'unknown';
  await mailPasswordLink({ ...deps, mailer }, user, { subject: 'success:resetMailSubject', body: 'success:resetMailBody' });
  return 'sent';
}

/**
 * Mails the user a single-use, one-hour link to set a password (a reset, or an invitation of a
 * user the admin added), under the subject and above the link the sentences of `mail` say. A
 * failed delivery withdraws the link and throws.
 */
export async function mailPasswordLink(
  deps: Pick<AuthDeps, 'db' | 'publicUrl'> & { mailer: Mailer },
  user: { id: number; email: string },
  mail: { subject: string; body: string; values?: Record<string, string> },
): Promise<void> {
  const token = randomToken();
  const created = new Date();
  await deps.db
    .insertInto('password_resets')
    .values({
      token_hash: hashToken(token),
      user_id: user.id,
      created_at: created.toISOString(),
      expires_at: addMilliseconds(created, PASSWORD_RESET_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send({ to: user.email, subject: message(mail.subject, mail.values), text: `${message(mail.body, mail.values)}\n\n${link}\n` });
  } catch (error) {
    await deps.db.deleteFrom('password_resets').where('token_hash', '=', hashToken(token)).execute();
    throw error;
  }
}

/** Sets a new password from a single-use, one-hour link and ends every open session of the user. */
export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }): Promise<void> {
  const hash = hashToken(input.token);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    const at = now();
    const reset = await trx
      .selectFrom('password_resets')
      .select(['user_id'])
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    if (!reset) throw badRequest('validation:resetTokenInvalid', 'RESET_TOKEN_INVALID');
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: at })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw badRequest('validation:resetTokenInvalid', 'RESET_TOKEN_INVALID');
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', reset.user_id).execute();
    await endUserSessions(trx, reset.user_id);
  });
}

/** Changes the user's own password and ends every other session of the user; the calling one goes on. */
export async function changePassword(
  deps: AuthDeps,
  user: SessionUser,
  input: { username: string; old_password: string; new_password: string },
): Promise<void> {
  const failed = () => badRequest('errors:passwordChangeFailed', 'PASSWORD_CHANGE_FAILED');
  // One may only change one's own password, and must know the current one.
  if (usernameKey(input.username) !== usernameKey(user.username)) throw failed();
  const row = await deps.db.selectFrom('users').select(['password_hash']).where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(input.old_password, row.password_hash))) throw failed();
  const passwordHash = await hashPassword(input.new_password);
  // Whoever else holds a session of this user (a stolen token, a forgotten tablet) is out; this one goes on.
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now() }).where('id', '=', user.id).execute();
    await endUserSessions(trx, user.id, user.sessionId);
  });
}
