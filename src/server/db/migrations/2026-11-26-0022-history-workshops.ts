import type { Kysely } from 'kysely';

/*
 * The workshop a line was in before and after each history row, so the history says where a
 * piece spent each step, and a product's move to another workshop reads as a row of its own.
 * Null on the rows written before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_line_history').addColumn('from_workshop_id', 'integer', (c) => c.references('workshops.id')).execute();
  await db.schema.alterTable('order_line_history').addColumn('to_workshop_id', 'integer', (c) => c.references('workshops.id')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_line_history').dropColumn('to_workshop_id').execute();
  await db.schema.alterTable('order_line_history').dropColumn('from_workshop_id').execute();
}
