import type { Config } from '../../../config';
import { generatePassword, hashPassword } from '../modules/auth/passwords';
import { creditStandingOf } from '../modules/customers/service';
import { Role, type RoleId } from '../../shared/roles';
import type { Db } from '.';
import { seedCatalogue } from './demo-catalogue';
import { seedMetal } from './demo-metal';
import { seedOrders } from './demo-orders';
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

/** The new user's id, or null when another process starting on the same database created it first. */
async function addUser(db: Db, username: string, email: string, password: string, role: RoleId): Promise<number | null> {
  const at = new Date().toISOString();
  try {
    const row = await db
      .insertInto('users')
      .values({ username, email, password_hash: await hashPassword(password), role_id: role, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The room a demo customer's credit leaves beyond its open orders, and the step it is rounded up in. */
const CREDIT_ROOM = 100_000;

/** The demo customer's credit covers its open demo orders with room for new ones, as the office would have set it. */
async function coverOpenOrders(db: Db, customerId: number): Promise<void> {
  const customer = await db.selectFrom('customers').select(['id', 'credit', 'credit_currency']).where('id', '=', customerId).executeTakeFirstOrThrow();
  const { open_order_amount } = await creditStandingOf(db, customer);
  const credit = Math.max(Number(customer.credit), Math.ceil((open_order_amount + CREDIT_ROOM) / CREDIT_ROOM) * CREDIT_ROOM);
  await db.updateTable('customers').set({ credit }).where('id', '=', customerId).execute();
}

/* How many products the demo catalogue has. */
const DEMO_PRODUCTS = 300;

/**
 * First start: with no users yet, creates the admin (ADMIN_USERNAME / ADMIN_PASSWORD, or a generated
 * password) and, with DEMO_DATA, one user of every other role. Returns the accounts to print once.
 */
export async function bootstrap(db: Db, config: Config): Promise<SeededAccount[]> {
  const users = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  if (Number(users.count) > 0) return [];

  const seeded: SeededAccount[] = [];
  const adminPassword = config.adminPassword ?? generatePassword();
  const adminId = await addUser(db, config.adminUsername, config.adminEmail, adminPassword, Role.Admin);
  if (adminId === null) return seeded;
  seeded.push({ username: config.adminUsername, password: config.adminPassword ? null : adminPassword, role: Role.Admin });
  if (config.demoData) {
    const ids: Partial<Record<RoleId, number>> = {};
    for (const { username, role } of DEMO_USERS) {
      const password = generatePassword();
      const id = await addUser(db, username, `${username}@example.com`, password, role);
      if (id !== null) {
        ids[role] = id;
        seeded.push({ username, password, role });
      }
    }
    await seedCatalogue(db, DEMO_PRODUCTS, { adminId, workshopUserId: ids[Role.Workshop], customerUserId: ids[Role.Customer] });
    const demoCustomer = await db.selectFrom('customers').select('id').orderBy('id').executeTakeFirst();
    await seedOrders(db, 40, demoCustomer?.id ?? null);
    if (demoCustomer) await coverOpenOrders(db, demoCustomer.id);
    await seedOrders(db, 60, null, 11);
    await seedMetal(db, adminId);
  }
  return seeded;
}
