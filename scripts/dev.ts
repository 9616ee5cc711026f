/*
 * Development mode: webpack rebuilds the browser app on every change (development build into
 * dist/client) while `tsx watch` restarts the server on changes of its own code. Ctrl+C stops both.
 *
 * Each child runs in its own process group, so stopping one also stops whatever it started
 * (tsx watch runs the server as a grandchild). If either child ends, the other is stopped too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const bin = (name: string) => resolve(ROOT, 'node_modules/.bin', name);

function start(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', detached: true, env: { ...process.env, ...env } });
  child.on('error', (error) => {
    console.error(`[dev] ${label} could not start: ${error.message}`);
    stop(1);
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[dev] ${label} ended (${signal ?? `exit code ${code}`}); stopping the other process`);
    stop(code ?? 1);
  });
  return child;
}

let stopping = false;
const children: ChildProcess[] = [];

function stop(code = 0): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // The group is already gone.
    }
  }
  // Give the server a moment to close its port, then leave.
  setTimeout(() => process.exit(code), 500).unref();
  Promise.all(children.map((child) => (child.exitCode !== null || child.signalCode !== null ? null : new Promise((done) => child.once('exit', done))))).then(() =>
    process.exit(code),
  );
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('SIGHUP', () => stop(0));

children.push(
  start('webpack', bin('webpack'), ['--mode', 'development', '--watch'], { NODE_OPTIONS: '--import tsx' }),
  start('server', bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts']),
);
