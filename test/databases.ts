import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** The URL of a fresh, empty database. */
  create(): Promise<string>;
}

const sqlite: TestDatabase = {
  name: 'sqlite',
  create: async () => `sqlite:${join(mkdtempSync(join(tmpdir(), 'app-db-')), 'app.db')}`,
};

const postgres: TestDatabase = {
  name: 'postgres',
  async create() {
    const base = process.env.TEST_POSTGRES_URL;
    if (!base) throw new Error('TEST_POSTGRES_URL is not set: the server suites start PostgreSQL in their global setup');
    const name = `t_${randomBytes(6).toString('hex')}`;
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
};

/** Both databases every server suite runs on: `describe.each(testDatabases())('... on $name', ...)`. */
export function testDatabases(): TestDatabase[] {
  return [sqlite, postgres];
}
