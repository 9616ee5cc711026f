import type { Kysely } from 'kysely';

/*
 * The archive (order-lines/archive.ts) reads a year of history and more by these: its default
 * order (newest first, ties by id), a workshop's lines by date, an order number and a tracking
 * number typed into its search. A customer's lines are reached through `orders_customer_idx` and
 * `order_lines_order_idx`, a closed date through `order_lines_closed_at_idx`, a barcode through
 * its unique index.
 */
const INDEXES = [
  { name: 'order_lines_created_idx', table: 'order_lines', columns: ['created_at', 'id'] },
  { name: 'order_lines_workshop_created_idx', table: 'order_lines', columns: ['workshop_id', 'created_at'] },
  { name: 'order_lines_tracking_idx', table: 'order_lines', columns: ['shipment_tracking_number'] },
  { name: 'orders_number_idx', table: 'orders', columns: ['order_number'] },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const { name, table, columns } of INDEXES) await db.schema.createIndex(name).on(table).columns([...columns]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name } of INDEXES) await db.schema.dropIndex(name).execute();
}
