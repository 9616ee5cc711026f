import type { Kysely } from 'kysely';

/*
 * Counters of the abuse limits (login failures, registrations, password-reset mails, password
 * changes), one row per limit and subject, in the database so that every process on one
 * PostgreSQL database counts together. `key` is the limit's name and a hash of its subject (a
 * client address, a username, an e-mail address), so no address is kept in clear and a key has a
 * bounded length whatever a client sends. `reset_at` is when the row's window ends, in epoch
 * milliseconds; an expired row is counted from 1 again and swept away.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_idx').on('rate_limits').column('reset_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
