import type { TestCluster } from './postgres';

export default async function teardown(): Promise<void> {
  await (globalThis as { testCluster?: TestCluster }).testCluster?.stop();
}
