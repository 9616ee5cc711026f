/*
 * The archive at size: 200,000 lines by default (1,000 products, blocks of 10,000 in turn to each
 * B2B customer and to the shop, made over the demo seed's last 40 days) on SQLite and on PostgreSQL,
 * with the real server started on it. Times its three common queries as an admin's browser gets
 * them over HTTP (a month of one customer's lines, a closed line's barcode, a closed line's order
 * number; median and worst of 5 runs after a warm-up) against the raw indexed query answering the
 * same question on the same database in the same run, and reports the ratio. Then exports every
 * line to .xlsx from the archive screen in chromium (the pages read while the sheet is written):
 * the click to the file, against the wire read of the same pages by a plain client; the server's
 * RSS growth; the longest main-thread block; and how late the server answers another request
 * meanwhile (a /readyz every 50 ms: the event loop between pages).
 * Last, the same query of every line as the admin grid's rows (up to its limit): the first rows and
 * every line counted, against the wire read, and the longest block.
 *   npm run bench -- --skip-clone archive [--archive-lines=2000000] [--databases=sqlite,postgres] [--archive-export=0] [--archive-grid=0]
 */
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Unzip, UnzipInflate } from 'fflate';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../src/server/db';
import { seedCatalogue } from '../src/server/db/demo-catalogue';
import { fillStayCounts } from '../src/server/db/migrations/2026-11-27-0041-stay-counts';
import { seedOrders } from '../src/server/db/demo-orders';
import { lineQuery } from '../src/server/modules/order-lines/queries';
import { API, type LineArchiveDto } from '../src/shared/api';
import { ARCHIVE_PAGE_MAX } from '../src/shared/schemas/archive';
import type { Page } from 'playwright-core';
import { ARCHIVE_GRID_MAX } from '../src/client/features/archive/limits';
import { BLOCKS, countText, launchChromium, loginAdmin, MONITOR } from './live';
import { timed } from './metal';
import { ADMIN_PASSWORD, type BenchDatabase, forecastDone, login, machineLoad, onEachDatabase, option, type RunningProduct, watchServer } from './product';

type Report = (name: string, value: string) => void;

const RUNS = 5;
const DAY = 86_400_000;

/** What the three queries ask for, chosen from the seeded lines. */
export interface Targets {
  customer: number;
  from: string;
  to: string;
  barcode: string;
  orderNumber: string;
}

async function seed(db: Db, database: BenchDatabase, lines: number): Promise<Targets> {
  await db.transaction().execute(async (trx) => {
    await seedCatalogue(trx, 1_000);
    const owners: Array<number | null> = [...(await trx.selectFrom('customers').select('id').orderBy('id').execute()).map((c) => c.id), null];
    // The flow report's counts are counted once at the end, not block by block.
    for (let done = 0, block = 0; done < lines; done += 10_000, block++) await seedOrders(trx, Math.min(10_000, lines - done), owners[block % owners.length], 11 + block, false);
    await fillStayCounts(trx);
  });
  // The planner's statistics as autovacuum leaves them soon after a bulk load, rather than whatever it caught mid-load.
  if (database.name === 'postgres') await sql`analyze`.execute(db);
  const { id: customer } = await db.selectFrom('customers').select('id').orderBy('id').executeTakeFirstOrThrow();
  return archiveTargets(db, customer);
}

/** The archive's questions on a seeded database: a month around the middle of `customer`'s lines, and a closed line from the middle of all. */
export async function archiveTargets(db: Db, customer: number): Promise<Targets> {
  // The month around the middle of the customer's lines: closed lines and open ones alike.
  const { lines: own } = await db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select((eb) => eb.fn.countAll<number>().as('lines')).where('o.customer_id', '=', customer).executeTakeFirstOrThrow();
  const middle = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select('l.created_at')
    .where('o.customer_id', '=', customer)
    .orderBy('l.created_at')
    .offset(Math.floor(Number(own) / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const from = new Date(Date.parse(middle.created_at) - 15 * DAY).toISOString();
  const to = new Date(Date.parse(middle.created_at) + 15 * DAY).toISOString();
  const { count } = await db.selectFrom('order_lines').select((eb) => eb.fn.countAll<number>().as('count')).where('closed_at', 'is not', null).executeTakeFirstOrThrow();
  const closed = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.barcode', 'o.order_number'])
    .where('l.closed_at', 'is not', null)
    .orderBy('l.id')
    .offset(Math.floor(Number(count) / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  return { customer, from, to, barcode: closed.barcode, orderNumber: closed.order_number };
}

/** One warm-up, then `runs` timed runs of `query`: median and worst in ms, and how many rows it read. */
export async function timedRaw(query: () => Promise<unknown[]>, runs = RUNS): Promise<{ median: number; worst: number; rows: number }> {
  let rows = (await query()).length;
  const took: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    rows = (await query()).length;
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return { median: took[Math.floor(took.length / 2)], worst: took[took.length - 1], rows };
}

const ms = (value: number) => `${value.toFixed(value < 1 ? 2 : 1)} ms`;

/**
 * The archive's three common questions: what each is called, the route's query string, and the raw
 * indexed query answering the same question on the database directly: one statement giving the
 * rows the answer shows (the line with its order, product, workshop and customer), with no server
 * around it.
 */
export function archiveCases(db: Db, targets: Targets, first: number): Array<[what: string, query: string, raw: () => Promise<unknown[]>]> {
  return [
    [
      `a month of one customer (first ${first})`,
      `customer_id=${targets.customer}&from=${encodeURIComponent(targets.from)}&to=${encodeURIComponent(targets.to)}&limit=${first}`,
      () =>
        lineQuery(db)
          .where('l.customer_id', '=', targets.customer)
          .where('l.created_at', '>=', targets.from)
          .where('l.created_at', '<=', targets.to)
          .orderBy('l.created_at', 'desc')
          .orderBy('l.id', 'desc')
          .limit(first)
          .execute(),
    ],
    [`one barcode (a closed line)`, `q=${targets.barcode}`, () => lineQuery(db).where('l.barcode', '=', targets.barcode).execute()],
    [`one order number (a closed line's)`, `q=${encodeURIComponent(targets.orderNumber)}`, () => lineQuery(db).where('o.order_number', '=', targets.orderNumber).execute()],
  ];
}

async function measure(report: Report, name: string, database: BenchDatabase, product: RunningProduct, targets: Targets, lines: number, seconds: number): Promise<void> {
  const auth = await login(product.base, 'admin', ADMIN_PASSWORD);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // The raw queries read through a connection of their own, beside the running server.
  const { db, close } = openDatabase(database.url);
  const first = 100;
  try {
    // A started server first forecasts every open line: timed beside that, a query waited for its batches.
    const forecast = await forecastDone(db);
    const load = machineLoad();
    report(`archive, ${name}`, `${lines.toLocaleString('en')} lines seeded in ${seconds.toFixed(1)} s; ${database.settings}; the day's forecast over the open lines took ${forecast} and was waited for; ${load} before the runs`);
    const cases = archiveCases(db, targets, first);
    for (const [what, query, raw] of cases) {
      const route = await timed(agent, `${product.base}${API.lineArchive}?${query}`, auth);
      const direct = await timedRaw(raw);
      const found = (JSON.parse(route.last.body) as LineArchiveDto).orders.length;
      report(
        `  ${what}, ${name}`,
        `route median ${ms(route.median)}, worst ${ms(route.worst)} (${found} lines); raw indexed query median ${ms(direct.median)}, worst ${ms(direct.worst)} (${direct.rows} rows); route / raw ${(route.median / direct.median).toFixed(1)}x`,
      );
    }
  } finally {
    agent.destroy();
    await close();
  }
}

/** The resident memory of a process, in bytes (Linux). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) * 1024;
}

/** Rows of data (without the header) in an .xlsx's first sheet, read as a stream. */
async function sheetRows(path: string): Promise<number> {
  let rows = 0;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    if (file.name !== 'xl/worksheets/sheet1.xml') return;
    const decoder = new TextDecoder();
    let carry = '';
    file.ondata = (error, chunk, final) => {
      if (error) throw error;
      const text = carry + decoder.decode(chunk, { stream: !final });
      const last = text.lastIndexOf('</row>');
      rows += last < 0 ? 0 : text.slice(0, last + 6).split('</row>').length - 1;
      carry = last < 0 ? text.slice(-16) : text.slice(last + 6).slice(-16);
    };
    file.start();
  };
  for await (const chunk of createReadStream(path)) unzip.push(chunk as Buffer);
  unzip.push(new Uint8Array(0), true);
  return rows - 1;
}

/** The archive's lines (up to `max`) read by a plain client, page after page as the export and the grid ask for them: the wire anchor. */
async function wireRead(base: string, auth: string, max = Infinity): Promise<{ ms: number; lines: number }> {
  const started = performance.now();
  let lines = 0;
  let after: string | null = null;
  do {
    const query = new URLSearchParams({ sort: 'created_at', dir: 'desc', limit: String(ARCHIVE_PAGE_MAX), ...(after ? { after } : {}) });
    const response = await fetch(`${base}${API.lineArchive}?${query}`, { headers: { authorization: auth } });
    const page = (await response.json()) as LineArchiveDto;
    lines += page.orders.length;
    after = page.has_more && lines < max ? page.next : null;
  } while (after);
  return { ms: performance.now() - started, lines };
}

/** The archive screen's export of every line in chromium, with the server's memory and answers watched meanwhile. */
async function measureExport(report: Report, name: string, product: RunningProduct, lines: number): Promise<void> {
  const auth = await login(product.base, 'admin', ADMIN_PASSWORD);
  const pid = product.child.pid!;
  const browser = await launchChromium();
  const dir = mkdtempSync(join(tmpdir(), 'bench-archive-'));
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await page.addInitScript(MONITOR);
    await loginAdmin(page, product.base);
    await page.goto(`${product.base}/admin/archive`);
    await page.getByRole('table', { name: 'Arşivdeki satırlar' }).waitFor();

    const wire = await wireRead(product.base, auth);
    const load = machineLoad();
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
    const stop = watchServer(product.base, 50);
    const started = (await page.evaluate('performance.now()')) as number;
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 3_600_000 }), page.getByRole('button', { name: "Excel'e Aktar" }).click()]);
    const ended = (await page.evaluate('performance.now()')) as number;
    clearInterval(sampler);
    const server = await stop();
    const during = (await page.evaluate(`(${BLOCKS})(${JSON.stringify([started, ended])})`)) as { task: number; gap: number; count: number; longtask: boolean };
    const longest = await longestTasks(page, started, ended);
    const path = join(dir, 'archive.xlsx');
    await download.saveAs(path);
    const rows = await sheetRows(path);
    const took = ended - started;
    const growth = (peak - before) / 1024 / 1024;
    report(
      `archive export, ${name}`,
      `${rows.toLocaleString('en')} rows (of ${lines.toLocaleString('en')} lines${rows === lines ? '' : ', NOT ALL'}) to a ${(statSync(path).size / 1024 / 1024).toFixed(1)} MB file in ${(took / 1000).toFixed(1)} s; ` +
        `wire read of the same ${wire.lines.toLocaleString('en')} lines by a plain client ${(wire.ms / 1000).toFixed(1)} s, export / wire ${(took / wire.ms).toFixed(2)}x (goal <= 1.5x: ${took <= 1.5 * wire.ms ? 'met' : 'NOT met'}); ` +
        `server RSS ${(before / 1024 / 1024).toFixed(0)} MB before, +${growth.toFixed(0)} MB at most (goal < 200 MB: ${growth < 200 ? 'met' : 'NOT met'}); ` +
        `longest main-thread block ${during.task > 0 ? `${during.task.toFixed(0)} ms` : 'none >= 50 ms'}${during.longtask ? '' : ' (LONGTASK NOT SUPPORTED)'}, ${during.count} long tasks, longest frame gap ${during.gap > 0 ? `${during.gap.toFixed(0)} ms` : 'none > 34 ms'} (goal no block > 200 ms: ${during.task <= 200 ? 'met' : 'NOT met'}; the longest at ${longest}); ` +
        `another request meanwhile (/readyz every 50 ms, ${server.count} asked) answered in ${server.p99.toFixed(1)} ms p99, ${server.worst.toFixed(1)} ms worst; ${load}`,
    );
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The three longest tasks between `from` and `to` (page clock) and when each began after `from`: where the page's time went. */
async function longestTasks(page: Page, from: number, to: number): Promise<string> {
  const tasks = (await page.evaluate(`window.__liveBench.tasks.filter(([at, length]) => at + length > ${from} && at < ${to}).sort((a, b) => b[1] - a[1]).slice(0, 3)`)) as Array<[number, number]>;
  return tasks.map(([at, length]) => `${((at - from) / 1000).toFixed(1)} s (${length.toFixed(0)} ms)`).join(', ') || '-';
}

/** The moment (page clock, to a frame) the grid's count first reads `pattern`. */
const countReads = (page: Page, pattern: RegExp) =>
  page
    .waitForFunction((source) => [...document.querySelectorAll('[role=status]')].some((s) => new RegExp(source).test((s.textContent || '').trim())) && performance.now(), pattern.source, { polling: 'raf', timeout: 600_000 })
    .then((handle) => handle.jsonValue() as Promise<number>);

/**
 * The admin grid with an archive query of every line as its rows (at most ARCHIVE_GRID_MAX): from the
 * click on 'Ara' to the first rows counted and to every line counted, and the longest block meanwhile,
 * against the wire read of the same pages. The everyday lines (the working set) load first.
 */
async function measureGridRows(report: Report, name: string, product: RunningProduct, lines: number): Promise<void> {
  const auth = await login(product.base, 'admin', ADMIN_PASSWORD);
  const shown = Math.min(lines, ARCHIVE_GRID_MAX);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript(MONITOR);
    await loginAdmin(page, product.base);
    await page.goto(`${product.base}/admin/orders`);
    // The everyday lines (the working set) loaded: the count reads all of them and nothing more is on its way.
    await page.waitForFunction(
      () => {
        const texts = [...document.querySelectorAll('[role=status]')].map((s) => (s.textContent || '').trim());
        return !texts.some((t) => t.endsWith('yükleniyor')) && texts.some((t) => /^([\d.,\s]+) \/ \1 satır$/.test(t));
      },
      null,
      { polling: 250, timeout: 600_000 },
    );
    const wire = await wireRead(product.base, auth, shown);
    const load = machineLoad();
    await page.getByRole('button', { name: 'Arşiv sorgusu' }).click();
    const search = page.getByRole('dialog', { name: 'Arşiv sorgusunu ızgarada göster' }).getByRole('button', { name: 'Ara' });
    await search.waitFor();
    const started = (await page.evaluate('performance.now()')) as number;
    await search.click();
    const first = await countReads(page, /^[\d.,\s]+ \/ 500 satır$/);
    const all = await countReads(page, countText(shown, shown));
    const during = (await page.evaluate(`(${BLOCKS})(${JSON.stringify([started, all])})`)) as { task: number; gap: number; count: number; longtask: boolean };
    report(
      `archive query as the grid's rows, ${name}`,
      `${shown.toLocaleString('en')} lines: first rows counted ${(first - started).toFixed(0)} ms, all ${((all - started) / 1000).toFixed(1)} s after 'Ara'; ` +
        `wire read of the same ${wire.lines.toLocaleString('en')} lines ${(wire.ms / 1000).toFixed(1)} s, all / wire ${((all - started) / wire.ms).toFixed(2)}x; ` +
        `longest main-thread block ${during.task > 0 ? `${during.task.toFixed(0)} ms` : 'none >= 50 ms'}${during.longtask ? '' : ' (LONGTASK NOT SUPPORTED)'}, ${during.count} long tasks, longest frame gap ${during.gap > 0 ? `${during.gap.toFixed(0)} ms` : 'none > 34 ms'}; the longest at ${await longestTasks(page, started, all)} (the switch from the everyday lines first); ${load}`,
    );
  } finally {
    await browser.close();
  }
}

export async function archive(report: Report): Promise<void> {
  const lines = option('archive-lines', 'BENCH_ARCHIVE_LINES', 200_000);
  await onEachDatabase(
    (db, database) => seed(db, database, lines),
    async ({ name, database, product, seeded, seconds }) => {
      await measure(report, name, database, product, seeded, lines, seconds);
      if (option('archive-export', 'BENCH_ARCHIVE_EXPORT', 1) > 0) await measureExport(report, name, product, lines);
      if (option('archive-grid', 'BENCH_ARCHIVE_GRID', 1) > 0) await measureGridRows(report, name, product, lines);
    },
  );
}
