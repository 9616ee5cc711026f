import type { Kysely } from 'kysely';

/*
 * The figures (a workshop's cards, products and statistics, a customer's figures, the office
 * report, the dashboard counts, the metal balances) are counted over every line, open or closed, in
 * SQL. These two indexes hold every column those counts read, so each is a pass over an index
 * alone, never a read of the lines' rows: one by workshop (with its status first, as the index it
 * replaces), one by order (a customer's lines, through its orders). They take the place of the
 * narrower indexes on the same leading columns.
 */
const BY_WORKSHOP = [
  'workshop_id',
  'order_line_status_id',
  'canceled_at',
  'production_expected_date',
  'delivery_to_office',
  'created_at',
  'quality_control_id',
  'metal_received_at',
  'product_gram',
  'current_order_line_process',
  'product_id',
  'order_id',
  'total_price',
  'product_cost',
];
const BY_ORDER = ['order_id', 'canceled_at', 'order_line_status_id', 'production_expected_date', 'delivery_to_office', 'created_at', 'total_price', 'product_cost'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('order_lines_workshop_figures_idx').on('order_lines').columns(BY_WORKSHOP).execute();
  await db.schema.createIndex('order_lines_order_figures_idx').on('order_lines').columns(BY_ORDER).execute();
  await db.schema.dropIndex('order_lines_workshop_idx').execute();
  await db.schema.dropIndex('order_lines_order_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('order_lines_order_idx').on('order_lines').column('order_id').execute();
  await db.schema.createIndex('order_lines_workshop_idx').on('order_lines').columns(['workshop_id', 'order_line_status_id']).execute();
  await db.schema.dropIndex('order_lines_order_figures_idx').execute();
  await db.schema.dropIndex('order_lines_workshop_figures_idx').execute();
}
