import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selectedDatabaseNames } from './databases';
import { startCluster, type TestCluster } from './postgres';

/**
 * Global setup of the server suites: one throwaway PostgreSQL cluster for the whole run, and one temp
 * folder for the SQLite files of the tests. Jest's workers are started afterwards and inherit
 * TEST_POSTGRES_URL and TEST_TMP_DIR; the teardown (same process) removes both.
 * TEST_DATABASES=sqlite skips PostgreSQL for a quick local run.
 */
export default async function setup(): Promise<void> {
  const state = globalThis as { testCluster?: TestCluster; testTmpDir?: string };
  state.testTmpDir = mkdtempSync(join(tmpdir(), 'server-tests-'));
  process.env.TEST_TMP_DIR = state.testTmpDir;
  if (!selectedDatabaseNames().includes('postgres')) return;
  let cluster: TestCluster;
  try {
    cluster = await startCluster();
  } catch (error) {
    rmSync(state.testTmpDir, { recursive: true, force: true });
    throw error;
  }
  state.testCluster = cluster;
  process.env.TEST_POSTGRES_URL = cluster.url;
  if (process.env.DEBUG_TESTS) console.log(`\nPostgreSQL ready in ${cluster.startMs} ms at ${cluster.url}`);
}
