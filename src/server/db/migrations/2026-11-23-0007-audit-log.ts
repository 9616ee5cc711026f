import type { Kysely } from 'kysely';
import { timestampType, withId } from '../ddl';

export async function up(db: Kysely<any>): Promise<void> {
  // Append-only: which admin changed which record, when, from what to what. Never updated or deleted.
  // before/after hold JSON text of the changed fields only; a secret is never among them.
  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    // Null for a record without an id (the general settings).
    .addColumn('entity_id', 'integer')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  // The screen's filters (kind, user, entity id, date range), each read newest first.
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_kind_idx').on('audit_log').columns(['kind', 'created_at']).execute();
  await db.schema.createIndex('audit_log_user_idx').on('audit_log').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
