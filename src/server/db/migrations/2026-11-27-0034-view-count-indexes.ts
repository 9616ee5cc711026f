import type { Kysely } from 'kysely';

/*
 * The dashboard counts each built-in view (order-lines/figures.ts `lineViewSql`) over every line
 * ever made; each count reads only its own lines through one of these (or, for lines awaiting a
 * workshop, the workshop figures index), so its cost follows the open work, not two years of history.
 */
const INDEXES = [
  { name: 'order_lines_status_qc_idx', columns: ['order_line_status_id', 'quality_control_id', 'canceled_at'] },
  { name: 'order_lines_undelivered_idx', columns: ['delivery_to_office', 'production_expected_date', 'canceled_at'] },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const { name, columns } of INDEXES) await db.schema.createIndex(name).on('order_lines').columns([...columns]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name } of INDEXES) await db.schema.dropIndex(name).execute();
}
