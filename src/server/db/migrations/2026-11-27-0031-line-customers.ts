import { type Kysely, sql } from 'kysely';

/*
 * Each line names its order's customer (an order never changes hands), so a customer's lines are
 * one index range like a workshop's, instead of an index lookup per order:
 * - the working set (open lines and those closed within the window) of a workshop and of a
 *   customer, by `closed_at`: its cost follows the open work, never the history behind it;
 * - a customer's figures and its archive by date, over one covering index that takes the place of
 *   the per-order one (0029); lines by order keep a narrow index.
 */
const CUSTOMER_FIGURES = ['customer_id', 'created_at', 'order_id', 'canceled_at', 'order_line_status_id', 'production_expected_date', 'delivery_to_office', 'total_price', 'product_cost'];
const ORDER_FIGURES = ['order_id', 'canceled_at', 'order_line_status_id', 'production_expected_date', 'delivery_to_office', 'created_at', 'total_price', 'product_cost'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_lines').addColumn('customer_id', 'integer', (col) => col.references('customers.id')).execute();
  await sql`update order_lines set customer_id = (select o.customer_id from orders o where o.id = order_lines.order_id)`.execute(db);
  await db.schema.createIndex('order_lines_customer_open_idx').on('order_lines').columns(['customer_id', 'closed_at']).execute();
  await db.schema.createIndex('order_lines_workshop_open_idx').on('order_lines').columns(['workshop_id', 'closed_at']).execute();
  await db.schema.createIndex('order_lines_customer_figures_idx').on('order_lines').columns(CUSTOMER_FIGURES).execute();
  await db.schema.createIndex('order_lines_order_idx').on('order_lines').column('order_id').execute();
  await db.schema.dropIndex('order_lines_order_figures_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('order_lines_order_figures_idx').on('order_lines').columns(ORDER_FIGURES).execute();
  for (const name of ['order_lines_order_idx', 'order_lines_customer_figures_idx', 'order_lines_workshop_open_idx', 'order_lines_customer_open_idx']) await db.schema.dropIndex(name).execute();
  await db.schema.alterTable('order_lines').dropColumn('customer_id').execute();
}
