import type { Kysely } from 'kysely';
import { timestampType } from '../ddl';

/*
 * The trace of webhooks refused as an unknown shop's or wrongly signed: one row per sending
 * domain with how many and when the last came, never a body. Written by modules/shopify/refusals.ts,
 * which bounds the rows of unknown domains.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('refused_webhooks')
    .addColumn('shop_domain', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', timestampType(db), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refused_webhooks').execute();
}
