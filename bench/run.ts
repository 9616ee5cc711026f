/*
 * Benchmarks of the numbers issues name. They report figures; they never fail a build.
 *   npm run bench                  all measurements
 *   npm run bench -- --skip-clone  without the fresh-clone install/build/start timing
 *   npm run bench -- --skip-clone workshop nextStep   only the measurements named (see MEASUREMENTS)
 *   npm run bench -- --skip-clone mixed --clients=50 --seconds=10   options of mixed (bench/mixed.ts), durability (bench/durability.ts) and live (bench/live.ts)
 *   npm run bench -- --skip-clone notify-burst --orders=200   options of notify-burst (bench/notify-burst.ts)
 */
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../config';
import { buildApp, CLIENT_DIR } from '../src/server/app';
import { migrateToLatest, openDatabase } from '../src/server/db';
import { seedCatalogue } from '../src/server/db/demo-catalogue';
import { seedOrders } from '../src/server/db/demo-orders';
import { listLines } from '../src/server/modules/order-lines/queries';
import { lineFigures, officeReport, productLines, workshopCardSums } from '../src/server/modules/order-lines/figures';
import { dashboardCounts } from '../src/server/modules/dashboard/counts';
import { balances } from '../src/server/modules/metal/ledger';
import { bootstrap } from '../src/server/db/seed';
import { API } from '../src/shared/api';
import { LineStatus } from '../src/shared/statuses';
import { chromium } from 'playwright-core';
import { startSmtp } from '../test/smtp';
import { archive } from './archive';
import { shopSync } from './catalogue-sync';
import { durability } from './durability';
import { flow } from './flow';
import { grid } from './grid';
import { history } from './history';
import { live } from './live';
import { metalLedger } from './metal';
import { load } from './load';
import { listMemory } from './list-memory';
import { mixed } from './mixed';
import { notifyBurst } from './notify-burst';
import { realistic } from './mixed-realistic';
import { restart } from './restart';
import { shopWebhooks } from './shop-webhooks';
import { statements } from './statements';
import { tickets } from './tickets';

const ROOT = resolve(__dirname, '..');
/** What chromium sends, on plain HTTP too: API figures are what a browser gets. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const args = new Set(process.argv.slice(2));
const results: Array<[string, string]> = [];
const report = (name: string, value: string) => {
  results.push([name, value]);
  console.log(`${name}: ${value}`);
};

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Fresh clone of the committed tree -> npm ci -> build -> first page served. */
async function freshClone(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-clone-'));
  try {
    const started = Date.now();
    execSync(`git clone -q "${ROOT}" "${dir}"`);
    execSync('npm ci --no-audit --no-fund --loglevel=error', { cwd: dir, stdio: 'ignore' });
    const installed = Date.now();
    execSync('npm run build --silent', { cwd: dir, stdio: 'ignore' });
    const built = Date.now();
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: dir,
      env: { ...process.env, PORT: '3990', HOST: '127.0.0.1', DATABASE_URL: `sqlite:${dir}/data/app.db` },
      stdio: 'ignore',
    });
    try {
      await waitFor('http://127.0.0.1:3990/login', 60_000);
      const served = Date.now();
      report(
        'fresh clone to first page',
        `${((served - started) / 1000).toFixed(1)} s (install ${((installed - started) / 1000).toFixed(1)} s, build ${((built - installed) / 1000).toFixed(1)} s, start ${((served - built) / 1000).toFixed(1)} s)`,
      );
    } finally {
      server.kill('SIGTERM');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The JavaScript the login page loads before anything else: the script tags of index.html. */
function loginPageScripts(): void {
  const html = readFileSync(join(CLIENT_DIR, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="?\/?([^" >]+)/g)].map((m) => m[1]);
  let raw = 0;
  let gzip = 0;
  let heavy = false;
  for (const file of scripts) {
    const code = readFileSync(join(CLIENT_DIR, file));
    raw += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
    // The grid, and the sheet writer (its zip library and the sheet XML it writes).
    heavy ||= /ag-grid|AG Grid|fflate|inlineStr/i.test(code.toString('utf8'));
  }
  report(
    'login page JavaScript',
    `${(gzip / 1024).toFixed(1)} KB gzip (${(raw / 1024).toFixed(1)} KB raw, ${scripts.length} files; grid or spreadsheet code in it: ${heavy ? 'YES' : 'no'})`,
  );
}

/**
 * The real app on a fresh SQLite file in a temp folder, with the admin password "bench-secret";
 * with `demo`, also the demo users (their generated passwords in `accounts`) and data.
 */
async function benchApp({ demo = false, env = {} as Record<string, string> } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${dir}/app.db`,
    DATA_DIR: dir,
    ADMIN_PASSWORD: 'bench-secret',
    DEMO_DATA: String(demo),
    LOGIN_RATE_LIMIT: '1000000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database.db);
  const accounts = await bootstrap(database.db, config);
  return {
    database,
    accounts,
    app: () => buildApp(config, database),
    async close(app?: { close(): Promise<unknown> }) {
      await app?.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function loginThroughput(): Promise<void> {
  const bench = await benchApp();
  const app = await bench.app();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.post('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const appPort = (app.server.address() as AddressInfo).port;
    const barePort = (bare.server.address() as AddressInfo).port;
    const body = { username: 'admin', password: 'bench-secret' };
    const logins = await load(`http://127.0.0.1:${appPort}/api/v1/user/login`, { method: 'POST', body, seconds: 5 });
    const plain = await load(`http://127.0.0.1:${barePort}/bare`, { method: 'POST', body, seconds: 5 });
    report(
      'login requests per second',
      `${logins.perSecond.toFixed(0)} req/s beside a bare Fastify route at ${plain.perSecond.toFixed(0)} req/s (${((logins.perSecond / plain.perSecond) * 100).toFixed(1)} %; scrypt hashing dominates by design; failures ${logins.failures})`,
    );
  } finally {
    await bare.close();
    await bench.close(app);
  }
}

/** A bearer header for the demo workshop user (atolye) of a demo bench app. */
async function demoWorkshopAuth(bench: Awaited<ReturnType<typeof benchApp>>, app: FastifyInstance): Promise<Record<string, string>> {
  const { password } = bench.accounts.find((account) => account.username === 'atolye')!;
  const login = await app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'atolye', password } });
  return { authorization: `Bearer ${login.json().token}` };
}

/**
 * The demo workshop's own order list, as its tablet asks for it, beside two bare Fastify routes:
 * one answering a small JSON (the HTTP floor) and one answering the same workshop's lines from the
 * same query without sessions, headers or compression (what the product adds on top).
 */
async function workshopOrdersThroughput(): Promise<void> {
  const bench = await benchApp({ demo: true });
  const app = await bench.app();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  try {
    const auth = await demoWorkshopAuth(bench, app);
    const headers = { ...BROWSER, ...auth };
    const workshopId = (await app.inject({ method: 'GET', url: '/api/v1/workshop/me', headers: auth })).json().workshop.id;
    const lines = (await app.inject({ method: 'GET', url: '/api/v1/workshop/me/orders', headers: auth })).json().orders.length;
    bare.get('/bare', async () => ({ ok: true }));
    bare.get('/lines', async () => ({ orders: await listLines(bench.database.db, { userId: 0, workshopId }) }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (app.server.address() as AddressInfo).port;
    const barePort = (bare.server.address() as AddressInfo).port;
    const mine = await load(`http://127.0.0.1:${appPort}/api/v1/workshop/me/orders`, { headers, seconds: 5 });
    const plain = await load(`http://127.0.0.1:${barePort}/bare`, { headers: BROWSER, seconds: 5 });
    const sameLines = await load(`http://127.0.0.1:${barePort}/lines`, { headers: BROWSER, seconds: 5 });
    const ratio = (other: { perSecond: number }) => (mine.perSecond / other.perSecond).toFixed(2);
    report(
      'workshop order list requests per second',
      `${mine.perSecond.toFixed(0)} req/s (${lines} lines of the demo workshop; failures ${mine.failures}) beside bare Fastify routes: ` +
        `${plain.perSecond.toFixed(0)} req/s for a small JSON (${ratio(plain)} x), ${sameLines.perSecond.toFixed(0)} req/s for the same lines (${ratio(sameLines)} x)`,
    );
  } finally {
    await bare.close();
    await bench.close(app);
  }
}

/** PATCH next-step, as the workshop tablet sends it, through the open lines of one workshop until they reach quality control. */
async function nextStepThroughput(): Promise<void> {
  const bench = await benchApp({ demo: true });
  const db = bench.database.db;
  const customer = await db.selectFrom('customers').select('id').orderBy('id').executeTakeFirstOrThrow();
  await seedOrders(db, 20_000, customer.id, 13);
  const app = await bench.app();
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const auth = await demoWorkshopAuth(bench, app);
    const workshop = (await app.inject({ method: 'GET', url: '/api/v1/workshop/me', headers: auth })).json().workshop;
    const open = await db
      .selectFrom('order_lines')
      .select(['id', 'current_order_line_process'])
      .where('workshop_id', '=', workshop.id)
      .where('order_line_status_id', 'in', [LineStatus.Waiting, LineStatus.InProcess])
      .execute();
    // Each answer is the moved line; one still in production goes back in the queue for its next step.
    const queue = [...open];
    let taken = 0;
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/workshop/me/orders`;
    const history = async () => Number((await db.selectFrom('order_line_history').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await history();
    const moves = await load(
      () => {
        const line = queue[taken++];
        return line && { url: `${url}/${line.id}/next-step`, body: { current_order_line_process: line.current_order_line_process } };
      },
      {
        method: 'PATCH',
        headers: { ...BROWSER, ...auth },
        seconds: 5,
        onAnswer: (status, body) => {
          if (status !== 200) return;
          const { order } = JSON.parse(body);
          if (order.order_line_status_id <= LineStatus.InProcess) queue.push(order);
        },
      },
    );
    const recorded = (await history()) - before;
    report(
      'next-step transitions per second',
      `${moves.perSecond.toFixed(0)} transitions/s through ${open.length} open lines of one workshop (${moves.requests} in ${moves.seconds.toFixed(1)} s; history rows added ${recorded}${recorded === moves.requests ? ', one each' : ', NOT one per transition'}; failures ${moves.failures})`,
    );
  } finally {
    await bench.close(app);
  }
}

/* Runs in the page, so it is plain text: the bench's own compiled helpers do not exist there. */
const KEYSTROKE = `async (value) => {
  const input = document.querySelector('input[type=search]');
  const screen = document.querySelector('main');
  const started = performance.now();
  let last = started;
  const observer = new MutationObserver(() => { last = performance.now(); });
  observer.observe(screen, { childList: true, characterData: true, subtree: true, attributes: true });
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  // Settled: 300 ms without a change to the screen; the figure ends at the last change's paint.
  while (performance.now() - last < 300) await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  const painted = await new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  return Math.min(painted, last + 16.7) - started;
}`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Server time per request for the 10,000-product catalogue and a workshop's product list, then a filter keystroke in chromium. */
async function catalogue(): Promise<void> {
  const bench = await benchApp();
  await seedCatalogue(bench.database.db, 10_000);
  const app = await bench.app();
  try {
    const login = await app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'admin', password: 'bench-secret' } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const time = async (url: string, runs: number) => {
      const took: number[] = [];
      let bytes = 0;
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        const answer = await app.inject({ method: 'GET', url, headers });
        took.push(performance.now() - started);
        bytes = answer.rawPayload.length;
      }
      return { ms: median(took), bytes };
    };
    const all = await time('/api/v1/product', 15);
    report('catalogue list, 10,000 products', `${all.ms.toFixed(1)} ms per request (median of 15, ${(all.bytes / 1024 / 1024).toFixed(1)} MB JSON)`);
    const workshops = (await app.inject({ method: 'GET', url: '/api/v1/workshops', headers })).json().workshops;
    const own = await time(`/api/v1/workshops/${workshops[0].id}/products`, 15);
    report('a workshop product list', `${own.ms.toFixed(1)} ms per request (median of 15, ${Math.round(own.bytes / 1024)} KB JSON)`);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      await page.goto(`${url}/login`);
      await page.getByLabel('Kullanıcı Adı').fill('admin');
      await page.getByLabel('Şifre', { exact: true }).fill('bench-secret');
      await page.getByRole('button', { name: 'Giriş Yap' }).click();
      await page.waitForURL('**/dashboard');
      await page.goto(`${url}/admin/product-catalog`);
      await page.getByText('10000 / 10000').waitFor({ timeout: 60_000 });
      const keystrokes: number[] = [];
      for (const text of ['k', 'ko', 'kol', 'koly', 'kolye', 'kolye 1', 'kolye 12', 'y', 'yü', 'yüz']) {
        keystrokes.push(
          (await page.evaluate(`(${KEYSTROKE})(${JSON.stringify(text)})`)) as number,
        );
      }
      report('catalogue filter keystroke, 10,000 products', `${median(keystrokes).toFixed(1)} ms median, ${Math.max(...keystrokes).toFixed(1)} ms slowest (input to painted result, chromium)`);
    } finally {
      await browser.close();
    }
  } finally {
    await bench.close(app);
  }
}

/** GET /api/v1/orders over 100,000 lines, as a browser asks for it, beside the same query and JSON serialisation without the HTTP layer. */
async function orders(): Promise<void> {
  const bench = await benchApp();
  const db = bench.database.db;
  await seedCatalogue(db, 2_000);
  const customer = await db.selectFrom('customers').select('id').orderBy('id').executeTakeFirstOrThrow();
  await seedOrders(db, 100_000, customer.id);
  const app = await bench.app();
  try {
    const login = await app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'admin', password: 'bench-secret' } });
    const headers = { ...BROWSER, authorization: `Bearer ${login.json().token}` };
    const viaHttp: number[] = [];
    const bare: number[] = [];
    let sent = 0;
    let encoding = '';
    let bytes = 0;
    // Each timing starts on a collected heap, so neither pays for the garbage of the other.
    const collect = () => (globalThis as { gc?: () => void }).gc?.();
    for (let i = 0; i < 5; i++) {
      collect();
      let started = performance.now();
      const answer = await app.inject({ method: 'GET', url: '/api/v1/orders', headers });
      viaHttp.push(performance.now() - started);
      sent = answer.rawPayload.length;
      encoding = String(answer.headers['content-encoding'] ?? 'identity');
      collect();
      started = performance.now();
      const json = JSON.stringify({ orders: await listLines(db, { userId: 1 }) });
      bare.push(performance.now() - started);
      bytes = Buffer.byteLength(json);
    }
    const http = median(viaHttp);
    const plain = median(bare);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
    report(
      'GET /api/v1/orders, 100,000 lines',
      `${http.toFixed(0)} ms beside ${plain.toFixed(0)} ms for the bare query and JSON of the same rows (${(http / plain).toFixed(2)} x; ${mb(bytes)} MB JSON sent as ${mb(sent)} MB ${encoding})`,
    );
  } finally {
    await bench.close(app);
  }
}

/**
 * Each figure route over 100,000 lines on SQLite, as its screen asks for it (median of 9 after a
 * warm-up, through the whole app without the network), beside the aggregate query it answers from,
 * timed alike in the same run: what the route adds is its session, ownership, JSON and compression.
 */
async function figures(): Promise<void> {
  const bench = await benchApp({ demo: true });
  const db = bench.database.db;
  const customer = await db.selectFrom('customers').select('id').orderBy('id').executeTakeFirstOrThrow();
  await seedOrders(db, 100_000, customer.id);
  const app = await bench.app();
  try {
    const lines = Number((await db.selectFrom('order_lines').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const login = await app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'admin', password: 'bench-secret' } });
    const admin = { ...BROWSER, authorization: `Bearer ${login.json().token}` };
    const workshop = { ...BROWSER, ...(await demoWorkshopAuth(bench, app)) };
    const workshopId = (await app.inject({ method: 'GET', url: '/api/v1/workshop/me', headers: workshop })).json().workshop.id as number;
    const own = Number((await db.selectFrom('order_lines').select((eb) => eb.fn.countAll().as('n')).where('workshop_id', '=', workshopId).executeTakeFirstOrThrow()).n);
    const timed = async (run: () => Promise<unknown>) => {
      await run();
      const took: number[] = [];
      for (let i = 0; i < 9; i++) {
        const started = performance.now();
        await run();
        took.push(performance.now() - started);
      }
      return median(took);
    };
    const get = (url: string, headers: Record<string, string>) => async () => {
      const answer = await app.inject({ method: 'GET', url, headers });
      if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
    };
    const routes: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
      [`workshop tablet cards (${own} lines)`, get(API.myWorkshopStatistics, workshop), () => workshopCardSums(db, workshopId)],
      [`workshop products tab (${own} lines)`, get(API.myWorkshopProductLines, workshop), () => productLines(db, workshopId)],
      [`a workshop's statistics (${own} lines)`, get(API.workshopStatistics(workshopId), admin), () => lineFigures(db, { column: 'l.workshop_id', id: workshopId })],
      ['a customer with its figures (every line)', get(API.customerInfo(customer.id), admin), () => lineFigures(db, { column: 'l.customer_id', id: customer.id })],
      ['office report', get(API.orderReport, admin), () => officeReport(db)],
      ['dashboard counts', get(API.dashboardCounts, admin), () => dashboardCounts(db)],
      ["metal 'Bakiye Özeti'", get(API.metalBalances, admin), () => balances(db)],
    ];
    for (const [name, route, query] of routes) {
      const http = await timed(route);
      const bare = await timed(query);
      report(`figures, ${name}`, `${http.toFixed(1)} ms per request beside ${bare.toFixed(1)} ms for its aggregate query (${lines} lines, SQLite; median of 9)`);
    }
  } finally {
    await bench.close(app);
  }
}

/**
 * Whether register and forgot-password tell by their time that a name or an address exists: over
 * many requests through the whole app, as many taken as free names (registered as unknown
 * addresses) are sent one after another in a shuffled order, and the means are compared (a ratio of
 * 1.00 tells nothing). Shuffled, neither alternating nor in pairs: the mail to a registered address
 * is sent after its answer and weighs on the request that follows, which a fixed pattern would
 * more often make a request of the other kind.
 */
async function enumerationTiming(): Promise<void> {
  const smtp = await startSmtp();
  const unlimited = { REGISTER_LIMIT: '1000000', FORGOT_PASSWORD_LIMIT: '1000000', FORGOT_PASSWORD_CLIENT_LIMIT: '1000000' };
  const bench = await benchApp({ env: { SMTP_URL: smtp.url, ...unlimited } });
  const app = await bench.app();
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  let seed = 20261123;
  /** A fixed-seed random integer below `n` (xorshift), so runs are comparable. */
  const random = (n: number) => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
  /** Times `runs` requests of each kind in a shuffled order; answers other than `status` are counted. */
  async function compare(runs: number, url: string, first: (i: number) => object, second: (i: number) => object, status: [number, number]) {
    const took: [number[], number[]] = [[], []];
    let unexpected = 0;
    const send = async (which: 0 | 1, i: number) => {
      const started = performance.now();
      const answer = await app.inject({ method: 'POST', url, payload: (which === 0 ? first : second)(i) });
      took[which].push(performance.now() - started);
      if (answer.statusCode !== status[which]) unexpected++;
    };
    const order: Array<[0 | 1, number]> = Array.from({ length: 2 * runs }, (_, i) => [i < runs ? 0 : 1, i % runs]);
    for (let i = order.length - 1; i > 0; i--) {
      const j = random(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const [which, i] of order) await send(which, i);
    const [a, b] = took.map(mean);
    return `${a.toFixed(2)} ms vs ${b.toFixed(2)} ms (ratio ${(a / b).toFixed(2)}; mean of ${runs} each, shuffled${unexpected ? `; UNEXPECTED ANSWERS ${unexpected}` : ''})`;
  }
  const taken = (prefix: string) => (i: number) => ({ username: 'admin', email: `${prefix}_taken_${i}@example.com`, password: 'bench-pass' });
  const free = (prefix: string) => (i: number) => ({ username: `${prefix}_${i}`, email: `${prefix}_${i}@example.com`, password: 'bench-pass' });
  // A new address each time on both sides, so both count on a new row of the per-address limit.
  const known = (prefix: string) => (i: number) => ({ email: `${prefix}_${i}@known.example` });
  const unknown = (prefix: string) => (i: number) => ({ email: `${prefix}_${i}@unknown.example` });
  let register: string;
  let forgot: string;
  try {
    const at = new Date().toISOString();
    for (const prefix of ['warm', 'bench']) {
      const users = Array.from({ length: prefix === 'warm' ? 10 : 1000 }, (_, i) => ({
        username: `${prefix[0]}${i}`,
        email: known(prefix)(i).email,
        password_hash: 'not-a-login',
        role_id: 1,
        created_at: at,
        updated_at: at,
      }));
      for (let i = 0; i < users.length; i += 200) await bench.database.db.insertInto('users').values(users.slice(i, i + 200)).execute();
    }
    // Both paths warmed up (first compilations, statement cache) before anything is timed.
    await compare(10, '/api/v1/user/register', taken('warm'), free('warm'), [409, 201]);
    register = await compare(200, '/api/v1/user/register', taken('bench'), free('bench'), [409, 201]);
    await compare(10, '/api/v1/user/forgot-password', known('warm'), unknown('warm'), [200, 200]);
    forgot = await compare(1000, '/api/v1/user/forgot-password', known('bench'), unknown('bench'), [200, 200]);
  } finally {
    // Closing waits for the reset mails still under way.
    await bench.close(app);
    await smtp.close();
  }
  report('register, taken vs free name', register);
  report('forgot password, known vs unknown address', `${forgot}; mails sent ${smtp.messages.length} of 1010 to registered addresses`);
}

const MEASUREMENTS: Record<string, () => Promise<void> | void> = {
  loginPage: loginPageScripts,
  login: loginThroughput,
  catalogue,
  orders,
  figures,
  workshop: workshopOrdersThroughput,
  nextStep: nextStepThroughput,
  enumeration: enumerationTiming,
  mixed: () => (args.has('--realistic') ? realistic(report) : mixed(report)),
  durability: () => durability(report),
  live: () => live(report),
  grid: () => grid(report),
  'shop-sync': () => shopSync(report),
  'shop-webhooks': () => shopWebhooks(report),
  'notify-burst': () => notifyBurst(report),
  metal: () => metalLedger(report),
  restart: () => restart(report),
  archive: () => archive(report),
  flow: () => flow(report),
  tickets: () => tickets(report),
  history: () => history(report),
  'list-memory': () => listMemory(report),
  statements: () => statements(report),
};

async function main(): Promise<void> {
  if (!args.has('--skip-clone')) await freshClone();
  execSync('npm run build --silent', { cwd: ROOT, stdio: 'ignore' });
  const named = Object.keys(MEASUREMENTS).filter((name) => args.has(name));
  for (const name of named.length > 0 ? named : Object.keys(MEASUREMENTS)) await MEASUREMENTS[name]();
  console.log('\nSummary');
  for (const [name, value] of results) console.log(`  ${name.padEnd(28)} ${value}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
