import { differenceInSeconds } from 'date-fns';
import { sql } from 'kysely';
import type { Db, DialectName } from '../../db';
import type { GeneralSettings } from '../../../shared/schemas/settings';
import { GENERAL_SETTINGS_KEY, settingsOf, storedSettings } from '../../db/general-settings';
import { changedFields, recordChange } from '../audit/record';

export async function getGeneralSettings(db: Db): Promise<GeneralSettings> {
  return settingsOf((await storedSettings(db).executeTakeFirst())?.value);
}

/**
 * Saves the general settings; a setting the input leaves out (the gram bounds, optional in its
 * schema) keeps its value. The audit row of `userId` holds the settings whose value changed.
 */
export async function saveGeneralSettings(db: Db, input: Partial<GeneralSettings>, userId: number): Promise<GeneralSettings> {
  const updated_at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await getGeneralSettings(trx);
    const settings = { ...before, ...input };
    const value = JSON.stringify(settings);
    await trx
      .insertInto('settings')
      .values({ key: GENERAL_SETTINGS_KEY, value, updated_at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at }))
      .execute();
    await recordChange(trx, { userId, kind: 'settings', entityId: null, ...changedFields(before, settings) });
  });
  return getGeneralSettings(db);
}

async function databaseSize(db: Db, dialect: DialectName): Promise<number> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ size: number }>`select pg_database_size(current_database()) as size`.execute(db);
    return Number(rows[0].size);
  }
  const { rows } = await sql<{ size: number }>`select page_count * page_size as size from pragma_page_count(), pragma_page_size()`.execute(db);
  return Number(rows[0].size);
}

const count = (db: Db, table: 'products' | 'customers') =>
  db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));

/** Real figures for the system info tab. */
export async function systemInfo(db: Db, dialect: DialectName, version: string, startedAt: number) {
  const usersByRole = await db
    .selectFrom('roles as r')
    .leftJoin('users as u', 'u.role_id', 'r.id')
    .select(['r.id as role_id', 'r.role_name', (eb) => eb.fn.count<number>('u.id').as('count')])
    .groupBy(['r.id', 'r.role_name'])
    .orderBy('r.id')
    .execute();
  const linesByStatus = await db
    .selectFrom('order_line_statuses as s')
    .leftJoin('order_lines as l', 'l.order_line_status_id', 's.id')
    .select(['s.id as status_id', 's.name', (eb) => eb.fn.count<number>('l.id').as('count')])
    .groupBy(['s.id', 's.name'])
    .orderBy('s.id')
    .execute();
  const workshops = await db
    .selectFrom('workshops')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  return {
    users_by_role: usersByRole.map((r) => ({ ...r, count: Number(r.count) })),
    products: await count(db, 'products'),
    workshops: Number(workshops.n),
    customers: await count(db, 'customers'),
    order_lines_by_status: linesByStatus.map((s) => ({ ...s, count: Number(s.count) })),
    database: dialect,
    database_size_bytes: await databaseSize(db, dialect),
    uptime_seconds: differenceInSeconds(Date.now(), startedAt),
    version,
  };
}
