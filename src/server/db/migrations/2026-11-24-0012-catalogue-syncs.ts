import { type Kysely, sql } from 'kysely';
import { timestampType, withId } from '../ddl';

/*
 * Catalogue syncs from the shops: one row per sync of a store, its state and counts, which the
 * admin's progress bar reads. At most one sync of a store runs at a time: the partial unique index
 * refuses a second 'running' row however close two requests come. A synced product keeps the store
 * it came from, so a store's full sync marks only its own variants gone from the shop.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  const count = (name: string) => (table: any) => table.addColumn(name, 'integer', (c: any) => c.notNull().defaultTo(0));
  let syncs = withId(db, db.schema.createTable('catalogue_syncs'))
    .addColumn('connection_id', 'integer', (c) => c.notNull().references('shop_connections.id'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('started_at', ts, (c) => c.notNull())
    // Written with every step of a running sync: a running row left unwritten for long belongs to a process that died.
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('finished_at', ts)
    .addColumn('total', 'integer');
  for (const column of ['done', 'added', 'updated', 'unchanged', 'failed', 'removed']) syncs = count(column)(syncs);
  await syncs.addColumn('error', 'varchar(2000)').execute();
  await db.schema.createIndex('catalogue_syncs_connection_idx').on('catalogue_syncs').columns(['connection_id', 'id']).execute();
  await db.schema.createIndex('catalogue_syncs_running_uq').on('catalogue_syncs').column('connection_id').unique().where(sql.ref('status'), '=', 'running').execute();

  await db.schema.alterTable('products').addColumn('shop_connection_id', 'integer', (c) => c.references('shop_connections.id')).execute();
  await db.schema.createIndex('products_shopify_variant_idx').on('products').column('shopify_variant_id').execute();
  await db.schema.createIndex('products_shopify_product_idx').on('products').column('shopify_product_id').execute();
  await db.schema.createIndex('products_user_sku_idx').on('products').columns(['user_id', 'sku']).execute();
  await db.schema.createIndex('products_shop_connection_idx').on('products').column('shop_connection_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['products_shop_connection_idx', 'products_user_sku_idx', 'products_shopify_product_idx', 'products_shopify_variant_idx']) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('products').dropColumn('shop_connection_id').execute();
  await db.schema.dropTable('catalogue_syncs').execute();
}
