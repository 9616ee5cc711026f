import type { Db } from '../../db';
import { badRequest, conflict } from '../../errors';
import type { RoleChange, RoleDto, UserDto } from '../../../shared/api';
import { Role } from '../../../shared/roles';

const userColumns = ['users.id', 'users.username', 'users.email', 'users.role_id', 'roles.role_name', 'users.created_at'] as const;

function selectUsers(db: Db) {
  return db.selectFrom('users').innerJoin('roles', 'roles.id', 'users.role_id').select(userColumns);
}

function toDto(row: { id: number; username: string; email: string; role_id: number; role_name: string; created_at: string }): UserDto {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role_id,
    role_name: row.role_name,
    status: row.role_id === Role.Inactive ? 'inactive' : 'active',
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
  return db.selectFrom('roles').select(['id', 'role_name']).orderBy('id').execute();
}

const MAX_CHANGES = 1000;

/** Checks the shape of a changeUserRoles body: a non-empty list of {ID, Role} integers. */
export function parseRoleChanges(body: unknown): RoleChange[] {
  const valid =
    Array.isArray(body) &&
    body.length > 0 &&
    body.length <= MAX_CHANGES &&
    body.every(
      (item) =>
        item !== null &&
        typeof item === 'object' &&
        Number.isSafeInteger((item as RoleChange).ID) &&
        Number.isSafeInteger((item as RoleChange).Role),
    );
  if (!valid) throw badRequest('validation:roleChangesInvalid', 'VALIDATION');
  return (body as RoleChange[]).map(({ ID, Role }) => ({ ID, Role }));
}

/** Applies every change or none; the last admin keeps the admin role. */
export async function changeUserRoles(db: Db, changes: RoleChange[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const roles = new Set((await trx.selectFrom('roles').select('id').execute()).map((r) => r.id));
    const userIds = [...new Set(changes.map((c) => c.ID))];
    const known = new Set((await trx.selectFrom('users').select('id').where('id', 'in', userIds).execute()).map((u) => u.id));
    for (const change of changes) {
      if (!known.has(change.ID)) throw badRequest('errors:unknownUser', 'UNKNOWN_USER', { id: change.ID });
      if (!roles.has(change.Role)) throw badRequest('errors:unknownRole', 'UNKNOWN_ROLE', { role: change.Role });
    }
    const at = new Date().toISOString();
    for (const change of changes) {
      await trx.updateTable('users').set({ role_id: change.Role, updated_at: at }).where('id', '=', change.ID).execute();
    }
    const admins = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('role_id', '=', Role.Admin)
      .executeTakeFirstOrThrow();
    if (Number(admins.count) === 0) throw conflict('errors:lastAdmin', 'LAST_ADMIN');
  });
}
