/*
 * Development mode: webpack rebuilds the browser app on every change while the server restarts
 * on changes of its own code. Ctrl+C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const children: ChildProcess[] = [
  spawn('npx', ['webpack', '--mode', 'development', '--watch'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: '--import tsx' },
  }),
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: 'inherit' }),
];

function stop(code = 0): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}

process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
