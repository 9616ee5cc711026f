import { randomInt } from 'node:crypto';
import type { Db } from '../../db';
import { badRequest, conflict } from '../../errors';
import type { RoleDto, UserDto } from '../../../shared/api';
import { Role, type RoleId, userStatus } from '../../../shared/roles';
import { recordChange, recordChanges } from '../audit/record';
import type { Mailer } from '../mail/transport';
import { hashPassword } from '../auth/passwords';
import { insertUser, mailPasswordLink, refuseTaken } from '../auth/service';

const userColumns = ['users.id', 'users.username', 'users.email', 'users.role_id', 'roles.role_name', 'users.language', 'users.created_at'] as const;

// The roles table holds the five roles the code knows (a user of another reads nothing).
function selectUsers(db: Db) {
  return db.selectFrom('users').innerJoin('roles', 'roles.id', 'users.role_id').select(userColumns).$narrowType<{ role_id: RoleId }>();
}

function toDto(row: { id: number; username: string; email: string; role_id: RoleId; role_name: string; language: string | null; created_at: string }): UserDto {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role_id,
    role_name: row.role_name,
    status: userStatus(row.role_id),
    language: row.language,
    created_at: row.created_at,
  };
}

export async function listUsers(db: Db): Promise<UserDto[]> {
  return (await selectUsers(db).orderBy('users.id').execute()).map(toDto);
}

export async function getUser(db: Db, id: number): Promise<UserDto> {
  return toDto(await selectUsers(db).where('users.id', '=', id).executeTakeFirstOrThrow());
}

export function listRoles(db: Db): Promise<RoleDto[]> {
  return db.selectFrom('roles').select(['id', 'role_name']).$narrowType<{ id: RoleId }>().$assertType<RoleDto>().orderBy('id').execute();
}

export const MAX_CHANGES = 1000;

/**
 * Applies every change or none (a role is any integer until found among the roles); the last admin
 * keeps the admin role. Each user's change is one audit row of `changedBy`.
 */
export async function changeUserRoles(db: Db, changes: ReadonlyArray<{ ID: number; Role: number }>, changedBy: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const roles = new Map((await trx.selectFrom('roles').select(['id', 'role_name']).execute()).map((r) => [r.id, r.role_name]));
    const userIds = [...new Set(changes.map((c) => c.ID))];
    const current = new Map((await trx.selectFrom('users').select(['id', 'role_id']).where('id', 'in', userIds).execute()).map((u) => [u.id, u.role_id]));
    for (const change of changes) {
      if (!current.has(change.ID)) throw badRequest('errors:unknownUser', 'UNKNOWN_USER', { id: change.ID });
      if (!roles.has(change.Role)) throw badRequest('errors:unknownRole', 'UNKNOWN_ROLE', { role: change.Role });
    }
    const at = new Date().toISOString();
    for (const change of changes) {
      await trx.updateTable('users').set({ role_id: change.Role, updated_at: at }).where('id', '=', change.ID).execute();
    }
    // A user named twice ends with the last role given: one row from the role before to that one.
    const final = new Map(changes.map((c) => [c.ID, c.Role]));
    const role = (id: number) => ({ role_id: id, role_name: roles.get(id) ?? null });
    await recordChanges(
      trx,
      [...final].map(([id, to]) => ({ userId: changedBy, kind: 'user_role', entityId: id, before: role(current.get(id)!), after: role(to) })),
    );
    const admins = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('role_id', '=', Role.Admin)
      .executeTakeFirstOrThrow();
    if (Number(admins.count) === 0) throw conflict('errors:lastAdmin', 'LAST_ADMIN');
  });
}

/** A one-time password: letters and digits that cannot be mistaken for one another when read out. */
const PASSWORD_LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
const oneTimePassword = () => Array.from({ length: 12 }, () => PASSWORD_LETTERS[randomInt(PASSWORD_LETTERS.length)]).join('');

export interface NewUser {
  username: string;
  email: string;
  name: string;
  role: RoleId;
}

/**
 * The admin adds a user of any role, recorded in the audit log with the user in one transaction.
 * The user sets a password from an invitation mailed through the reset-link flow; without a mail
 * server, or when the invitation cannot be sent, the answer carries a one-time password instead,
 * which is kept nowhere but as its hash (the answer shows it once). A mailed user's password is
 * one nobody is told.
 */
export async function addUser(
  db: Db,
  mail: { mailer: Mailer | null; publicUrl: string },
  input: NewUser,
  addedBy: number,
): Promise<{ user: UserDto; password: string | null; undelivered?: unknown }> {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const id = await db.transaction().execute(async (trx) => {
    await refuseTaken(trx, input);
    const at = new Date().toISOString();
    const userId = await insertUser(trx, { username: input.username, email: input.email, name: input.name, password_hash: passwordHash, role_id: input.role, created_at: at, updated_at: at });
    const { role_name } = await trx.selectFrom('roles').select('role_name').where('id', '=', input.role).executeTakeFirstOrThrow();
    const after = { username: input.username, email: input.email, name: input.name, role_id: input.role, role_name };
    await recordChange(trx, { userId: addedBy, kind: 'user_created', entityId: userId, before: null, after });
    return userId;
  });
  const user = await getUser(db, id);
  const { mailer, publicUrl } = mail;
  if (!mailer) return { user, password };
  try {
    const values = { name: input.name, username: input.username };
    await mailPasswordLink({ db, mailer, publicUrl }, user, { subject: 'success:inviteMailSubject', body: 'success:inviteMailBody', values });
    return { user, password: null };
  } catch (error) {
    // Not delivered (the link is withdrawn): the admin passes the one-time password on instead.
    return { user, password, undelivered: error };
  }
}
