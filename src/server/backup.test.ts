/*
 * Backup and restore as the README's Operations section tells them: `npm run backup` on SQLite while
 * the server writes, restore by putting the copy in place with the server stopped; pg_dump and
 * pg_restore on PostgreSQL. The shell commands run here are the README's, word for word.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { selectedDatabaseNames, testDatabases } from '../../test/databases';
import { POSTGRES_BIN } from '../../test/postgres';
import { startTestApp, type TestApp } from '../../test/server';
import { BackupError, backupTarget, runBackup } from '../../scripts/backup';

const ROOT = resolve(__dirname, '../..');
const PRODUCT = { price: 1000, workmanship_rate: 20, production_expected_days: 5, expected_weight: 4 };

/** The README's SQLite restore, run in the folder that holds `data/` (the server is stopped). */
const SQLITE_RESTORE = (backup: string) => `mkdir -p data/before-restore && mv data/app.db* data/before-restore/\ncp ${backup} data/app.db`;
/** The README's PostgreSQL commands, with DATABASE_URL in the environment. */
const PG_DUMP = 'pg_dump --format=custom --file=atolye.dump "$DATABASE_URL"';
const PG_RESTORE = 'pg_restore --clean --if-exists --single-transaction --dbname="$DATABASE_URL" atolye.dump';

function shell(command: string, cwd: string, env: Record<string, string> = {}): string {
  return execFileSync('sh', ['-e', '-c', command], { cwd, env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** `npm run backup [-- file]` as a separate process; resolves with its exit code and output. */
function npmBackup(env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; output: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn('npm', ['run', '--silent', 'backup', ...(args.length ? ['--', ...args] : [])], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolveRun({ code, output }));
  });
}

async function products(t: TestApp): Promise<number> {
  return Number((await t.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
}

describe('SQLite backup', () => {
  test('npm run backup while the server writes: a whole, consistent copy with every row committed before it started; the README restore brings it back', async () => {
    const root = mkdtempSync(join(process.env.TEST_TMP_DIR ?? tmpdir(), 'backup-'));
    mkdirSync(join(root, 'data'));
    const databaseUrl = `sqlite:${join(root, 'data', 'app.db')}`;
    let t = await startTestApp(databaseUrl);
    const admin = (await t.login()).token;
    const create = async (title: string) => {
      const { status } = await t.call('POST', '/api/v1/product', { token: admin, body: { ...PRODUCT, title } });
      if (status !== 201) throw new Error(`product ${title}: ${status}`);
    };
    for (let i = 0; i < 200; i++) await create(`önce ${i}`);

    // The server keeps writing, one product after another, through the whole backup.
    let writing = true;
    let written = 0;
    let notifyWrite = () => {};
    const writer = (async () => {
      while (writing) {
        await create(`sırasında ${written}`);
        written += 1;
        notifyWrite();
      }
    })();
    await new Promise<void>((resolveWrites) => {
      notifyWrite = () => written >= 10 && resolveWrites();
    });
    notifyWrite = () => {};

    const committedBefore = await products(t);
    const writtenBefore = written;
    // No argument: a timestamped file under the database's folder, data/backups/.
    const backup = await npmBackup({ DATABASE_URL: databaseUrl });
    const writtenDuring = written - writtenBefore;
    writing = false;
    await writer;
    expect(backup).toMatchObject({ code: 0, output: expect.stringMatching(/^Backup written: .*data\/backups\/app-\d{8}-\d{6}\.db \(\d+ pages, \d+ bytes\)\n$/) });
    // The server really wrote while the backup ran (a separate process with its own connection).
    expect(writtenDuring).toBeGreaterThan(0);
    const files = readdirSync(join(root, 'data', 'backups'));
    expect(files).toEqual([expect.stringMatching(/^app-\d{8}-\d{6}\.db$/)]);
    const copyPath = join(root, 'data', 'backups', files[0]);

    const copy = new SQLite(copyPath, { readonly: true, fileMustExist: true });
    let copied: number;
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('foreign_key_check')).toEqual([]);
      const row = copy.prepare('select count(*) as n, max(id) as last from products').get() as { n: number; last: number };
      copied = row.n;
      // Every row committed before the backup began, and a clean prefix of the ones after (no gap, no half).
      expect(copied).toBeGreaterThanOrEqual(committedBefore);
      expect(row.last).toBe(copied);
      expect(copied).toBeLessThanOrEqual(await products(t));
      expect((copy.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n).toBeGreaterThan(0);
    } finally {
      copy.close();
    }
    if (process.env.DEBUG_TESTS) console.log({ committedBefore, copied, writtenDuring, after: await products(t) });

    // Restore: server stopped, the README's commands, server started on the restored file.
    await t.close();
    shell(SQLITE_RESTORE(`data/backups/${files[0]}`), root);
    expect(existsSync(join(root, 'data', 'before-restore', 'app.db'))).toBe(true);
    t = await startTestApp(databaseUrl);
    try {
      expect(await products(t)).toBe(copied);
      expect((await t.call('GET', '/readyz')).status).toBe(200);
      const token = (await t.login()).token;
      expect((await t.call('POST', '/api/v1/product', { token, body: { ...PRODUCT, title: 'geri yüklendikten sonra' } })).status).toBe(201);
    } finally {
      await t.close();
    }
  }, 120_000);

  test('an argument names the copy; an existing file is never overwritten; PostgreSQL is sent to pg_dump', async () => {
    const root = mkdtempSync(join(process.env.TEST_TMP_DIR ?? tmpdir(), 'backup-'));
    const databaseUrl = `sqlite:${join(root, 'app.db')}`;
    const t = await startTestApp(databaseUrl);
    try {
      const target = join(root, 'elsewhere', 'copy.db');
      expect(await runBackup({ DATABASE_URL: databaseUrl }, [target])).toMatchObject({ file: target, pages: expect.any(Number) });
      await expect(runBackup({ DATABASE_URL: databaseUrl }, [target])).rejects.toThrow(/exists already/);
      expect(readdirSync(join(root, 'elsewhere'))).toEqual(['copy.db']);
    } finally {
      await t.close();
    }
    expect(backupTarget({ DATA_DIR: '/srv/atolye' }, '/var/lib/atolye/app.db', undefined, new Date('2026-11-23T10:15:00.123Z'))).toBe(
      '/srv/atolye/backups/app-20261123-101500.db',
    );
    await expect(runBackup({ DATABASE_URL: 'postgres://atolye:secret@db:5432/atolye' }, [])).rejects.toThrow(BackupError);
    await expect(runBackup({ DATABASE_URL: 'postgres://atolye:secret@db:5432/atolye' }, [])).rejects.toThrow(/pg_dump --format=custom/);
    await expect(runBackup({ DATABASE_URL: `sqlite:${join(root, 'missing.db')}` }, [])).rejects.toThrow(/No database at/);
  });
});

const postgres = testDatabases().find((database) => database.name === 'postgres');
(selectedDatabaseNames().includes('postgres') ? describe : describe.skip)('PostgreSQL backup', () => {
  test("the README's pg_dump and pg_restore commands: the restored database is the dumped one, and the app starts on it", async () => {
    const databaseUrl = await postgres!.create();
    const dir = mkdtempSync(join(tmpdir(), 'pg-backup-'));
    // The same major version as the server (Debian's wrapper in /usr/bin would pick one too).
    const env = { DATABASE_URL: databaseUrl, PATH: `${POSTGRES_BIN}:${process.env.PATH}` };
    let t = await startTestApp(databaseUrl);
    const admin = (await t.login()).token;
    for (const title of ['Yüzük', 'Kolye', 'Küpe']) {
      expect((await t.call('POST', '/api/v1/product', { token: admin, body: { ...PRODUCT, title } })).status).toBe(201);
    }
    shell(PG_DUMP, dir, env);
    expect(existsSync(join(dir, 'atolye.dump'))).toBe(true);
    // A change after the dump, which the restore must undo.
    expect((await t.call('POST', '/api/v1/product', { token: admin, body: { ...PRODUCT, title: 'Bilezik' } })).status).toBe(201);
    await t.close();

    shell(PG_RESTORE, dir, env);
    t = await startTestApp(databaseUrl);
    try {
      const titles = (await t.db.selectFrom('products').select('title').orderBy('id').execute()).map((row) => row.title);
      expect(titles).toEqual(['Yüzük', 'Kolye', 'Küpe']);
      expect((await t.call('GET', '/readyz')).body).toEqual({ status: 'ready', database: 'ok', pending_migrations: [] });
      const token = (await t.login()).token;
      expect((await t.call('POST', '/api/v1/product', { token, body: { ...PRODUCT, title: 'Bilezik' } })).status).toBe(201);
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
