/*
 * Restart: `npm start` on a built tree (nothing to build) until GET /healthz answers, beside its
 * anchor, `node -e` with a bare Fastify answering the same route, measured in the same run. The
 * product's database exists already (a first, untimed start made it), as on a restart. The two are
 * started one after the other, RUNS times each, and the medians are compared.
 *
 *   npm run bench -- --skip-clone restart
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../test/ports';
import { machineLoad } from './product';

type Report = (name: string, value: string) => void;

const ROOT = resolve(__dirname, '..');
const RUNS = 5;
export const BARE = `const app = require('fastify')(); app.get('/healthz', async () => ({ status: 'ok' })); app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

/** Milliseconds from spawning `command` (in a process group of its own) to /healthz answering 200; then stops it. */
export async function timeToHealth(command: string, args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let ended = false;
  void exited.then(() => (ended = true));
  try {
    for (;;) {
      if (ended) throw new Error(`${command} ${args.join(' ')} ended before /healthz answered`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((next) => setTimeout(next, 5));
    }
  } finally {
    // npm, its shell and the server alike.
    if (!ended) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function restart(report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-restart-'));
  const env = { DATABASE_URL: `sqlite:${join(dir, 'app.db')}`, DATA_DIR: dir, ADMIN_PASSWORD: 'bench-secret', LOG_LEVEL: 'warn' };
  const npmStart = () => timeToHealth('npm', ['start', '--silent'], env);
  const bare = () => timeToHealth(process.execPath, ['-e', BARE], {});
  try {
    await npmStart();
    const product: number[] = [];
    const anchor: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      product.push(await npmStart());
      anchor.push(await bare());
    }
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    report(
      'restart (npm start to /healthz)',
      `${ms(median(product))} median, ${ms(Math.max(...product))} slowest of ${RUNS} (${median(product) < 3000 ? 'under' : 'NOT under'} 3 s) ` +
        `beside ${ms(median(anchor))} for a bare Fastify started by node -e (${(median(product) / median(anchor)).toFixed(1)} x; ${machineLoad()})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
