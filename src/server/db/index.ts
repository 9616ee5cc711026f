import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { sqlitePath } from '../../../config';
import { arraysIfAsked } from './array-rows';
import { statementsOnPostgres } from './pg-statements';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  close(): Promise<void>;
}

/** PostgreSQL's text of a timestamp in UTC: '2026-11-28 01:32:23.5+00' (a `timestamp` has no zone). */
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(?:\+00)?$/;

/**
 * A timestamp's text as `toISOString` writes it: to the millisecond, further digits dropped as a Date
 * drops them. The UTC text every row of a list carries is rewritten without a Date (a page of lines
 * holds thousands); another zone or era goes through one.
 */
export function isoTimestamp(value: string): string {
  const utc = UTC_TEXT.exec(value);
  if (utc) return `${utc[1]}T${utc[2]}.${`${utc[3] ?? ''}000`.slice(0, 3)}Z`;
  return new Date(value.includes('+') || value.endsWith('Z') ? value : `${value}Z`).toISOString();
}

/** pg returns int8/numeric as strings and timestamps as Date: normalise to what SQLite gives. */
const pgTypes = {
  getTypeParser(oid: number, format?: any) {
    switch (oid) {
      case 20: // int8 (count(*))
      case 1700: // numeric
        return (value: string) => Number(value);
      case 1114: // timestamp
      case 1184: // timestamptz
        return isoTimestamp;
      default:
        return pg.types.getTypeParser(oid, format);
    }
  },
};

/**
 * better-sqlite3 compiles SQL on every prepare, and routes send the same few hundred texts again
 * and again: keep their statements (the set is emptied if odd texts ever make it large).
 */
function keepStatements(sqlite: SQLite.Database, limit = 1000): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const kept = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = kept.get(source);
    if (!statement) {
      if (kept.size >= limit) kept.clear();
      statement = arraysIfAsked(prepare(source), source);
      kept.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
}

export interface DatabaseOptions {
  /** PostgreSQL cancels a statement that runs longer than this (0: never). SQLite has no such limit. */
  statementTimeoutMs?: number;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

export function openDatabase(databaseUrl: string, { statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS }: DatabaseOptions = {}): DatabaseHandle {
  const file = sqlitePath(databaseUrl);
  if (file !== null) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    keepStatements(sqlite);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  // Every connection starts with the statement timeout (pg sends it with the connection's options);
  // its statements are prepared as pg-statements.ts says.
  const pool = new pg.Pool({ connectionString: databaseUrl, types: pgTypes, max: 10, statement_timeout: statementTimeoutMs > 0 ? statementTimeoutMs : undefined });
  statementsOnPostgres(pool);
  // The cursor lets Kysely's stream() read in chunks. PostgreSQL times a cursor as one statement from
  // its first row to its last, the client's reading time included, so long lists are read in pages
  // of short queries instead (order-lines/queries.ts streamLines), each under the timeout.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
