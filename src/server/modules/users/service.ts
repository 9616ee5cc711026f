import type { Db } from '../../db';
import { badRequest, conflict } from '../../errors';
import type { RoleDto, UserDto } from '../../../shared/api';
import { Role, type RoleId, userStatus } from '../../../shared/roles';
import { recordChanges } from '../audit/record';

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
