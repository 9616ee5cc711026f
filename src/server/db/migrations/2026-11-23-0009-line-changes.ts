import type { Kysely } from 'kysely';
import { timestampType, withId } from '../ddl';

/*
 * The change log of order lines behind the live channel: one row per committed change of a line,
 * written in the transaction that changes it. Its id is the version a client resumes from after a
 * dropped connection; the workshop and customer columns say who may hear of the change (a line
 * moved between workshops names both), so a catch-up answers each reader only its own lines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('order_line_changes'))
    .addColumn('line_id', 'integer', (c) => c.notNull().references('order_lines.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(30)', (c) => c.notNull())
    .addColumn('workshop_id', 'integer')
    .addColumn('previous_workshop_id', 'integer')
    .addColumn('customer_id', 'integer')
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_line_changes_created_idx').on('order_line_changes').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_line_changes').execute();
}
