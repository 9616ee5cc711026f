import { type Kysely, sql } from 'kysely';
import { barcodeOf } from '../../../shared/barcode';
import { isPostgres } from '../ddl';

/*
 * Every order line has a barcode (shared/barcode.ts), numbered from a counter that only grows, so
 * the number of a canceled or deleted line is never handed out again: a sequence on PostgreSQL,
 * which concurrent transactions draw from without waiting for each other; on SQLite, whose writers
 * take turns, a row of `counters`. The lines there are numbered in the order of their ids, and the
 * counter goes on after the last. The barcode rule is the shared one, so the lines numbered here
 * read as every line made later does.
 */

/** Lines numbered per statement: three parameters each. */
const CHUNK = 500;

export async function up(db: Kysely<any>): Promise<void> {
  const ids = (await db.selectFrom('order_lines').select('id').orderBy('id').execute()).map((row) => row.id as number);
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const cases = sql.join(chunk.map((id, index) => sql`when ${id} then ${barcodeOf(start + index + 1)}`), sql` `);
    await db.updateTable('order_lines').set({ barcode: sql`case id ${cases} end` }).where('id', 'in', chunk).execute();
  }
  if (isPostgres(db)) {
    await sql`create sequence order_line_barcode_numbers as bigint minvalue 1`.execute(db);
    if (ids.length > 0) await sql`select setval('order_line_barcode_numbers', ${ids.length})`.execute(db);
  } else {
    await db.schema.createTable('counters').addColumn('name', 'varchar(50)', (c) => c.primaryKey()).addColumn('last', 'integer', (c) => c.notNull()).execute();
    await db.insertInto('counters').values({ name: 'order_line_barcode', last: ids.length }).execute();
  }
  await db.schema.alterTable('order_lines').alterColumn('barcode', (c) => c.setNotNull()).execute();
  await db.schema.createIndex('order_lines_barcode_idx').on('order_lines').column('barcode').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_lines_barcode_idx').execute();
  await db.schema.alterTable('order_lines').alterColumn('barcode', (c) => c.dropNotNull()).execute();
  await db.updateTable('order_lines').set({ barcode: null }).execute();
  if (isPostgres(db)) await sql`drop sequence order_line_barcode_numbers`.execute(db);
  else await db.schema.dropTable('counters').execute();
}
