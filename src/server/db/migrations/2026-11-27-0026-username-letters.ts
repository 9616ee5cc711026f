import { type Kysely, sql } from 'kysely';

/*
 * Usernames may hold Turkish letters: one name in any case is one user, so the unique index is on
 * the name's key (Turkish capitals and dotless ı folded, then lower case: `usernameKeySql` of
 * modules/auth/usernames.ts, which must stay this very expression). Every name before this one was
 * ASCII, where the key is its lower case, as the index it replaces was. The admin may give a user
 * a name when adding it.
 */
const KEY = sql.raw(
  `lower(replace(replace(replace(replace(replace(replace(replace(replace(username, 'Ç', 'ç'), 'Ğ', 'ğ'), 'I', 'i'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'ö'), 'Ş', 'ş'), 'Ü', 'ü'))`,
);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_username_key_unique').on('users').unique().expression(KEY).execute();
  await db.schema.dropIndex('users_username_unique').execute();
  await db.schema.alterTable('users').addColumn('name', 'varchar(100)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('name').execute();
  await db.schema.createIndex('users_username_unique').on('users').unique().expression(sql`lower(username)`).execute();
  await db.schema.dropIndex('users_username_key_unique').execute();
}
