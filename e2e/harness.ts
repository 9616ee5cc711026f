import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { ArchiveLineDto } from '../src/shared/api';

const ROOT = resolve(__dirname, '..');
export const SESSION_SECRET = 'e2e-session-secret-long-enough-for-hs256-0123456789';
export const ADMIN = { username: 'admin', password: 'admin-secret' };

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A test file that ends without stop() (a crash, a failed beforeAll) must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * The real server process (`tsx src/server/main.ts`, as `npm run serve` runs it) on a fresh SQLite file
 * in a temp folder, on a free port of 127.0.0.1 (PORT=0 unless `env` names one), with the admin account
 * ADMIN, no demo data and only warnings logged. `env` adds or overrides variables (SMTP_URL, PUBLIC_URL ...).
 * Resolves once `GET /` answers 200, that is once the server also serves the built client (dist/client,
 * which `npm test` builds first).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(join(ROOT, 'dist/client/index.html'))) {
    throw new Error('dist/client/index.html is missing: build the client first (npm run build; npm test does it)');
  }
  const dir = mkdtempSync(join(tmpdir(), 'e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'app.db')}`,
      DATA_DIR: dir,
      SESSION_SECRET,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      // Stores are never reached over the network: a store call fails at once on a closed local port.
      SHOPIFY_API_BASE_URL: 'http://127.0.0.1:1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.once('exit', () => running.delete(child));

  async function stop(): Promise<void> {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  }

  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start within 30 s:\n${output}`)), 30_000);
      const check = () => {
        const match = output.match(/Listening on (http:\/\/\S+)/);
        if (match) {
          clearTimeout(timer);
          resolveUrl(match[1].replace(/\/$/, ''));
        }
      };
      child.stdout!.on('data', check);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${signal ?? code}) before it listened:\n${output}`));
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    await waitForPage(url, () => output);
    return { url, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Polls `GET /` until it answers 200 (10 s at most). */
async function waitForPage(url: string, output: () => string): Promise<void> {
  const end = Date.now() + 10_000;
  let last = '';
  while (Date.now() < end) {
    try {
      const response = await fetch(`${url}/`);
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`GET ${url}/ did not answer 200 (last: ${last.slice(0, 300)}):\n${output()}`);
}

/** Debian's chromium, headless; never a downloaded browser. `extraArgs` adds switches (a fake camera ...). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
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
      ...extraArgs,
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

/**
 * Brings a column of the order grid into view as a keyboard user does: the grid renders only the
 * columns in view, so a cell of the first row takes the focus, Home goes to the first column and
 * the right arrow moves along the row until the column's cell has the focus (and so is rendered,
 * with its header and the same column of every row shown).
 */
export async function revealGridColumn(page: Page, colId: string): Promise<void> {
  const focusedAt = (index: number) =>
    page.waitForFunction((at) => document.activeElement?.closest('.ag-cell')?.getAttribute('aria-colindex') === String(at), index);
  await page.locator('.ag-row[row-index="0"] .ag-cell[col-id]:not([col-id$="_action"])').first().click();
  await page.keyboard.press('Home');
  await focusedAt(1);
  for (let index = 1; ; index++) {
    const focused = await page.evaluate(() => document.activeElement?.closest('.ag-cell')?.getAttribute('col-id') ?? null);
    if (focused === colId) return;
    if (index > 60) throw new Error(`the grid has no column ${colId}`);
    await page.keyboard.press('ArrowRight');
    await focusedAt(index + 1);
  }
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

/** Registers `username` (password secret-1) and gives it `role` through the admin's token; answers its id. */
export async function userWithRole(url: string, adminToken: string, username: string, role: number): Promise<number> {
  await apiCall(url, 'POST', '/api/v1/user/register', undefined, { username, email: `${username}@example.com`, password: 'secret-1' });
  const user = (await apiCall(url, 'GET', '/api/v1/user', adminToken)).users.find((u: { username: string }) => u.username === username);
  await apiCall(url, 'POST', '/api/v1/user/changeUserRoles', adminToken, [{ ID: user.id, Role: role }]);
  return user.id;
}

/**
 * A keyboard-wedge scanner: the code's keys and Enter in one burst, made in the page where the
 * focus is. Keys sent one by one from here reach a busy machine's page further apart than any
 * scanner's, and would read as a person typing. Answers whether the page took the Enter as a
 * scan (it cancels a scan's Enter, so no focused control acts on it).
 */
export function wedgeScan(page: Page, code: string): Promise<boolean> {
  return page.evaluate((keys) => {
    const target = document.activeElement ?? document.body;
    let taken = false;
    for (const key of [...keys, 'Enter']) taken = !target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    return taken;
  }, code);
}

/**
 * A B2B customer with its own login (`username`, company `name`), who orders one piece of
 * `productId`; answers that line as the archive answers it.
 */
export async function customerWithLine(url: string, adminToken: string, username: string, name: string, productId: number): Promise<ArchiveLineDto> {
  const userId = await userWithRole(url, adminToken, username, 5);
  const customer = (
    await apiCall(url, 'POST', '/api/v1/customers', adminToken, {
      name, email: `${username}@example.com`, phone: '0532', address: 'Cd. 1', zip_code: '34000', city: 'İstanbul', company_name: name, credit: 100_000, tax_number: '1', user_id: userId,
    })
  ).customer;
  const token = await apiToken(url, username, 'secret-1');
  await apiCall(url, 'POST', '/api/v1/customer-orders/simple', token, {
    address: 'x', email: `${username}@example.com`, phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: productId, quantity: 1 }],
  });
  const { orders } = await apiCall(url, 'GET', `/api/v1/order-lines/archive?customer_id=${customer.id}`, adminToken);
  return orders[0];
}

/**
 * The product and a headless browser for one test file: started before its tests, stopped after.
 * Read `server` and `browser` inside hooks and tests, once they exist.
 */
export function withBrowserServer(): { readonly server: RunningServer; readonly browser: Browser } {
  const live = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    live.server = await startServer();
    live.browser = await launchBrowser();
  });
  afterAll(async () => {
    await live.browser?.close();
    await live.server?.stop();
  });
  return live;
}
