/*
 * The README's test command (`npm test`): builds the browser app (the end-to-end suites load it from
 * dist/client), runs every jest project, and ends with one line over all suites: "N passed, M failed".
 * The exit code is jest's (1 when the build fails); the numbers come from test/summary-reporter.cjs.
 *
 * Extra arguments go to jest, e.g. `npm test -- --selectProjects server` or `npm test -- -t login`.
 * The build is skipped when the selected projects do not include e2e, or with SKIP_BUILD=1, and does
 * nothing when the browser app's sources are as at its last build (scripts/build.ts).
 * Two workers: the end-to-end suites mostly wait on a browser and a server process, so two run side by
 * side on two cores in a little more than half the time of one; workers also make sure a suite that
 * leaves a handle open cannot keep the run from ending. `-i`, `--runInBand` or `-w N` override it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);

function finish(passed: number, failed: number, code: number): never {
  // Always the very last line of the output.
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exit(code);
}

/** The projects named by --selectProjects (all when absent). */
function selectedProjects(): string[] | null {
  const index = args.findIndex((arg) => arg === '--selectProjects' || arg.startsWith('--selectProjects='));
  if (index < 0) return null;
  const inline = args[index].split('=')[1];
  if (inline !== undefined) return inline.split(',');
  const names: string[] = [];
  for (const arg of args.slice(index + 1)) {
    if (arg.startsWith('-')) break;
    names.push(arg);
  }
  return names;
}

const projects = selectedProjects();
const needsBuild = process.env.SKIP_BUILD !== '1' && (projects === null || projects.includes('e2e'));

if (needsBuild) {
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build', '--silent', '--', 'client'], {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.status !== 0) {
    const output = [build.stdout, build.stderr, build.error && String(build.error)].map((text) => text?.trim()).filter(Boolean);
    process.stderr.write(`${output.join('\n')}\nThe browser app did not build (npm run build).\n`);
    finish(0, 1, 1);
  }
  if (process.env.DEBUG_TESTS) console.log(`Client built in ${Date.now() - started} ms`);
}

const workerArg = /^(-i|--runInBand|-w|--maxWorkers)(=|$)/;
const workers = args.some((arg) => workerArg.test(arg)) ? [] : ['--maxWorkers=2'];

const resultsDir = mkdtempSync(join(tmpdir(), 'jest-results-'));
const summaryFile = join(resultsDir, 'summary.json');
const jest = spawnSync('npx', ['jest', ...workers, ...args], {
  stdio: 'inherit',
  env: { ...process.env, TEST_SUMMARY_FILE: summaryFile },
});
const code = jest.status ?? 1;

// Written by test/summary-reporter.cjs when the run completes.
let summary: { passed: number; failed: number } | null = null;
try {
  summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
} catch {
  // jest stopped before the tests ran (a failed global setup, a bad argument) and printed why.
}
rmSync(resultsDir, { recursive: true, force: true });

if (!summary) finish(0, 1, code || 1);
// A failure jest reports outside the tests (global teardown, no tests found) still counts as one.
finish(summary.passed, code !== 0 && summary.failed === 0 ? 1 : summary.failed, code);
