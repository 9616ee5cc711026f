/*
 * The product as its operators run it, for the load and crash benchmarks: the real server started as
 * a child process (node --import tsx src/server/main.ts) on a database prepared beforehand with the
 * same seed modules as the demo data, and a throwaway PostgreSQL cluster configured as a production
 * one would be (durable commits), unlike the tests' cluster.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config';
import { type Db, migrateToLatest, openDatabase } from '../src/server/db';
import { bootstrap } from '../src/server/db/seed';
import { hashPassword } from '../src/server/modules/auth/passwords';
import { API } from '../src/shared/api';
import { forecastJobKey } from '../src/shared/forecast';
import { Role, type RoleId } from '../src/shared/roles';
import { POSTGRES_BIN } from '../test/postgres';
import { freePort } from '../test/ports';

const ROOT = resolve(__dirname, '..');
/** The first admin's password on every bench database. */
export const ADMIN_PASSWORD = 'bench-secret';
/** The password of every user the benchmarks add. */
export const USER_PASSWORD = 'bench-pass';

/** A number from `--name=value` on the command line, else the environment variable, else the default. */
export function option(name: string, envName: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const raw = arg ? arg.slice(name.length + 3) : process.env[envName];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} / ${envName}: expected a number of 0 or more, got ${raw}`);
  return value;
}

/** A list from `--name=a,b` or the environment variable, else the default. */
export function listOption(name: string, envName: string, fallback: string[]): string[] {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const raw = arg ? arg.slice(name.length + 3) : process.env[envName];
  return raw ? raw.split(',').map((s) => s.trim()).filter(Boolean) : fallback;
}

/** A database to run the product on: its URL, and how to remove it afterwards. */
export interface BenchDatabase {
  name: 'sqlite' | 'postgres';
  url: string;
  dataDir: string;
  /** What the database runs with, for the report. */
  settings: string;
  drop(): Promise<void>;
}

export function sqliteDatabase(): BenchDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'bench-sqlite-'));
  return {
    name: 'sqlite',
    url: `sqlite:${dir}/app.db`,
    dataDir: dir,
    settings: 'WAL, synchronous=NORMAL (the product\'s own pragmas), file on the local disk',
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A private PostgreSQL 15 cluster in a temp folder, with the server's default durability (fsync,
 * synchronous_commit and full_page_writes on), so a commit is on disk when the product answers.
 * The tests' cluster (test/postgres.ts) turns them off for speed, which would flatter the figures.
 */
export async function postgresDatabase(): Promise<BenchDatabase> {
  const root = process.getuid?.() === 0;
  const as = (command: string, args: string[]): [string, string[]] => (root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]);
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  chmodSync(dir, 0o700);
  if (root) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, id('-u'), id('-g'));
  }
  const data = join(dir, 'data');
  const [initCmd, initArgs] = as(join(POSTGRES_BIN, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-instructions']);
  const init = spawnSync(initCmd, initArgs, { cwd: dir, encoding: 'utf8' });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
  }
  const port = await freePort();
  const [cmd, args] = as(join(POSTGRES_BIN, 'postgres'), [
    '-D', data, '-p', String(port), '-k', dir,
    '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=100', '-c', 'shared_buffers=256MB',
    // A seed of millions of rows in one transaction: fewer checkpoints, so fewer full-page images
    // in the log. Durability is unchanged (fsync and full_page_writes stay on).
    '-c', 'max_wal_size=8GB', '-c', 'checkpoint_timeout=30min',
  ]);
  const child = spawn(cmd, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const postmaster = () => {
    try {
      return Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
    } catch {
      return null;
    }
  };
  const signal = (name: NodeJS.Signals) => {
    const pid = postmaster();
    try {
      if (pid) process.kill(pid, name);
      else child.kill(name);
    } catch {
      // gone already
    }
  };
  const onExit = () => signal('SIGQUIT');
  process.once('exit', onExit);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const end = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('create database atolye');
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (child.exitCode !== null || Date.now() > end) {
        signal('SIGQUIT');
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`PostgreSQL did not start (${String(error)}):\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const appDir = mkdtempSync(join(tmpdir(), 'bench-pg-app-'));
  return {
    name: 'postgres',
    url: `postgres://postgres@127.0.0.1:${port}/atolye`,
    dataDir: appDir,
    settings: 'PostgreSQL 15, fsync/synchronous_commit/full_page_writes on (server defaults), shared_buffers=256MB, max_wal_size=8GB, checkpoint_timeout=30min, pool of 10',
    async drop() {
      process.removeListener('exit', onExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        signal('SIGINT');
        const timer = setTimeout(() => signal('SIGQUIT'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
      rmSync(appDir, { recursive: true, force: true });
    },
  };
}

/** The environment the product is started with on a bench database. */
function productEnv(database: BenchDatabase, port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    ADMIN_PASSWORD,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    // Stores are never reached over the network: a store call fails at once on a closed local port.
    SHOPIFY_API_BASE_URL: 'http://127.0.0.1:1',
  };
}

/**
 * Migrates and seeds the database from the bench process, as the first start would (admin, no demo
 * users), then runs `seed` on it and closes it, so the server starts on a database already filled.
 */
export async function prepare<T>(database: BenchDatabase, seed: (db: Db) => Promise<T>): Promise<T> {
  const config = loadConfig({ ...productEnv(database, 0), LOG_LEVEL: 'silent' });
  const handle = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(handle.db);
    await bootstrap(handle.db, config);
    return await seed(handle.db);
  } finally {
    await handle.close();
  }
}

/** What a bench on a seeded database measures with: the database, the product running on it, what the seed answered and how long it took. */
export interface Seeded<T> {
  name: string;
  database: BenchDatabase;
  product: RunningProduct;
  seeded: T;
  seconds: number;
}

/**
 * On each database of --databases (both by default): a fresh one seeded by `seed` (timed), the
 * product started on it, `measure` run, then both removed; the server's error lines are shown when
 * the bench fails.
 */
export async function onEachDatabase<T>(seed: (db: Db, database: BenchDatabase) => Promise<T>, measure: (run: Seeded<T>) => Promise<void>, env: Record<string, string> = {}): Promise<void> {
  for (const name of listOption('databases', 'BENCH_DATABASES', ['sqlite', 'postgres'])) {
    const database = name === 'postgres' ? await postgresDatabase() : name === 'sqlite' ? sqliteDatabase() : null;
    if (!database) throw new Error(`--databases: unknown database ${name} (sqlite, postgres)`);
    let product: RunningProduct | undefined;
    try {
      let seconds = 0;
      const seeded = await prepare(database, async (db) => {
        const seeding = performance.now();
        const answer = await seed(db, database);
        seconds = (performance.now() - seeding) / 1000;
        return answer;
      });
      product = await startProduct(database, env);
      await measure({ name, database, product, seeded, seconds });
    } catch (error) {
      const logged = product?.output().split('\n').filter((l) => /"level":(50|60)|Error/.test(l)) ?? [];
      if (logged.length) console.log(`  server logged ${logged.length} error lines, the last: ${logged[logged.length - 1].slice(0, 1000)}`);
      throw error;
    } finally {
      await product?.stop();
      await database.drop();
    }
  }
}

/**
 * Waits for the day's forecast job, which a server started on a day without one runs at once over
 * every open line: measured during it, the report would be timed beside that batch work. Answers
 * how long it ran.
 */
export async function forecastDone(db: Db): Promise<string> {
  const key = forecastJobKey(new Date());
  for (const end = Date.now() + 30 * 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const job = await db.selectFrom('jobs').select(['status', 'created_at', 'finished_at']).where('key', '=', key).executeTakeFirst();
    if (job?.status === 'done' && job.finished_at) return `${((new Date(job.finished_at).getTime() - new Date(job.created_at).getTime()) / 1000).toFixed(1)} s`;
    if (job?.status === 'failed') throw new Error('the daily forecast failed');
  }
  throw new Error('the daily forecast did not end within 30 minutes');
}

/**
 * Waits until no job is due, taken or waiting to be tried again: the work a started server finds at
 * once (the day's forecast, a reconciliation of every store) is done, and what is measured next is
 * not timed beside it. Answers how many jobs were done by then.
 */
export async function jobsSettled(db: Db, withinMs = 120_000): Promise<number> {
  for (const end = Date.now() + withinMs; ; await new Promise((r) => setTimeout(r, 100))) {
    const now = new Date().toISOString();
    const unsettled = await db
      .selectFrom('jobs')
      .select(['kind', 'last_error'])
      .where((eb) => eb.or([eb('status', '=', 'running'), eb.and([eb('status', '=', 'waiting'), eb.or([eb('run_after', '<=', now), eb('attempts', '>', 0)])])]))
      .executeTakeFirst();
    if (!unsettled) return Number((await db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'done').executeTakeFirstOrThrow()).n);
    if (Date.now() > end) throw new Error(`a ${unsettled.kind} job was still unsettled after ${withinMs / 1000} s (last error: ${unsettled.last_error ?? 'none'})`);
  }
}

/** Adds a user of `role` with USER_PASSWORD; returns its id. */
export async function addUser(db: Db, username: string, role: RoleId): Promise<number> {
  const at = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({ username, email: `${username}@bench.example`, password_hash: await hashPassword(USER_PASSWORD), role_id: role, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives every workshop and every customer of the catalogue a user of its own; returns their names. */
export async function ownerUsers(db: Db): Promise<{ workshops: Array<{ id: number; username: string }>; customers: Array<{ id: number; username: string }> }> {
  const workshops = [];
  for (const { id } of await db.selectFrom('workshops').select('id').orderBy('id').execute()) {
    const username = `atolye${id}`;
    await db.updateTable('workshops').set({ user_id: await addUser(db, username, Role.Workshop) }).where('id', '=', id).execute();
    workshops.push({ id, username });
  }
  const customers = [];
  for (const { id } of await db.selectFrom('customers').select('id').orderBy('id').execute()) {
    const username = `musteri${id}`;
    await db.updateTable('customers').set({ user_id: await addUser(db, username, Role.Customer) }).where('id', '=', id).execute();
    customers.push({ id, username });
  }
  return { workshops, customers };
}

/** The real server running as a child process. */
export interface RunningProduct {
  base: string;
  child: ChildProcess;
  /** What the server wrote (last 20 KB): 5xx lines, crashes. */
  output(): string;
  /** SIGTERM, and waits for the exit (the graceful shutdown). */
  stop(): Promise<void>;
  /** SIGKILL: the process ends at once, mid-request. */
  kill(): Promise<void>;
}

/** Starts `node --import tsx src/server/main.ts` on the database and waits for /readyz. */
export function startProduct(database: BenchDatabase, env: Record<string, string> = {}): Promise<RunningProduct> {
  return startScript('src/server/main.ts', (port) => ({ ...productEnv(database, port), ...env }));
}

/** Starts `node --import tsx <script>` with PORT (and `env`) and waits until its /readyz answers 200. */
export async function startScript(script: string, env: (port: number) => Record<string, string>): Promise<RunningProduct> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), ...env(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const base = `http://127.0.0.1:${port}`;
  const end = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with code ${child.exitCode} while starting:\n${output}`);
    if ((await status(`${base}/readyz`)) === 200) break;
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`${script} was not ready within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    base,
    child,
    output: () => output,
    async stop() {
      if (running()) child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The status of a GET, or 0 when nothing answers. */
function status(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.setTimeout(2000, () => req.destroy());
  });
}

/** Logs `username` in through the API; returns the bearer header. */
export async function login(base: string, username: string, password = USER_PASSWORD): Promise<string> {
  const response = await fetch(`${base}${API.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw Object.assign(new Error(`login of ${username}: ${response.status} ${await response.text()}`), { status: response.status });
  return `Bearer ${((await response.json()) as { token: string }).token}`;
}

/** Runs `work` over `items` with at most `concurrency` at a time, results in order. */
export async function pool<T, R>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

/** The 1-minute load average and the CPU count, for the report. */
export function machineLoad(): string {
  const [one] = readFileSync('/proc/loadavg', 'utf8').split(' ');
  return `load average ${one} on ${cpus().length} CPUs`;
}

/** How late the server answers /readyz (its database read included), asked every `every` ms until the function it returns is called: the worst and the 99th percentile. */
export function watchServer(base: string, every: number): () => Promise<{ worst: number; p99: number; count: number }> {
  const took: number[] = [];
  let running = true;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ask = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get(`${base}/readyz`, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          took.push(performance.now() - started);
          resolve();
        });
      });
      req.on('error', () => resolve());
    });
  const loop = (async () => {
    while (running) {
      await ask();
      await new Promise((r) => setTimeout(r, every));
    }
  })();
  return async () => {
    running = false;
    await loop;
    agent.destroy();
    const sorted = [...took].sort((a, b) => a - b);
    return { worst: sorted[sorted.length - 1] ?? 0, p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0, count: sorted.length };
  };
}
