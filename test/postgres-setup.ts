import { startCluster, type TestCluster } from './postgres';

/** Starts one PostgreSQL cluster for the server suites; workers inherit TEST_POSTGRES_URL. */
export default async function setup(): Promise<void> {
  const started = Date.now();
  const cluster = await startCluster();
  process.env.TEST_POSTGRES_URL = cluster.url;
  (globalThis as { testCluster?: TestCluster }).testCluster = cluster;
  if (process.env.DEBUG_TESTS) console.log(`PostgreSQL ready in ${Date.now() - started} ms`);
}
