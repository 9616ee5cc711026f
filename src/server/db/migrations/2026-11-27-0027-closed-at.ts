import { type Kysely, sql } from 'kysely';
import { timestampType } from '../ddl';

/*
 * When a line closed: canceled, or handed to the carrier (shared/lifecycle.ts `isClosedLine`, as
 * it reads when this was written; a migration keeps its own copy so it means the same later).
 * Indexed: the everyday lists keep the lines closed within a window of days, and the archive
 * reads the others by it. A line closed before this column is dated by its cancellation, else by
 * its last history row (its shipment), else by its last change.
 */
const HANDED_TO_CARRIER = 3;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_lines').addColumn('closed_at', timestampType(db)).execute();
  await sql`
    update order_lines set closed_at = coalesce(
      canceled_at,
      (select max(h.created_at) from order_line_history h where h.order_line_id = order_lines.id),
      updated_at)
    where canceled_at is not null or packing_status_id = ${HANDED_TO_CARRIER}`.execute(db);
  await db.schema.createIndex('order_lines_closed_at_idx').on('order_lines').column('closed_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_lines_closed_at_idx').execute();
  await db.schema.alterTable('order_lines').dropColumn('closed_at').execute();
}
