import type { Kysely } from 'kysely';
import { timestampType, withId } from '../ddl';

/*
 * A user's notifications (issue 29): each stored for one user, its title and body written in that
 * user's language when it was made, with the path it links to. A user reads theirs newest first
 * and counts the unread ones, over (user_id, id) and (user_id, read_at); housekeeping deletes
 * those older than 90 days, over created_at. Beside them, how each user wants to be told of a
 * kind, one row per kind the user chose; a kind without a row keeps its default. And the daily
 * digests made, one row per kind and office day, so a restart never makes one twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const at = timestampType(db);
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('read_at', at)
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('notifications_unread_idx').on('notifications').columns(['user_id', 'read_at']).execute();
  await db.schema.createIndex('notifications_created_idx').on('notifications').column('created_at').execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('notification_digests')
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', at, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_digests_pk', ['kind', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_digests').execute();
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.dropTable('notifications').execute();
}
