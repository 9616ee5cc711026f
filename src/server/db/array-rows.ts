import type SQLite from 'better-sqlite3';
import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from '.';

/*
 * Rows as arrays in the select's column order, for the reads that make thousands of rows: a
 * driver's object per row (sixty-odd named fields for an order line) costs more than the database's
 * reading, and an array shaped once by a factory of a known shape is cheaper to make and to
 * serialise. Kysely has no such mode, so a statement asks for it by the first characters of its
 * text, and each driver is told: better-sqlite3's raw mode on the kept statement (here),
 * node-postgres's `rowMode: 'array'` (pg-statements.ts). The statement still runs through Kysely,
 * on its connection and inside its transaction.
 */

export const ARRAY_ROWS = '/* array rows */ ';

/** The rows of `query`, each an array in the order of its select. */
export async function selectArrays(db: Db, query: Compilable<unknown>): Promise<unknown[][]> {
  const { sql, parameters } = query.compile();
  return (await db.executeQuery(CompiledQuery.raw(ARRAY_ROWS + sql, [...parameters]))).rows as unknown[][];
}

/** A statement prepared by better-sqlite3, in raw mode when its text asks for array rows. */
export function arraysIfAsked(statement: SQLite.Statement, source: string): SQLite.Statement {
  return source.startsWith(ARRAY_ROWS) ? statement.raw(true) : statement;
}
