import { type Kysely, sql } from 'kysely';
import { isPostgres, timestampType, withId } from '../ddl';

/*
 * The metal ledger. Weights are whole numbers of their smallest unit (shared/metal.ts): grams to
 * 3 places as milligrams, fine gold to 4 places as tenths of a milligram, so sums are exact on both
 * databases. A voucher keeps the milyem each line was written with; confirmed vouchers write
 * ledger entries, which are never changed or deleted (triggers refuse it): a mistake is undone by
 * a reversal voucher naming the one it reverses.
 */

const PURITIES = [
  { metal: 'gold', ayar: 24, milyem: 995 },
  { metal: 'gold', ayar: 22, milyem: 916 },
  { metal: 'gold', ayar: 21, milyem: 875 },
  { metal: 'gold', ayar: 18, milyem: 750 },
  { metal: 'gold', ayar: 14, milyem: 585 },
  { metal: 'gold', ayar: 9, milyem: 375 },
  { metal: 'gold', ayar: 8, milyem: 333 },
  { metal: 'silver', ayar: null, milyem: 925 },
  { metal: 'platinum', ayar: null, milyem: 950 },
];

export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable('metal_purities'))
    .addColumn('metal', 'varchar(10)', (c) => c.notNull())
    // Gold's ayar (karat); null for silver and platinum, which have one purity each.
    .addColumn('ayar', 'integer')
    .addColumn('milyem', 'integer', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('metal_purities_idx').on('metal_purities').columns(['metal', 'ayar']).unique().execute();
  const at = new Date().toISOString();
  await db.insertInto('metal_purities').values(PURITIES.map((purity) => ({ ...purity, updated_at: at }))).execute();

  await withId(db, db.schema.createTable('metal_vouchers'))
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('number', 'varchar(20)')
    .addColumn('workshop_id', 'integer', (c) => c.notNull().references('workshops.id'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    // The voucher this one undoes; a voucher is reversed at most once.
    .addColumn('reverses_id', 'integer', (c) => c.references('metal_vouchers.id').unique())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('dispute_reason', 'varchar(500)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
    .addColumn('decided_at', ts)
    .execute();
  await db.schema.createIndex('metal_vouchers_number_idx').on('metal_vouchers').column('number').unique().execute();
  await db.schema.createIndex('metal_vouchers_workshop_idx').on('metal_vouchers').columns(['workshop_id', 'date']).execute();

  await withId(db, db.schema.createTable('metal_voucher_lines'))
    .addColumn('voucher_id', 'integer', (c) => c.notNull().references('metal_vouchers.id'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('metal', 'varchar(10)', (c) => c.notNull())
    .addColumn('milyem', 'integer', (c) => c.notNull())
    .addColumn('gross_mg', 'integer', (c) => c.notNull())
    .addColumn('stone_cct', 'integer', (c) => c.notNull())
    .addColumn('stone_mg', 'integer', (c) => c.notNull())
    .addColumn('other_mg', 'integer', (c) => c.notNull())
    .addColumn('net_mg', 'integer', (c) => c.notNull())
    .addColumn('fine', 'integer', (c) => c.notNull())
    .addColumn('order_line_id', 'integer', (c) => c.references('order_lines.id'))
    .addColumn('step_id', 'integer', (c) => c.references('production_steps.id'))
    .execute();
  await db.schema.createIndex('metal_voucher_lines_voucher_idx').on('metal_voucher_lines').column('voucher_id').execute();

  await withId(db, db.schema.createTable('metal_ledger'))
    .addColumn('voucher_id', 'integer', (c) => c.notNull().references('metal_vouchers.id'))
    .addColumn('voucher_line_id', 'integer', (c) => c.notNull().references('metal_voucher_lines.id').unique())
    .addColumn('workshop_id', 'integer', (c) => c.notNull().references('workshops.id'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('metal', 'varchar(10)', (c) => c.notNull())
    .addColumn('milyem', 'integer', (c) => c.notNull())
    // Signed: metal issued to the workshop counts for what it owes, metal returned against it.
    .addColumn('net_mg', 'integer', (c) => c.notNull())
    .addColumn('fine', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  // Covers a workshop's sums (balance, opening of a statement) without reading the rows themselves.
  await db.schema.createIndex('metal_ledger_workshop_idx').on('metal_ledger').columns(['workshop_id', 'date', 'fine']).execute();

  // A piece received by a confirmed receipt: its gram is final until that receipt is reversed.
  await db.schema.alterTable('order_lines').addColumn('metal_received_at', ts).execute();

  // Insert-only, whatever writes to the database.
  if (isPostgres(db)) {
    await sql`create function metal_ledger_insert_only() returns trigger language plpgsql as $$ begin raise exception 'metal_ledger is insert-only'; end $$`.execute(db);
    await sql`create trigger metal_ledger_no_change before update or delete on metal_ledger for each row execute function metal_ledger_insert_only()`.execute(db);
  } else {
    await sql`create trigger metal_ledger_no_update before update on metal_ledger begin select raise(abort, 'metal_ledger is insert-only'); end`.execute(db);
    await sql`create trigger metal_ledger_no_delete before delete on metal_ledger begin select raise(abort, 'metal_ledger is insert-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists metal_ledger_no_change on metal_ledger`.execute(db);
    await sql`drop function if exists metal_ledger_insert_only()`.execute(db);
  }
  await db.schema.alterTable('order_lines').dropColumn('metal_received_at').execute();
  await db.schema.dropTable('metal_ledger').execute();
  await db.schema.dropTable('metal_voucher_lines').execute();
  await db.schema.dropTable('metal_vouchers').execute();
  await db.schema.dropTable('metal_purities').execute();
}
