import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type DatabaseName = 'sqlite' | 'postgres';

export interface TestDatabase {
  name: DatabaseName;
  /** The URL of a fresh, empty database (`sqlite:<path>` or `postgres://...`). */
  create(): Promise<string>;
  /** The name, so `describe.each(testDatabases())('... on %s', ...)` reads well too. */
  toString(): string;
}

const randomName = () => randomBytes(6).toString('hex');

/**
 * Where SQLite files go: the run's folder from the global setup (removed by the teardown), else one
 * temp folder per process.
 */
let sqliteDir: string | undefined;
function sqliteFolder(): string {
  if (!sqliteDir) {
    const root = process.env.TEST_TMP_DIR;
    if (root) {
      sqliteDir = join(root, `sqlite-${process.pid}`);
      mkdirSync(sqliteDir, { recursive: true });
    } else {
      sqliteDir = mkdtempSync(join(tmpdir(), 'app-db-'));
    }
  }
  return sqliteDir;
}

const sqlite: TestDatabase = {
  name: 'sqlite',
  create: async () => `sqlite:${join(sqliteFolder(), `${randomName()}.db`)}`,
  toString: () => 'sqlite',
};

const postgres: TestDatabase = {
  name: 'postgres',
  async create() {
    const base = process.env.TEST_POSTGRES_URL;
    if (!base) {
      throw new Error(
        'TEST_POSTGRES_URL is not set: PostgreSQL is started by the global setup of the server project ' +
          '(test/postgres-setup.ts); run these tests through jest with that project.',
      );
    }
    const name = `t_${randomName()}`;
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(`create database ${name}`);
    } finally {
      await client.end();
    }
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  },
  toString: () => 'postgres',
};

/** The databases the tests run on: both, or those named in TEST_DATABASES (e.g. `TEST_DATABASES=sqlite`). */
export function selectedDatabaseNames(): DatabaseName[] {
  const all: DatabaseName[] = ['sqlite', 'postgres'];
  const wanted = process.env.TEST_DATABASES?.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  if (!wanted?.length) return all;
  const unknown = wanted.filter((name) => !all.includes(name as DatabaseName));
  if (unknown.length) throw new Error(`TEST_DATABASES: unknown database ${unknown.join(', ')} (sqlite, postgres)`);
  return all.filter((name) => wanted.includes(name));
}

/**
 * Both databases every server suite runs on:
 * `describe.each(testDatabases())('users on $name', (database) => { ... await database.create() ... })`
 * (`%s` works as well). Each `create()` gives a new empty database; the global teardown removes them all.
 */
export function testDatabases(): TestDatabase[] {
  const selected = selectedDatabaseNames();
  return [sqlite, postgres].filter((database) => selected.includes(database.name));
}
