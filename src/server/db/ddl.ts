import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/*
 * The few column kinds that differ between SQLite and PostgreSQL, kept in one place so that
 * migrations read the same on both. Migrations import only this file and kysely.
 */

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Auto-increment integer primary key. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Point in time; stored as ISO text on SQLite, timestamptz on PostgreSQL (read back as ISO text). */
export function timestampType(db: Kysely<any>): 'timestamptz' | 'text' {
  return isPostgres(db) ? 'timestamptz' : 'text';
}

/** Money and weights: exact decimal on PostgreSQL, REAL affinity on SQLite. */
export function decimalType(db: Kysely<any>): 'numeric(14, 2)' | 'real' {
  return isPostgres(db) ? 'numeric(14, 2)' : 'real';
}

export type ColumnBuilder = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
