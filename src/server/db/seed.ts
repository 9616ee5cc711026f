import type { Config } from '../../../config';
import { generatePassword, hashPassword } from '../modules/auth/passwords';
import { Role, type RoleId } from '../../shared/roles';
import type { Db } from '.';
import { isUniqueViolation } from './errors';

export interface SeededAccount {
  username: string;
  /** Null when the password came from the environment and must not be echoed. */
  password: string | null;
  role: RoleId;
}

/* One account per role so a newcomer can open every dashboard. */
const DEMO_USERS: ReadonlyArray<{ username: string; role: RoleId }> = [
  { username: 'ofis', role: Role.Office },
  { username: 'atolye', role: Role.Workshop },
  { username: 'musteri', role: Role.Customer },
  { username: 'pasif', role: Role.Inactive },
];

async function addUser(db: Db, username: string, email: string, password: string, role: RoleId): Promise<boolean> {
  const at = new Date().toISOString();
  try {
    await db
      .insertInto('users')
      .values({ username, email, password_hash: await hashPassword(password), role_id: role, created_at: at, updated_at: at })
      .execute();
    return true;
  } catch (error) {
    // Another process starting on the same database created it first.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * First start: with no users yet, creates the admin (ADMIN_USERNAME / ADMIN_PASSWORD, or a generated
 * password) and, with DEMO_DATA, one user of every other role. Returns the accounts to print once.
 */
export async function bootstrap(db: Db, config: Config): Promise<SeededAccount[]> {
  const users = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  if (Number(users.count) > 0) return [];

  const seeded: SeededAccount[] = [];
  const adminPassword = config.adminPassword ?? generatePassword();
  if (await addUser(db, config.adminUsername, config.adminEmail, adminPassword, Role.Admin)) {
    seeded.push({ username: config.adminUsername, password: config.adminPassword ? null : adminPassword, role: Role.Admin });
  }
  if (config.demoData) {
    for (const { username, role } of DEMO_USERS) {
      const password = generatePassword();
      if (await addUser(db, username, `${username}@example.com`, password, role)) seeded.push({ username, password, role });
    }
  }
  return seeded;
}
