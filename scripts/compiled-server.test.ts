import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { STAMP_FILE } from './build-stamp';

/*
 * The compiled server (`npm run build -- server`, then `node dist/server/main.js`, as `npm start`
 * runs it) in a project folder of its own: its bundle, a page in dist/client, and links to this
 * project's locales/ and node_modules/, started by plain node with no NODE_OPTIONS (so no TypeScript
 * loader). It must find the sentences and the page beside itself, apply the migrations inside it,
 * and print the first accounts.
 */

const ROOT = resolve(__dirname, '..');
const ADMIN_PASSWORD = 'compiled-secret';
let project: string;
let server: ChildProcess;
let output = '';
let url: string;

/** Resolves with the first match of `pattern` in the server's output; rejects if it exits first. */
function printed(pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((found, fail) => {
    const check = () => {
      const match = output.match(pattern);
      if (match) found(match);
      return match;
    };
    if (check()) return;
    server.stdout!.on('data', check);
    server.once('exit', (code) => check() || fail(new Error(`the server exited (${code}) before printing ${pattern}:\n${output}`)));
  });
}

beforeAll(async () => {
  // Skipped when the server's sources have not changed since the last build.
  execFileSync(process.execPath, ['--require', 'tsx/cjs', 'scripts/build.ts', 'server'], { cwd: ROOT, stdio: 'inherit' });

  project = mkdtempSync(join(tmpdir(), 'compiled-server-'));
  mkdirSync(join(project, 'dist/server'), { recursive: true });
  for (const file of ['main.js', 'main.js.map']) copyFileSync(join(ROOT, 'dist/server', file), join(project, 'dist/server', file));
  mkdirSync(join(project, 'dist/client'));
  writeFileSync(join(project, 'dist/client/index.html'), '<!doctype html><title>compiled-server page</title>');
  writeFileSync(join(project, 'dist/client', STAMP_FILE), 'stamp-of-the-build\n');
  symlinkSync(join(ROOT, 'locales'), join(project, 'locales'));
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'));

  server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: project,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(project, 'data/app.db')}`,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      SHOPIFY_API_BASE_URL: 'http://127.0.0.1:1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  [, url] = await printed(/Listening on (http:\/\/\S+)/);
  // The accounts follow the address.
  await printed(/pasif/);
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  if (project) rmSync(project, { recursive: true, force: true });
});

test('a first start prints the admin and the demo accounts', () => {
  expect(output).toMatch(/First start, accounts created/);
  expect(output).toMatch(/admin\s+admin\s+\(password from ADMIN_PASSWORD\)/);
  for (const username of ['ofis', 'atolye', 'musteri', 'pasif']) expect(output).toMatch(new RegExp(`\\s${username}\\s+\\S+`));
});

test('it answers health and is ready with every migration applied', async () => {
  const health = await fetch(`${url}/healthz`);
  expect(health.status).toBe(200);
  const ready = await fetch(`${url}/readyz`);
  expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', pending_migrations: [] });
});

test('it serves the page of dist/client beside it, and never the build stamp', async () => {
  const page = await fetch(`${url}/login`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('compiled-server page');
  expect(await (await fetch(`${url}/${STAMP_FILE}`)).text()).not.toContain('stamp-of-the-build');
});

test('it knows the languages of the locales/ folders and answers in Turkish', async () => {
  const login = await fetch(`${url}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const save = (language: string) =>
    fetch(`${url}/api/v1/me/language`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ language }),
    });
  expect((await save('en')).status).toBe(200);
  const refused = await save('xx');
  expect(refused.status).toBe(400);
  // The sentence comes from locales/tr, read into the bundle.
  expect(JSON.stringify(await refused.json())).toMatch(/[çğıöşüÇĞİÖŞÜ]/);
});
