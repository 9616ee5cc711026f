import { type Kysely, sql } from 'kysely';
import { timestampType, withId } from '../ddl';

const ROLES = [
  [1, 'Pasif Kullanıcı'],
  [2, 'Yönetici'],
  [3, 'Atölye'],
  [4, 'Ofis Personeli'],
  [5, 'B2B Müşteri'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);

  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('role_name', 'varchar(50)', (c) => c.notNull())
    .execute();
  await db.insertInto('roles').values(ROLES.map(([id, role_name]) => ({ id, role_name }))).execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('username', 'varchar(20)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull().defaultTo(1).references('roles.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  // 'Ali' and 'ali' are one account name; the same goes for e-mail addresses.
  await db.schema.createIndex('users_username_unique').on('users').unique().expression(sql`lower(username)`).execute();
  await db.schema.createIndex('users_email_unique').on('users').unique().expression(sql`lower(email)`).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_activity_at', ts, (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('ended_at', ts)
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_active_idx').on('sessions').columns(['active', 'last_activity_at']).execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(36)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema.createIndex('refresh_tokens_session_idx').on('refresh_tokens').column('session_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['settings', 'password_resets', 'refresh_tokens', 'sessions', 'users', 'roles']) {
    await db.schema.dropTable(table).execute();
  }
}
