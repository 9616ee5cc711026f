import type { Kysely } from 'kysely';

/*
 * A workshop's scorecard counts its deliveries to the office by month: the stays in quality control
 * it entered in a period (the first index), and for each the piece's other stays, its later
 * deliveries, its first stay in the workshop and the stay that followed a judged one (the second),
 * each read from an index alone, never the table.
 */
const INDEXES = [
  { name: 'line_stays_workshop_phase_idx', columns: ['workshop_id', 'phase', 'entered_at', 'order_line_id'] },
  { name: 'line_stays_line_phase_idx', columns: ['order_line_id', 'phase', 'entered_at', 'workshop_id'] },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const { name, columns } of INDEXES) await db.schema.createIndex(name).on('line_stays').columns([...columns]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name } of INDEXES) await db.schema.dropIndex(name).execute();
}
