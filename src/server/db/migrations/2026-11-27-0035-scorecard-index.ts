import type { Kysely } from 'kysely';

/*
 * A workshop's scorecard counts its deliveries to the office by month: the stays in quality control
 * it entered in a period, read through this index with the line each belongs to, never the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('line_stays_workshop_phase_idx').on('line_stays').columns(['workshop_id', 'phase', 'entered_at', 'order_line_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('line_stays_workshop_phase_idx').execute();
}
