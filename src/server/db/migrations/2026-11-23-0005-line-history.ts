import type { Kysely } from 'kysely';
import { timestampType, withId } from '../ddl';

export async function up(db: Kysely<any>): Promise<void> {
  // Append-only: every change of a line, who made it and when. Never updated or deleted.
  await withId(db, db.schema.createTable('order_line_history'))
    .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('action', 'varchar(30)', (c) => c.notNull())
    .addColumn('from_status', 'integer')
    .addColumn('to_status', 'integer')
    .addColumn('from_step', 'integer')
    .addColumn('to_step', 'integer')
    .addColumn('detail', 'varchar(500)')
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_line_history_line_idx').on('order_line_history').column('order_line_id').execute();
  // Set when an entered gram is off the product's expected weight by more than the tolerance.
  await db.schema.alterTable('order_lines').addColumn('gram_flagged', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('gram_flagged').execute();
  await db.schema.dropTable('order_line_history').execute();
}
