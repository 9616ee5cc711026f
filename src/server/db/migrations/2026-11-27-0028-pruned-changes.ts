import type { Kysely } from 'kysely';

/*
 * How far the change log has been pruned: every change up to `through` is gone. A client resuming
 * from a lower version would miss what was deleted, and a gap in the versions (a rolled-back
 * transaction's) tells nothing, so the log's horizon is kept as a number of its own. One row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('order_line_changes_pruned').addColumn('through', 'integer', (c) => c.notNull()).execute();
  await db.insertInto('order_line_changes_pruned').values({ through: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_line_changes_pruned').execute();
}
