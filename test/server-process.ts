import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');

/** A real server process (`tsx src/server/main.ts`, as `npm run serve` starts it) and what it printed. */
export interface ServerProcess {
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Resolves when the output has a line matching `pattern`; rejects if the process exits first. */
  printed(pattern: RegExp): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends the process at once (SIGKILL) unless it has already exited. */
  kill(): void;
}

/** Starts the server with `env` over a quiet test environment and waits until it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'false', LOG_LEVEL: 'warn', SHOPIFY_API_BASE_URL: 'http://127.0.0.1:1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: Array<() => void> = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) waiter();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit({ code, signal }));
  });

  const printed = (pattern: RegExp) =>
    new Promise<void>((resolvePrinted, reject) => {
      const check = () => {
        if (pattern.test(output)) {
          waiters.splice(waiters.indexOf(check), 1);
          resolvePrinted();
        }
      };
      waiters.push(check);
      check();
      exited.then(({ code, signal }) => {
        if (!pattern.test(output)) reject(new Error(`the server exited (${signal ?? code}) before printing ${pattern}:\n${output}`));
      });
    });

  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    await printed(/Listening on http:\/\/127\.0\.0\.1:\d+/);
  } catch (error) {
    kill();
    throw error;
  }
  const port = Number(output.match(/Listening on http:\/\/127\.0\.0\.1:(\d+)/)![1]);
  return { port, child, output: () => output, printed, exited, kill };
}
