import { type Kysely, sql } from 'kysely';
import { decimalType, timestampType, withId } from '../ddl';

/*
 * What the shop link keeps: jobs (received webhooks and the work they bring, durable so a crash
 * loses none), the shop order behind an order (one order per shop order: the unique key makes a
 * webhook that arrives twice create nothing twice), line items whose product is not known yet,
 * a store's state, and line-level cancellation (a canceled shop order cancels its lines that are
 * not completed; a completed one stays as it is).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable('jobs'))
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    // What makes a job the same job: a webhook's id, an order's fulfilment with its tracking number.
    .addColumn('key', 'varchar(300)', (c) => c.notNull().unique())
    .addColumn('connection_id', 'integer', (c) => c.references('shop_connections.id'))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', ts, (c) => c.notNull())
    .addColumn('locked_until', ts)
    .addColumn('last_error', 'varchar(2000)')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('finished_at', ts)
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_after']).execute();

  await db.schema.alterTable('shop_connections').addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('active')).execute();
  await db.schema.alterTable('shop_connections').addColumn('last_order_seen_at', ts).execute();
  // A store's webhooks are matched by its domain: a store record without one takes its address.
  await db
    .updateTable('shop_connections')
    .set({ shop_domain: sql`case when shop_name like '%.%' then lower(shop_name) else lower(shop_name) || '.myshopify.com' end` })
    .where('shop_domain', 'is', null)
    .execute();

  await db.schema.alterTable('orders').addColumn('shop_connection_id', 'integer', (c) => c.references('shop_connections.id')).execute();
  await db.schema.alterTable('orders').addColumn('shop_updated_at', ts).execute();
  await db.schema.createIndex('orders_shop_order_uq').on('orders').columns(['shop_connection_id', 'shop_order_id']).unique().execute();

  await db.schema.alterTable('order_lines').addColumn('shop_line_item_id', 'varchar(50)').execute();
  await db.schema.alterTable('order_lines').addColumn('canceled_at', ts).execute();
  await db.schema.alterTable('order_lines').addColumn('cancel_reason', 'varchar(500)').execute();
  // Lines of orders canceled before this version are canceled with them.
  await db
    .updateTable('order_lines')
    .set({ canceled_at: sql.ref('orders.canceled_at'), cancel_reason: sql.ref('orders.cancel_reason') })
    .from('orders')
    .whereRef('orders.id', '=', 'order_lines.order_id')
    .where('orders.canceled_at', 'is not', null)
    .execute();

  await db.schema.alterTable('products').addColumn('shop_removed_at', ts).execute();

  // A shop's line item whose variant matches no product: 'Eşleşme bekliyor' until the admin maps it.
  await withId(db, db.schema.createTable('shop_pending_items'))
    .addColumn('connection_id', 'integer', (c) => c.notNull().references('shop_connections.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('line_item_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('variant_id', 'varchar(50)')
    .addColumn('sku', 'varchar(100)')
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', decimalType(db))
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('matched_product_id', 'integer', (c) => c.references('products.id'))
    .addColumn('matched_by', 'integer', (c) => c.references('users.id'))
    .addColumn('matched_at', ts)
    .execute();
  await db.schema.createIndex('shop_pending_items_uq').on('shop_pending_items').columns(['order_id', 'line_item_id']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop_pending_items').execute();
  await db.schema.alterTable('products').dropColumn('shop_removed_at').execute();
  for (const column of ['cancel_reason', 'canceled_at', 'shop_line_item_id']) await db.schema.alterTable('order_lines').dropColumn(column).execute();
  await db.schema.dropIndex('orders_shop_order_uq').execute();
  for (const column of ['shop_updated_at', 'shop_connection_id']) await db.schema.alterTable('orders').dropColumn(column).execute();
  for (const column of ['last_order_seen_at', 'status']) await db.schema.alterTable('shop_connections').dropColumn(column).execute();
  await db.schema.dropTable('jobs').execute();
}
