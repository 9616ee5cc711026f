import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabases } from './databases';

// As the server project's global setup does: SQLite files go into one folder that is removed afterwards.
const root = mkdtempSync(join(tmpdir(), 'databases-test-'));
process.env.TEST_TMP_DIR = root;
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('describe.each titles name the database with $name and %s', () => {
  const names = testDatabases().map((database) => database.name);
  if (!process.env.TEST_DATABASES) expect(names).toEqual(['sqlite', 'postgres']);
  expect(testDatabases().map(String)).toEqual(names);
});

test('a SQLite URL is a fresh file path in the app URL format', async () => {
  const [sqlite] = testDatabases();
  const [a, b] = [await sqlite.create(), await sqlite.create()];
  expect(a).toMatch(/^sqlite:\/.+\.db$/);
  expect(a.startsWith(`sqlite:${root}/`)).toBe(true);
  expect(a).not.toBe(b);
});

describe.each(testDatabases())('title on %s', (database) => {
  test('has the name', () => {
    expect(expect.getState().currentTestName).toBe(`title on ${database.name} has the name`);
  });
});
