/*
 * `npm run backup [-- <file>]`: a consistent copy of the SQLite database named by DATABASE_URL
 * (default ./data/app.db), safe while the server runs and writes. The copy goes to <file>, or to
 * DATA_DIR/backups/<name>-<UTC time>.db (DATA_DIR: the database's folder unless set).
 *
 * It uses SQLite's online backup API (better-sqlite3's `backup()`), copying every page in one
 * step: that step reads one snapshot of the database, and in WAL mode the server's writers go on
 * meanwhile. The copy is written under a temporary name, checked (`PRAGMA integrity_check`) and
 * only then renamed, so a file with the final name is always a whole, checked backup.
 * A PostgreSQL DATABASE_URL is refused with the pg_dump command to use (README, Operations).
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { DEFAULTS, sqlitePath } from '../config';

export class BackupError extends Error {}

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
}

type Env = Record<string, string | undefined>;

/** `app-20261123-101500.db`: sorts by time, no characters a shell or Windows minds. */
function timestamped(source: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const ext = extname(source) || '.db';
  return `${basename(source, extname(source))}-${stamp}${ext}`;
}

/** Where the copy goes: the argument, else a timestamped file under DATA_DIR/backups. */
export function backupTarget(env: Env, source: string, argument: string | undefined, at = new Date()): string {
  if (argument) return resolve(argument);
  const dataDir = resolve(env.DATA_DIR ?? dirname(source));
  return join(dataDir, 'backups', timestamped(source, at));
}

/** Copies the SQLite database at `source` to `target` (which must not exist yet). */
export async function backupSqlite(source: string, target: string): Promise<BackupResult> {
  if (!existsSync(source)) throw new BackupError(`No database at ${source}`);
  if (existsSync(target)) throw new BackupError(`${target} exists already: name another file`);
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });

  const db = new SQLite(source, { fileMustExist: true });
  let pages = 0;
  try {
    // The server holds write locks for milliseconds; wait for them rather than fail.
    db.pragma('busy_timeout = 5000');
    // The first step reads the page count; then every remaining page in one step (one snapshot).
    const progress = await db.backup(partial, { progress: () => 0x7fffffff });
    pages = progress.totalPages;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }

  const copy = new SQLite(partial, { fileMustExist: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`The copy failed its integrity check: ${String(check)}`);
  } catch (error) {
    copy.close();
    rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  renameSync(partial, target);
  return { file: target, bytes: statSync(target).size, pages };
}

/** The whole command: what it printed goes to the console, the exit code is the answer. */
export async function runBackup(env: Env, args: string[]): Promise<BackupResult> {
  const databaseUrl = (env.DATABASE_URL ?? DEFAULTS.DATABASE_URL).trim();
  const file = sqlitePath(databaseUrl);
  if (file === null) {
    throw new BackupError(
      'DATABASE_URL is a PostgreSQL database: back it up with pg_dump, e.g.\n' +
        '  pg_dump --format=custom --file=atolye.dump "$DATABASE_URL"\n' +
        'and restore it with pg_restore (README, Operations).',
    );
  }
  if (file === ':memory:') throw new BackupError('DATABASE_URL is an in-memory database: there is nothing to back up');
  const source = resolve(file);
  return backupSqlite(source, backupTarget(env, source, args[0]));
}

if (require.main === module) {
  runBackup(process.env, process.argv.slice(2)).then(
    ({ file, bytes, pages }) => {
      console.log(`Backup written: ${file} (${pages} pages, ${bytes} bytes)`);
    },
    (error) => {
      console.error(error instanceof BackupError ? error.message : error);
      process.exit(1);
    },
  );
}
