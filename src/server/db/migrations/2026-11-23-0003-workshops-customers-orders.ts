import type { Kysely } from 'kysely';
import { decimalType, timestampType, withId } from '../ddl';

export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  const money = decimalType(db);

  await withId(db, db.schema.createTable('workshops'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('code', 'varchar(50)')
    .addColumn('address', 'varchar(500)')
    .addColumn('company_name', 'varchar(200)')
    .addColumn('phone_number', 'varchar(50)')
    .addColumn('tax_number', 'varchar(50)')
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workshops_user_idx').on('workshops').column('user_id').execute();

  // The production steps a workshop performs.
  await withId(db, db.schema.createTable('workshop_processes'))
    .addColumn('workshop_id', 'integer', (c) => c.notNull().references('workshops.id').onDelete('cascade'))
    .addColumn('step_id', 'integer', (c) => c.notNull().references('production_steps.id'))
    .addUniqueConstraint('workshop_processes_unique', ['workshop_id', 'step_id'])
    .execute();

  await db.schema.alterTable('products').addColumn('workshop_id', 'integer', (c) => c.references('workshops.id')).execute();
  await db.schema.createIndex('products_workshop_idx').on('products').column('workshop_id').execute();

  await withId(db, db.schema.createTable('customers'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(50)', (c) => c.notNull())
    .addColumn('address', 'varchar(500)', (c) => c.notNull())
    .addColumn('company_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('tax_number', 'varchar(50)', (c) => c.notNull())
    .addColumn('credit', money, (c) => c.notNull().defaultTo(0))
    .addColumn('product_group', 'varchar(100)')
    .addColumn('country', 'varchar(100)', (c) => c.notNull().defaultTo('Türkiye'))
    .addColumn('zip_code', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customers_user_idx').on('customers').column('user_id').execute();

  // Every credit change: who, when, from what to what. Never updated or deleted.
  await withId(db, db.schema.createTable('customer_credit_changes'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('changed_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('old_credit', money, (c) => c.notNull())
    .addColumn('new_credit', money, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('orders'))
    .addColumn('order_number', 'varchar(50)', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id'))
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('shop_order_id', 'varchar(50)')
    .addColumn('first_name', 'varchar(100)')
    .addColumn('last_name', 'varchar(100)')
    .addColumn('email', 'varchar(254)')
    .addColumn('phone', 'varchar(50)')
    .addColumn('address', 'varchar(500)')
    .addColumn('city', 'varchar(100)')
    .addColumn('province', 'varchar(100)')
    .addColumn('country', 'varchar(100)')
    .addColumn('zip_code', 'varchar(20)')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('TRY'))
    .addColumn('notes', 'varchar(2000)')
    .addColumn('canceled_at', ts)
    .addColumn('cancel_reason', 'varchar(500)')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_customer_idx').on('orders').column('customer_id').execute();

  // One row per ordered unit (item_index of item_count).
  await withId(db, db.schema.createTable('order_lines'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('item_index', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('workshop_id', 'integer', (c) => c.references('workshops.id'))
    .addColumn('order_line_status_id', 'integer', (c) => c.notNull().defaultTo(1).references('order_line_statuses.id'))
    .addColumn('current_order_line_process', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('workshop_started_process_id', 'integer')
    .addColumn('quality_control_id', 'integer', (c) => c.references('quality_control_statuses.id'))
    .addColumn('packing_status_id', 'integer', (c) => c.references('packing_statuses.id'))
    .addColumn('customer_approval_status_id', 'integer')
    .addColumn('material_id', 'integer', (c) => c.references('product_option_values.id'))
    .addColumn('chain_length_id', 'integer', (c) => c.references('product_option_values.id'))
    .addColumn('size_id', 'integer', (c) => c.references('product_option_values.id'))
    .addColumn('color_id', 'integer', (c) => c.references('product_option_values.id'))
    .addColumn('karat_id', 'integer', (c) => c.references('product_option_values.id'))
    .addColumn('customization_option', 'varchar(1000)')
    .addColumn('font', 'varchar(100)')
    .addColumn('gift_note', 'varchar(1000)')
    .addColumn('customer_note', 'varchar(2000)')
    .addColumn('fulfilment_style', 'varchar(100)')
    .addColumn('product_gram', money)
    .addColumn('product_cost', money)
    .addColumn('total_price', money)
    .addColumn('shipment_tracking_number', 'varchar(100)')
    .addColumn('location', 'varchar(200)')
    .addColumn('barcode', 'varchar(100)')
    .addColumn('production_expected_date', ts)
    .addColumn('delivery_to_office', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_lines_order_idx').on('order_lines').column('order_id').execute();
  await db.schema.createIndex('order_lines_workshop_idx').on('order_lines').columns(['workshop_id', 'order_line_status_id']).execute();
  await db.schema.createIndex('order_lines_product_idx').on('order_lines').column('product_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['order_lines', 'orders', 'customer_credit_changes', 'customers']) await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('products_workshop_idx').execute();
  await db.schema.alterTable('products').dropColumn('workshop_id').execute();
  for (const table of ['workshop_processes', 'workshops']) await db.schema.dropTable(table).execute();
}
