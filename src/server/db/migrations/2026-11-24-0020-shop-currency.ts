import type { Kysely } from 'kysely';

/*
 * The currency a store sells in, as Shopify names it (`shop { currencyCode }`), learnt by each
 * catalogue sync. Products the store's sync or product webhooks add are priced in it; a product
 * webhook names no currency, so it reads this one. Null until the store's first sync.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shop_connections').addColumn('currency', 'varchar(3)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shop_connections').dropColumn('currency').execute();
}
