import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './ports';

/** Debian's postgresql-15 server binaries (.ci/run installs the package where they are absent). */
export const POSTGRES_BIN = process.env.TEST_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export interface TestCluster {
  /** Superuser URL of the cluster's `postgres` database, e.g. postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** Milliseconds from initdb to the first answered query. */
  startMs: number;
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

/** initdb and postgres refuse to run as root: run them as the postgres user then. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function postgresUserIds(): { uid: number; gid: number } {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    };
  } catch {
    throw new Error('Running as root, but there is no "postgres" user to run PostgreSQL as: install the postgresql-15 package (.ci/run does)');
  }
}

async function waitUntilReady(url: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL exited with code ${child.exitCode} while starting:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 25));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(`PostgreSQL did not accept connections within ${timeoutMs} ms (${String(lastError)}):\n${log()}`);
}

function postmasterPid(data: string): number | null {
  try {
    const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function signal(pid: number | null, name: NodeJS.Signals): void {
  if (pid === null) return;
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/**
 * A private, throwaway PostgreSQL cluster (Debian's postgresql-15) in a fresh temp folder, listening on
 * a free port of 127.0.0.1 with trust authentication and without durability (fsync and friends off).
 */
export async function startCluster(): Promise<TestCluster> {
  const started = Date.now();
  if (!existsSync(join(POSTGRES_BIN, 'postgres')) || !existsSync(join(POSTGRES_BIN, 'initdb'))) {
    throw new Error(
      `PostgreSQL 15 server binaries not found in ${POSTGRES_BIN}: the server tests need them. ` +
        'Install them with `apt-get install postgresql-15` (.ci/run does).',
    );
  }
  const owner = isRoot() ? postgresUserIds() : null;
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  chmodSync(dir, 0o700);
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');

  try {
    const [initCmd, initArgs] = asPostgres(join(POSTGRES_BIN, 'initdb'), [
      '-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions',
    ]);
    // A cwd the postgres user may enter (runuser keeps ours, which it may not be allowed to read).
    const init = spawnSync(initCmd, initArgs, { cwd: dir, encoding: 'utf8' });
    if (init.status !== 0) {
      throw new Error(`initdb failed (${init.error ?? `exit code ${init.status}`}):\n${init.stdout}${init.stderr}`);
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const port = await freePort();
  const [cmd, args] = asPostgres(join(POSTGRES_BIN, 'postgres'), [
    '-D', data, '-p', String(port), '-k', dir,
    '-c', 'listen_addresses=127.0.0.1',
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
    '-c', 'max_connections=200', '-c', 'shared_buffers=64MB',
  ]);
  const child = spawn(cmd, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  });
  child.on('error', (error) => {
    log += `\n${error}`;
  });

  // If the test run ends without the teardown (a crash, process.exit), do not leave the cluster behind.
  const onExit = () => {
    signal(postmasterPid(data), 'SIGQUIT');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilReady(url, child, () => log, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    signal(postmasterPid(data), 'SIGQUIT');
    process.removeListener('exit', onExit);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    url,
    startMs: Date.now() - started,
    async stop() {
      process.removeListener('exit', onExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        // Signal the postmaster itself (runuser is its parent). SIGINT is PostgreSQL's fast shutdown:
        // it ends open sessions and stops; SIGQUIT (immediate) if that takes more than 5 s.
        const pid = postmasterPid(data);
        if (pid === null) child.kill('SIGINT');
        else signal(pid, 'SIGINT');
        const timer = setTimeout(() => {
          signal(postmasterPid(data), 'SIGQUIT');
          child.kill('SIGKILL');
        }, 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
