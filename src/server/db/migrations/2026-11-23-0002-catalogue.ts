import type { Kysely } from 'kysely';
import { decimalType, timestampType, withId } from '../ddl';

/* Names of SPEC section 4, stored so screens and exports can look them up by id. */
const ORDER_LINE_STATUSES = [
  [1, 'Bekliyor'],
  [2, 'Üretimde'],
  [3, 'Kalite Kontrol'],
  [4, 'Paketleme'],
  [5, 'Tamamlandı'],
] as const;
const QUALITY_CONTROL_STATUSES = [
  [1, 'Onaylandı'],
  [2, 'Reddedildi'],
] as const;
const PACKING_STATUSES = [
  [1, 'Hazırlanıyor'],
  [2, 'Paketlendi'],
  [3, 'Kargoya Verildi'],
] as const;
const OPTIONS = [
  [1, 'Materyal'],
  [2, 'Zincir Uzunluğu'],
  [3, 'Beden'],
  [4, 'Renk'],
  [5, 'Ayar'],
] as const;

async function lookup(db: Kysely<any>, table: string, rows: ReadonlyArray<readonly [number, string]>): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.insertInto(table).values(rows.map(([id, name]) => ({ id, name }))).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  const money = decimalType(db);

  await lookup(db, 'order_line_statuses', ORDER_LINE_STATUSES);
  await lookup(db, 'quality_control_statuses', QUALITY_CONTROL_STATUSES);
  await lookup(db, 'packing_statuses', PACKING_STATUSES);

  await withId(db, db.schema.createTable('production_steps'))
    .addColumn('step_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await lookup(db, 'product_options', OPTIONS);
  await withId(db, db.schema.createTable('product_option_values'))
    .addColumn('option_id', 'integer', (c) => c.notNull().references('product_options.id'))
    .addColumn('value_name', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_option_values_option_idx').on('product_option_values').column('option_id').execute();

  const optionValue = (name: string) => (t: any) => t.addColumn(name, 'integer', (c: any) => c.references('product_option_values.id'));
  let products = withId(db, db.schema.createTable('products'))
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('picture_url', 'varchar(1000)')
    .addColumn('shopify_product_id', 'varchar(50)')
    .addColumn('shopify_variant_id', 'varchar(50)');
  for (const column of ['material_id', 'chain_length_id', 'size_id', 'color_id', 'karat_id']) products = optionValue(column)(products);
  await products
    .addColumn('production_expected_days', 'integer', (c) => c.notNull().defaultTo(7))
    .addColumn('product_group', 'varchar(100)')
    .addColumn('category', 'varchar(100)')
    .addColumn('min_price', money)
    .addColumn('max_price', money)
    .addColumn('expected_weight', money)
    .addColumn('workmanship_rate', money)
    .addColumn('price', money)
    .addColumn('vendor', 'varchar(200)')
    .addColumn('sku', 'varchar(100)')
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('our_product_id', 'varchar(100)')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  // A product's routing: which steps, in which order.
  await withId(db, db.schema.createTable('product_production_steps'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('step_id', 'integer', (c) => c.notNull().references('production_steps.id'))
    .addColumn('position_in_process', 'integer', (c) => c.notNull())
    .addUniqueConstraint('product_production_steps_position_unique', ['product_id', 'position_in_process'])
    .execute();
  await db.schema.createIndex('product_production_steps_step_idx').on('product_production_steps').column('step_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'product_production_steps',
    'products',
    'product_option_values',
    'product_options',
    'production_steps',
    'packing_statuses',
    'quality_control_statuses',
    'order_line_statuses',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
