import { rmSync } from 'node:fs';
import type { TestCluster } from './postgres';

/** Stops the cluster of the global setup and removes its folder and the tests' SQLite files. */
export default async function teardown(): Promise<void> {
  const state = globalThis as { testCluster?: TestCluster; testTmpDir?: string };
  await state.testCluster?.stop();
  state.testCluster = undefined;
  if (state.testTmpDir) rmSync(state.testTmpDir, { recursive: true, force: true });
  state.testTmpDir = undefined;
}
