import type { Kysely } from 'kysely';
import { timestampType, withId } from '../ddl';

export async function up(db: Kysely<any>): Promise<void> {
  // Store connections and webhook credentials of a customer's shop; secrets are stored encrypted.
  await withId(db, db.schema.createTable('shop_connections'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('shop_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('shop_domain', 'varchar(300)')
    .addColumn('api_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('api_secret', 'text', (c) => c.notNull())
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('webhook_secret', 'text')
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop_connections').execute();
}
