/*
 * The live channel (/ws/orders) under load, on the real server started as operators start it: on
 * SQLite one process; on PostgreSQL two processes on one database, the writes sent to process A
 * and half the sockets connected to process B, so their events cross through LISTEN/NOTIFY.
 *
 *   npm run bench -- --skip-clone live
 *   npm run bench -- --skip-clone live --sockets=200 --seconds=10 --databases=sqlite --parts=delivery,max
 *   (or LIVE_SOCKETS, LIVE_SECONDS, LIVE_RATE, LIVE_WRITERS, LIVE_MAX_SECONDS, LIVE_LINES, LIVE_SESSIONS,
 *   LIVE_DATABASES, LIVE_PARTS)
 *
 * Parts, each on every database:
 *   delivery  `sockets` sockets held by two client processes (bench/live-sockets.ts, half each), `rate`
 *             gram corrections per second for `seconds`: latency from each request being sent to each
 *             socket's arrival, and events received against those each socket's user may hear.
 *   max       the most corrections per second `writers` closed-loop writers get in `max-seconds`, with
 *             no socket, then with the sockets connected and receiving.
 *   grid      the admin grid in chromium with `lines` lines loaded, filtered to one customer's lines,
 *             while those lines are corrected at `rate`/s for `seconds`: the longest main-thread block,
 *             and the rows still showing an old gram 1 s after the last correction.
 * A change is the admin's gram correction (PUT API.correctGram, one live event each), which can be
 * repeated on the same lines for ever; each line has at most one request under way, so its changes
 * commit in the order they were sent and match the change log's versions one by one.
 */
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type Db, openDatabase } from '../src/server/db';
import { seedCatalogue } from '../src/server/db/demo-catalogue';
import { seedOrders } from '../src/server/db/demo-orders';
import { API } from '../src/shared/api';
import { Role } from '../src/shared/roles';
import type { Change, Command, GroupResult, Reply, SocketSpec } from './live-sockets';
import { machineJiffies, percentile, processJiffies } from './mixed';
import {
  ADMIN_PASSWORD,
  addUser,
  type BenchDatabase,
  listOption,
  login,
  machineLoad,
  option,
  ownerUsers,
  pool,
  postgresDatabase,
  prepare,
  type RunningProduct,
  sqliteDatabase,
  startProduct,
} from './product';

type Report = (name: string, value: string) => void;

const ROOT = resolve(__dirname, '..');
/** The clock of the sockets' arrival stamps (bench/live-sockets.ts): same machine, same clock. */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whose the sockets are, per ten: mostly the office, which hears every line. */
const ROLES = ['admin', 'admin', 'admin', 'admin', 'office', 'office', 'office', 'workshop', 'workshop', 'customer'] as const;
type SocketRole = (typeof ROLES)[number];
const MIX_LABEL = '40 % admin, 30 % office (both hear every line), 20 % workshop, 10 % customer (their own lines)';
/** The customer whose lines the grid part filters to and corrects. */
const WATCHED_COMPANY = 'Canlı Ölçüm Kuyum';
const WATCHED_LINES = 40;
const CLIENTS = 2;

interface Seeded {
  workshops: Array<{ id: number; username: string }>;
  customers: Array<{ id: number; username: string }>;
  offices: string[];
  /** Lines with a gram (so the grid allows a correction) spread over the whole set: delivery and max. */
  spread: number[];
  /** The watched customer's lines with a gram: grid. */
  watched: number[];
  lines: number;
}

/**
 * 1,000 products (4 workshops, 3 B2B customers), a user for each workshop and customer, three office
 * users, `lines` lines (a quarter from the shop, the rest shared by the customers), then 40 lines of
 * one more customer, the newest, for the grid. One transaction: on PostgreSQL the seed's thousands of
 * small writes would otherwise each wait for a durable commit.
 */
async function seed(database: BenchDatabase, lines: number): Promise<Seeded> {
  return prepare(database, (handle) =>
    handle.transaction().execute(async (db) => {
      await seedCatalogue(db, 1_000);
      const owners = await ownerUsers(db);
      const offices = [];
      for (let i = 1; i <= 3; i++) {
        await addUser(db, `ofis${i}`, Role.Office);
        offices.push(`ofis${i}`);
      }
      const perCustomer = Math.round((lines * 0.75) / owners.customers.length);
      for (const [index, customer] of owners.customers.entries()) await seedOrders(db, perCustomer, customer.id, 7 + index);
      await seedOrders(db, lines - perCustomer * owners.customers.length, null, 99);
      const at = new Date().toISOString();
      const watchedCustomer = await db
        .insertInto('customers')
        .values({ name: 'Ölçüm Bench', company_name: WATCHED_COMPANY, email: 'olcum@bench.example', phone: '0212 000 00 00', address: 'Bench', tax_number: '1234567890', created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await seedOrders(db, WATCHED_LINES, watchedCustomer.id, 5);
      // Lines whose hard gram bound (10x the expected weight, shared/lifecycle.ts checkGram) takes the corrections' 19 g.
      const weighed = await db
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .innerJoin('products as p', 'p.id', 'l.product_id')
        .select(['l.id', 'o.customer_id'])
        .where('l.product_gram', 'is not', null)
        .where((eb) => eb.or([eb('p.expected_weight', 'is', null), eb('p.expected_weight', '>=', 1.9)]))
        .orderBy('l.id')
        .execute();
      const others = weighed.filter((l) => l.customer_id !== watchedCustomer.id).map((l) => l.id);
      // At most 2,000, evenly spread over the ids (so over customers, the shop and the workshops).
      const step = Math.max(1, Math.floor(others.length / 2_000));
      const count = await db.selectFrom('order_lines').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return {
        ...owners,
        offices,
        spread: others.filter((_, i) => i % step === 0),
        watched: weighed.filter((l) => l.customer_id === watchedCustomer.id).map((l) => l.id),
        lines: Number(count.n),
      };
    }),
  );
}

interface Sent {
  line: number;
  sentAt: number;
  answeredAt: number;
  status: number;
}

/** The admin's gram corrections through one server process; a line is never sent again before its answer. */
function writer(base: string, auth: string, lines: number[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const free = [...lines];
  const corrections = new Map<number, number>();
  let sent: Sent[] = [];
  /** Corrects the next free line; undefined when every line has a request under way. */
  const correct = (): Promise<Sent> | undefined => {
    const id = free.shift();
    if (id === undefined) return undefined;
    const n = corrections.get(id) ?? 0;
    corrections.set(id, n + 1);
    // 10.1 g to 19.0 g in turn: every correction of a line shows a value other than its last; confirmed, however far from the expected weight.
    const body = JSON.stringify({ product_gram: (101 + (n % 90)) / 10, gram_confirmed: true });
    return new Promise((resolveSent) => {
      const sentAt = now();
      const done = (status: number) => {
        const record = { line: id, sentAt, answeredAt: now(), status };
        sent.push(record);
        free.push(id);
        resolveSent(record);
      };
      const req = http.request(`${base}${API.correctGram(id)}`, { method: 'PUT', agent, headers: { authorization: auth, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
        res.on('error', () => done(0));
      });
      req.on('error', () => done(0));
      req.end(body);
    });
  };
  return {
    correct,
    /** The requests answered since the last call. */
    take() {
      const taken = sent;
      sent = [];
      return taken;
    },
    close: () => agent.destroy(),
  };
}
type Writer = ReturnType<typeof writer>;

/** Open loop: `rate` corrections per second for `seconds`, whatever the answers' pace; resolves when all are answered. */
async function paced(w: Writer, rate: number, seconds: number): Promise<{ skipped: number }> {
  const started = performance.now();
  const pending: Array<Promise<Sent>> = [];
  let skipped = 0;
  for (let i = 0; i < Math.round(rate * seconds); i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const request = w.correct();
    if (request) pending.push(request);
    else skipped++;
  }
  await Promise.all(pending);
  return { skipped };
}

/** Closed loop: `writers` connections, each sending its next correction when the last is answered. */
async function closedLoop(w: Writer, writers: number, seconds: number): Promise<{ perSecond: number; failed: number; drained: number }> {
  const started = now();
  const end = started + seconds * 1000;
  let ok = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (now() < end) {
        const request = w.correct();
        if (!request) {
          await sleep(1);
          continue;
        }
        const { status, answeredAt } = await request;
        if (status !== 200) failed++;
        else if (answeredAt <= end) ok++;
      }
    }),
  );
  return { perSecond: ok / seconds, failed, drained: (now() - started) / 1000 };
}

/** The newest version of the change log. */
async function latestVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('order_line_changes').select((eb) => eb.fn.max('id').as('v')).executeTakeFirst();
  return Number(row?.v ?? 0);
}

/**
 * The changes committed after `after`, each with the time its request was sent: the n-th change of a
 * line in the log is the n-th successful correction of it (one request at a time per line).
 */
async function changesSince(db: Db, after: number, sent: Sent[]): Promise<{ changes: Change[]; unmatched: number }> {
  const queues = new Map<number, number[]>();
  for (const s of sent.filter((s) => s.status === 200).sort((a, b) => a.sentAt - b.sentAt)) {
    const queue = queues.get(s.line) ?? [];
    queue.push(s.sentAt);
    queues.set(s.line, queue);
  }
  const rows = await db
    .selectFrom('order_line_changes')
    .select(['id', 'line_id', 'workshop_id', 'previous_workshop_id', 'customer_id'])
    .where('id', '>', after)
    .orderBy('id')
    .execute();
  let unmatched = 0;
  const changes = rows.map((row) => {
    const sentAt = queues.get(row.line_id)?.shift() ?? null;
    if (sentAt === null) unmatched++;
    return { version: row.id, workshop_id: row.workshop_id, previous_workshop_id: row.previous_workshop_id, customer_id: row.customer_id, sentAt };
  });
  return { changes, unmatched };
}

/** One forked client process (bench/live-sockets.ts) and its replies. */
function startClient() {
  const child: ChildProcess = fork(resolve(__dirname, 'live-sockets.ts'), [], { cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<string, (reply: Reply) => void>();
  child.on('message', (reply: Reply) => {
    const resolveReply = waiting.get(reply.kind);
    waiting.delete(reply.kind);
    resolveReply?.(reply);
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    post: (command: Command) => child.send(command),
    ask<K extends Reply['kind']>(command: Command, kind: K): Promise<Extract<Reply, { kind: K }>> {
      return new Promise((resolveReply, reject) => {
        if (!running()) return reject(new Error('a socket client process has exited'));
        waiting.set(kind, resolveReply as (reply: Reply) => void);
        void exited.then(() => reject(new Error('a socket client process exited')));
        child.send(command);
      });
    },
    async stop() {
      if (running() && child.connected) child.send({ cmd: 'close' } satisfies Command);
      await Promise.race([exited, sleep(5_000)]);
      if (running()) child.kill('SIGKILL');
      await exited;
    },
  };
}
type Client = ReturnType<typeof startClient>;

/** What all client processes saw in one phase. */
interface Delivery {
  groups: Record<string, GroupResult>;
  closes: Record<string, number>;
  /** CPU of each client process, percent of one CPU. */
  clientCpu: number[];
  loopDelayMax: number;
}

/** Waits until the sockets stop receiving (no new arrival for 1.5 s; at most 60 s), then collects the phase. */
async function collect(clients: Client[], changes: Change[]): Promise<Delivery> {
  let last = -1;
  let still = 0;
  for (const end = Date.now() + 60_000; Date.now() < end && still < 3; ) {
    const counts = await Promise.all(clients.map((c) => c.ask({ cmd: 'count' }, 'count')));
    const total = counts.reduce((sum, c) => sum + c.arrivals, 0);
    still = total === last ? still + 1 : 0;
    last = total;
    await sleep(500);
  }
  const replies = await Promise.all(clients.map((c) => c.ask({ cmd: 'collect', changes }, 'collected')));
  const groups: Record<string, GroupResult> = {};
  const closes: Record<string, number> = {};
  for (const reply of replies) {
    for (const [name, g] of Object.entries(reply.groups)) {
      const into = (groups[name] ??= { expected: 0, received: 0, missing: 0, duplicates: 0, unexpected: 0, socketsShort: 0, latencies: [] });
      into.expected += g.expected;
      into.received += g.received;
      into.missing += g.missing;
      into.duplicates += g.duplicates;
      into.unexpected += g.unexpected;
      into.socketsShort += g.socketsShort;
      for (const latency of g.latencies) into.latencies.push(latency);
    }
    for (const [code, n] of Object.entries(reply.closes)) closes[code] = (closes[code] ?? 0) + n;
  }
  for (const g of Object.values(groups)) g.latencies.sort((a, b) => a - b);
  return {
    groups,
    closes,
    clientCpu: replies.map((r) => (r.cpuMs / r.wallMs) * 100),
    loopDelayMax: Math.max(...replies.map((r) => r.loopDelay.max)),
  };
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : '-');
const pct = (values: number[]) => values.map((v) => `${v.toFixed(0)} %`).join(' + ');
const counted = (g: GroupResult) =>
  `events received ${g.received} of ${g.expected} expected` +
  (g.missing || g.duplicates || g.unexpected ? ` (MISSING ${g.missing} on ${g.socketsShort} sockets, duplicates ${g.duplicates}, unexpected ${g.unexpected})` : ' (all)');
const closed = (closes: Record<string, number>) => {
  const list = Object.entries(closes).map(([code, n]) => `${code} x${n}`);
  return list.length ? `; SOCKETS CLOSED during the run: ${list.join(', ')} (4408 = too slow)` : '';
};

/**
 * CPU used by the server processes until the returned function is called, percent of one CPU, and
 * by the whole machine, percent of all CPUs: what the bench's own processes leave unexplained is
 * other work on the machine, which the figures then suffer from.
 */
function serverCpu(products: RunningProduct[]) {
  const before = products.map((p) => processJiffies(p.child.pid));
  const machineBefore = machineJiffies();
  const started = Date.now();
  return () => {
    const seconds = (Date.now() - started) / 1000;
    const machineAfter = machineJiffies();
    const servers = products.map((p, i) => {
      const after = processJiffies(p.child.pid);
      const was = before[i];
      return after === null || was === null ? NaN : ((after - was) / 100 / seconds) * 100;
    });
    return { servers, machine: ((machineAfter[0] - machineBefore[0]) / (machineAfter[1] - machineBefore[1])) * 100 };
  };
}

/** The sockets: roles by ROLES, half on each client process, on PostgreSQL half of each process's on B. */
async function socketSpecs(bases: { A: string; B: string }, data: Seeded, sockets: number, sessions: number): Promise<SocketSpec[][]> {
  const roles = Array.from({ length: sockets }, (_, i) => ROLES[i % ROLES.length]);
  const share = (role: SocketRole) => roles.filter((r) => r === role).length / sockets;
  const users: Record<SocketRole, string[]> = {
    admin: ['admin'],
    office: data.offices,
    workshop: data.workshops.map((w) => w.username),
    customer: data.customers.map((c) => c.username),
  };
  // A user with several tabs: each session serves a few sockets; logins are scrypt-slow by design.
  const logins = (Object.keys(users) as SocketRole[]).flatMap((role) =>
    Array.from({ length: Math.max(users[role].length, Math.round(sessions * share(role))) }, (_, i) => ({ role, username: users[role][i % users[role].length] })),
  );
  const tokens = await pool(logins, 4, async ({ username }) => (await login(bases.A, username, username === 'admin' ? ADMIN_PASSWORD : undefined)).slice('Bearer '.length));
  const byRole = (role: SocketRole) => logins.flatMap((l, i) => (l.role === role ? [{ username: l.username, token: tokens[i] }] : []));
  const sessionsOf = { admin: byRole('admin'), office: byRole('office'), workshop: byRole('workshop'), customer: byRole('customer') };
  const turn: Record<SocketRole, number> = { admin: 0, office: 0, workshop: 0, customer: 0 };
  const perClient: SocketSpec[][] = Array.from({ length: CLIENTS }, () => []);
  roles.forEach((role, i) => {
    const session = sessionsOf[role][turn[role]++ % sessionsOf[role].length];
    const hears: SocketSpec['hears'] =
      role === 'workshop'
        ? { workshopId: data.workshops.find((w) => w.username === session.username)!.id }
        : role === 'customer'
          ? { customerId: data.customers.find((c) => c.username === session.username)!.id }
          : { all: true };
    // Blocks of ten (the role pattern) alternate between the clients, pairs of blocks between A and B.
    const group = bases.B === bases.A ? 'A' : Math.floor(i / 20) % 2 === 0 ? 'A' : 'B';
    const url = `${(group === 'A' ? bases.A : bases.B).replace(/^http/, 'ws')}/ws/orders`;
    perClient[Math.floor(i / 10) % CLIENTS].push({ url, token: session.token, hears, group });
  });
  return perClient;
}

/** The system's chromium, headless, as the browser benchmarks run it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}

/** Logs the admin in through the login page, as a person does, and waits for the dashboard. */
/** Signs in through the login screen, as a person does, and waits for the dashboard it opens on. */
export async function loginAs(page: Page, base: string, username: string, password: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Kullanıcı Adı').fill(username);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL('**/dashboard');
}

export const loginAdmin = (page: Page, base: string): Promise<void> => loginAs(page, base, 'admin', ADMIN_PASSWORD);

/* Runs in the page from its first script on: long tasks, and gaps between animation frames. */
export const MONITOR = `(() => {
  const seen = { tasks: [], gaps: [], longtask: true };
  Object.defineProperty(window, '__liveBench', { value: seen });
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.tasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  } catch { seen.longtask = false; }
  let last = 0;
  const frame = (at) => { if (last && at - last > 34) seen.gaps.push([last, at - last]); last = at; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})()`;

/** The longest long task and frame gap overlapping [from, to] (page clock), and the longest task before it (the load). */
export const BLOCKS = `([from, to]) => {
  const seen = window.__liveBench;
  const within = (list) => list.filter(([start, length]) => start + length > from && start < to).reduce((max, [, length]) => Math.max(max, length), 0);
  const before = seen.tasks.filter(([start]) => start < from).reduce((max, [, length]) => Math.max(max, length), 0);
  const count = seen.tasks.filter(([start, length]) => start + length > from && start < to && length >= 50).length;
  return { task: within(seen.tasks), gap: within(seen.gaps), before, count, longtask: seen.longtask };
}`;

/** The gram cell's text of each line's rendered row (null: no row rendered for it). */
const GRAM_CELLS = `(ids) => Object.fromEntries(ids.map((id) => {
  const cell = document.querySelector('.ag-row[row-id="' + id + '"] .ag-cell[col-id="product_gram"]');
  return [id, cell ? cell.textContent : null];
}))`;

/** The grid's "shown / total satır" status, with or without thousands separators. */
export function countText(shown: number, total: number): RegExp {
  const digits = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, '[.,\\s\\u202f]?');
  return new RegExp(`^${digits(shown)} / ${digits(total)} satır$`);
}

interface GridResult {
  task: number;
  gap: number;
  /** Long tasks (50 ms or more) during the run. */
  tasks: number;
  loadTask: number;
  longtaskSupported: boolean;
  watched: number;
  notRendered: number;
  staleAt1s: number;
  staleAt5s: number;
  /** Watched rows whose gram on screen changed during the run. */
  changedOnScreen: number;
  loadSeconds: number;
  transitions: number;
  failed: number;
  pageErrors: string[];
}

/**
 * The admin grid in chromium on process `pageBase`, with every line loaded, filtered to the watched
 * customer's lines, while `w` corrects them at `rate`/s for `seconds` (through process A).
 */
async function gridRun(pageBase: string, w: Writer, adminAuth: string, data: Seeded, rate: number, seconds: number): Promise<GridResult> {
  const browser = await launchChromium();
  try {
    // Tall enough for the watched customer's 40 rows to be rendered at once.
    const page: Page = await browser.newPage({ viewport: { width: 1600, height: 2000 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error).slice(0, 300)));
    await page.addInitScript(MONITOR);
    await loginAdmin(page, pageBase);
    const loading = Date.now();
    await page.goto(`${pageBase}/admin/orders`);
    await page.getByText(countText(data.lines, data.lines)).waitFor({ timeout: 180_000 });
    const loadSeconds = (Date.now() - loading) / 1000;
    await page.locator('.ag-floating-filter[col-id="b2b_customer"] input').fill(WATCHED_COMPANY);
    await page.getByText(countText(WATCHED_LINES, data.lines)).waitFor({ timeout: 30_000 });
    // Whatever the load left to do (garbage collection, late renders) is not the run's.
    await sleep(2_000);
    const ids = data.watched;
    const cells = async () => (await page.evaluate(`(${GRAM_CELLS})(${JSON.stringify(ids)})`)) as Record<string, string | null>;
    const initial = await cells();
    const notRendered = ids.filter((id) => initial[id] === null).length;
    const from = (await page.evaluate('performance.now()')) as number;
    w.take();
    await paced(w, rate, seconds);
    const sent = w.take();
    const failed = sent.filter((s) => s.status !== 200).length;
    await sleep(1_000);
    const at1s = await cells();
    const to = (await page.evaluate('performance.now()')) as number;
    const response = await fetch(`${pageBase}${API.lineChanges}?ids=${ids.join(',')}`, { headers: { authorization: adminAuth } });
    const server = new Map(((await response.json()) as { orders: Array<{ id: number; product_gram: number | null }> }).orders.map((l) => [l.id, l.product_gram]));
    const shown = (id: number) => (server.get(id) == null ? '-' : `${server.get(id)} g`);
    const stale = (on: Record<string, string | null>) => ids.filter((id) => on[id] !== shown(id)).length;
    const staleAt1s = stale(at1s);
    const changedOnScreen = ids.filter((id) => at1s[id] !== initial[id]).length;
    await sleep(4_000);
    const staleAt5s = stale(await cells());
    const blocks = (await page.evaluate(`(${BLOCKS})(${JSON.stringify([from, to])})`)) as { task: number; gap: number; before: number; count: number; longtask: boolean };
    return {
      task: blocks.task,
      gap: blocks.gap,
      tasks: blocks.count,
      loadTask: blocks.before,
      longtaskSupported: blocks.longtask,
      watched: ids.length,
      notRendered,
      staleAt1s,
      staleAt5s,
      changedOnScreen,
      loadSeconds,
      transitions: sent.length,
      failed,
      pageErrors,
    };
  } finally {
    await browser.close();
  }
}

/** Every part on one database. */
async function runOn(report: Report, database: BenchDatabase, settings: { sockets: number; seconds: number; rate: number; writers: number; maxSeconds: number; lines: number; sessions: number; parts: string[] }) {
  const { sockets, seconds, rate, writers, maxSeconds, lines, sessions, parts } = settings;
  const name = database.name;
  const pg = name === 'postgres';
  const seedStarted = Date.now();
  const data = await seed(database, lines);
  console.log(`  ${name}: seeded ${data.lines} lines in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s (${machineLoad()})`);
  // Every process of one database signs and checks tokens with the same secret.
  const env = { SESSION_SECRET: randomBytes(48).toString('base64') };
  const products: RunningProduct[] = [];
  const clients: Client[] = [];
  const handle = openDatabase(database.url);
  let w: Writer | undefined;
  try {
    products.push(await startProduct(database, env));
    if (pg) products.push(await startProduct(database, env));
    const [A, B = A] = products;
    const adminAuth = await login(A.base, 'admin', ADMIN_PASSWORD);
    w = writer(A.base, adminAuth, data.spread);
    const where = pg ? `; writes to process A, half the sockets on process B` : '';

    let without: Awaited<ReturnType<typeof closedLoop>> | undefined;
    let withoutLoad = '';
    if (parts.includes('max')) {
      await closedLoop(w, writers, 2); // warm-up: compilations, statement caches, connections
      withoutLoad = machineLoad();
      without = await closedLoop(w, writers, maxSeconds);
      w.take();
    }
    if (parts.includes('delivery') || parts.includes('max')) {
      const specs = await socketSpecs({ A: A.base, B: B.base }, data, sockets, sessions);
      for (let i = 0; i < CLIENTS; i++) clients.push(startClient());
      const opened = await Promise.all(clients.map((c, i) => c.ask({ cmd: 'open', sockets: specs[i], concurrency: 25 }, 'opened')));
      const ready = opened.reduce((sum, o) => sum + o.ready, 0);
      const failed = opened.reduce((sum, o) => sum + o.failed, 0);
      console.log(
        `  ${name}: ${ready} of ${sockets} sockets ready in ${(Math.max(...opened.map((o) => o.ms)) / 1000).toFixed(1)} s` +
          `${failed ? `, ${failed} FAILED (${opened.find((o) => o.firstError)?.firstError})` : ''}${where}`,
      );

      if (parts.includes('delivery')) {
        const load = machineLoad();
        const v0 = await latestVersion(handle.db);
        clients.forEach((c) => c.post({ cmd: 'mark' }));
        const cpu = serverCpu(products);
        const { skipped } = await paced(w, rate, seconds);
        const sent = w.take();
        const { changes, unmatched } = await changesSince(handle.db, v0, sent);
        const delivery = await collect(clients, changes);
        const server = cpu();
        const answers = sent.map((s) => s.answeredAt - s.sentAt).sort((a, b) => a - b);
        const failedRequests = sent.filter((s) => s.status !== 200).length;
        const goal = pg ? 300 : 200;
        for (const [group, g] of Object.entries(delivery.groups).sort()) {
          const p99 = percentile(g.latencies, 0.99);
          const label = !pg ? `live delivery, ${name}` : group === 'B' ? `live delivery, ${name} NOTIFY (B)` : `live delivery, ${name} same process (A)`;
          report(
            label,
            `p50 ${ms(percentile(g.latencies, 0.5))}, p99 ${ms(p99)}, max ${ms(g.latencies[g.latencies.length - 1])}, from each request being sent to the socket (an upper bound of commit-to-socket); ` +
              `${counted(g)}; ${sent.length} corrections at ${rate}/s over ${seconds} s (${failedRequests ? `${failedRequests} FAILED, ` : ''}${skipped ? `${skipped} skipped, ` : ''}answers p50 ${ms(percentile(answers, 0.5))}, p99 ${ms(percentile(answers, 0.99))}` +
              `${unmatched ? `, ${unmatched} changes matched no request` : ''}) to ${sockets} sockets${pg ? ` (${group === 'B' ? 'these on process B, written through A' : 'these on process A, which takes the writes'})` : ''}; ` +
              `CPU: clients ${pct(delivery.clientCpu)}, server${pg ? 's A + B' : ''} ${pct(server.servers)} of one CPU, whole machine ${server.machine.toFixed(0)} % of all CPUs; client loop delay max ${ms(delivery.loopDelayMax)}; ${load} at the start; goal p99 < ${goal} ms${pg && group === 'A' ? ' (set for NOTIFY)' : ''}: ${p99 < goal && g.missing === 0 ? 'met' : 'NOT met'}${closed(delivery.closes)}`,
          );
        }
      }

      if (parts.includes('max') && without) {
        const load = machineLoad();
        const v0 = await latestVersion(handle.db);
        clients.forEach((c) => c.post({ cmd: 'mark' }));
        const cpu = serverCpu(products);
        const withSockets = await closedLoop(w, writers, maxSeconds);
        const server = cpu();
        const sent = w.take();
        const { changes } = await changesSince(handle.db, v0, sent);
        const delivery = await collect(clients, changes);
        const all = Object.values(delivery.groups).reduce(
          (sum, g) => ({ ...sum, expected: sum.expected + g.expected, received: sum.received + g.received, missing: sum.missing + g.missing, duplicates: sum.duplicates + g.duplicates, unexpected: sum.unexpected + g.unexpected, socketsShort: sum.socketsShort + g.socketsShort }),
          { expected: 0, received: 0, missing: 0, duplicates: 0, unexpected: 0, socketsShort: 0, latencies: [] as number[] },
        );
        const latencies = Object.values(delivery.groups).flatMap((g) => g.latencies).sort((a, b) => a - b);
        const ratio = withSockets.perSecond / without.perSecond;
        report(
          `live most transitions/s, ${name}`,
          `${withSockets.perSecond.toFixed(0)}/s with ${sockets} sockets connected and receiving beside ${without.perSecond.toFixed(0)}/s without any (${ratio.toFixed(2)} x; goal >= 0.8 x: ${ratio >= 0.8 ? 'met' : 'NOT met'}); ` +
            `${writers} closed-loop writers x ${maxSeconds} s each${withSockets.failed + without.failed ? ` (${withSockets.failed + without.failed} FAILED)` : ''}${where}; ${counted(all)}, delivered p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))} from the request; ` +
            `CPU with sockets: clients ${pct(delivery.clientCpu)}, server${pg ? 's A + B' : ''} ${pct(server.servers)} of one CPU, whole machine ${server.machine.toFixed(0)} % of all CPUs; ${load} at the start with sockets, ${withoutLoad} without${closed(delivery.closes)}`,
        );
      }
      await Promise.all(clients.splice(0).map((c) => c.stop()));
    }

    if (parts.includes('grid')) {
      const gridWriter = writer(A.base, adminAuth, data.watched);
      try {
        const load = machineLoad();
        const grid = await gridRun(B.base, gridWriter, adminAuth, data, rate, seconds);
        const longest = Math.max(grid.task, grid.gap);
        report(
          `live admin grid, ${name}`,
          `longest main-thread block ${grid.task ? ms(grid.task) : 'none of 50 ms or more'} (long tasks: ${grid.tasks}${grid.longtaskSupported ? '' : ', LONGTASK NOT SUPPORTED'}), longest frame gap ${grid.gap ? ms(grid.gap) : 'under 34 ms'}, ` +
            `while ${grid.watched} of the ${WATCHED_LINES} rows of one customer (the grid filtered to them) took ${grid.transitions} gram corrections at ${rate}/s over ${seconds} s${grid.failed ? ` (${grid.failed} FAILED)` : ''}${pg ? ' (page on process B, writes through A)' : ''}; ` +
            `rows stale 1 s after the last: ${grid.staleAt1s} of ${grid.watched} (after 5 s: ${grid.staleAt5s}; rows whose gram changed on screen: ${grid.changedOnScreen}${grid.notRendered ? `; ${grid.notRendered} NOT RENDERED` : ''}); ` +
            `${data.lines} lines loaded in ${grid.loadSeconds.toFixed(0)} s (longest task of the load ${ms(grid.loadTask)}); ${load} at the start; goals block < 100 ms: ${longest < 100 ? 'met' : 'NOT met'}, stale 0: ${grid.staleAt1s === 0 ? 'met' : 'NOT met'}` +
            `${grid.pageErrors.length ? `; PAGE ERRORS ${grid.pageErrors.length}: ${grid.pageErrors[0]}` : ''}`,
        );
      } finally {
        gridWriter.close();
      }
    }
  } catch (error) {
    for (const product of products) {
      const logged = product.output().split('\n').filter((l) => /"level":(50|60)|Error/.test(l));
      if (logged.length) console.log(`  server logged ${logged.length} error lines, the last: ${logged[logged.length - 1].slice(0, 1000)}`);
    }
    throw error;
  } finally {
    w?.close();
    await Promise.all(clients.map((c) => c.stop()));
    await Promise.all(products.map((p) => p.stop()));
    await handle.close();
  }
  for (const product of products) {
    const logged = product.output().split('\n').filter((l) => /"level":(40|50|60)/.test(l));
    if (logged.length) console.log(`  ${name} server logged ${logged.length} warning/error lines, the last: ${logged[logged.length - 1].slice(0, 600)}`);
  }
}

export async function live(report: Report): Promise<void> {
  const settings = {
    sockets: option('sockets', 'LIVE_SOCKETS', 1_000),
    seconds: option('seconds', 'LIVE_SECONDS', 30),
    rate: option('rate', 'LIVE_RATE', 20),
    writers: option('writers', 'LIVE_WRITERS', 16),
    maxSeconds: option('max-seconds', 'LIVE_MAX_SECONDS', 10),
    lines: option('lines', 'LIVE_LINES', 100_000),
    sessions: option('sessions', 'LIVE_SESSIONS', 100),
    parts: listOption('parts', 'LIVE_PARTS', ['delivery', 'max', 'grid']),
  };
  const databases = listOption('databases', 'LIVE_DATABASES', ['sqlite', 'postgres']);
  console.log(
    `\nLive channel: ${settings.sockets} sockets over ${CLIENTS} client processes (${MIX_LABEL}; ${settings.sessions} sessions), ` +
      `${settings.rate} gram corrections/s for ${settings.seconds} s, ${settings.writers} closed-loop writers for ${settings.maxSeconds} s, ` +
      `admin grid with ${settings.lines} lines; parts ${settings.parts.join(', ')} on ${databases.join(' and ')} (${machineLoad()}).`,
  );
  for (const name of databases) {
    const database = name === 'postgres' ? await postgresDatabase() : name === 'sqlite' ? sqliteDatabase() : null;
    if (!database) throw new Error(`--databases: unknown database ${name} (sqlite, postgres)`);
    try {
      await runOn(report, database, settings);
    } finally {
      await database.drop();
    }
  }
}
