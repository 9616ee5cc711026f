/*
 * The README's test command: builds the browser app (the end-to-end suites load it), runs every
 * jest project, and ends with one line over all suites: "N passed, M failed".
 * Extra arguments go to jest, e.g. `npm test -- --selectProjects server`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function finish(passed: number, failed: number): never {
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

const build = spawnSync('npm', ['run', 'build', '--silent'], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
if (build.status !== 0) {
  process.stderr.write(`${build.stdout}\n${build.stderr}\nThe browser app did not build.\n`);
  finish(0, 1);
}

const results = join(mkdtempSync(join(tmpdir(), 'jest-results-')), 'results.json');
const jest = spawnSync('npx', ['jest', '--json', `--outputFile=${results}`, ...process.argv.slice(2)], { stdio: 'inherit' });
try {
  const summary = JSON.parse(readFileSync(results, 'utf8'));
  finish(summary.numPassedTests, summary.numFailedTests + summary.numRuntimeErrorTestSuites);
} catch {
  finish(0, Math.max(1, jest.status ?? 1));
}
