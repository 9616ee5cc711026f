import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

const ROOT = resolve(__dirname, '..');
export const SESSION_SECRET = 'e2e-session-secret-long-enough-for-hs256-0123456789';
export const ADMIN = { username: 'admin', password: 'admin-secret' };

export interface RunningServer {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** The real server process (as `npm start` runs it) on a fresh SQLite file and a free port. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'app.db')}`,
      SESSION_SECRET,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));

  const url = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const check = () => {
      const match = output.match(/Listening on (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolvePromise(match[1]);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });

  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Debian's chromium, headless; never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Collects what the page reports as errors (failed scripts, CSP violations) so a test can assert none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    // Refusals the app expects and shows (401 before a refresh, 4xx of bad input, 503 of an unconfigured service)
    // are logged by the browser as failed loads; CSP violations and script errors are not.
    if (message.type() === 'error' && !/the server responded with a status of [45]\d\d/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

export async function login(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Kullanıcı Adı').fill(username);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL('**/dashboard');
}

/** Calls the server's API directly, to set up data a test is not about. */
export async function apiCall<T = any>(baseUrl: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(data)}`);
  return data as T;
}

export async function apiToken(baseUrl: string, username = ADMIN.username, password = ADMIN.password): Promise<string> {
  return (await apiCall<{ token: string }>(baseUrl, 'POST', '/api/v1/user/login', undefined, { username, password })).token;
}
