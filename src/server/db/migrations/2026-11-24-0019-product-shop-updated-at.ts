import type { Kysely } from 'kysely';
import { timestampType } from '../ddl';

/*
 * The shop's own `updatedAt` of the product state a product row last took. Shopify does not order
 * its webhooks and retries them for hours, and a sync may read a product before an older webhook
 * arrives: a state older than the one stored must not overwrite it. Null until the next write.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('shop_updated_at', timestampType(db)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('shop_updated_at').execute();
}
