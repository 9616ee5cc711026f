/*
 * The floor's two screens of issue 28, in chromium on the real server over SQLite:
 * - the job ticket page (/tickets) for 500 lines: from the navigation's start to print-ready (every
 *   barcode's SVG drawn, the print button enabled), on the page's own clock; the first visit (the
 *   page's chunk with bwip-js fetched) and the median of the visits after it, beside the ticket
 *   data route's own time for the same lines;
 * - a keyboard-wedge scan on the tablet: from the scan's Enter to the scanned line's page showing
 *   its title, each scan of another of the workshop's open lines, from its list.
 *   npm run bench -- --skip-clone tickets [--tickets-runs=5]
 */
import { seedCatalogue } from '../src/server/db/demo-catalogue';
import { seedOrders } from '../src/server/db/demo-orders';
import { API } from '../src/shared/api';
import { TICKETS_MAX } from '../src/shared/api/tickets';
import type { Browser } from 'playwright-core';
import { launchChromium, loginAdmin, loginAs } from './live';
import { percentile } from './mixed';
import { ADMIN_PASSWORD, login, machineLoad, option, ownerUsers, prepare, sqliteDatabase, startProduct, USER_PASSWORD } from './product';

type Report = (name: string, value: string) => void;

/** The goals the issue names: 500 tickets to print-ready, a scan to its line shown. */
const GOAL_MS = 2_000;
const SCAN_GOAL_MS = 300;
const ms = (value: number) => `${value.toFixed(0)} ms`;

export async function tickets(report: Report): Promise<void> {
  const runs = option('tickets-runs', 'TICKETS_RUNS', 5);
  const database = sqliteDatabase();
  const { ids, tablet } = await prepare(database, (db) =>
    db.transaction().execute(async (trx) => {
      await seedCatalogue(trx, 100);
      await seedOrders(trx, TICKETS_MAX, null, 3);
      const ids = (await trx.selectFrom('order_lines').select('id').orderBy('id').limit(TICKETS_MAX).execute()).map((row) => row.id);
      // A workshop's user and its open lines, which its tablet lists.
      const [workshop] = (await ownerUsers(trx)).workshops;
      const lines = await trx.selectFrom('order_lines').select(['id', 'barcode']).where('workshop_id', '=', workshop.id).where('closed_at', 'is', null).orderBy('id', 'desc').limit(runs + 1).execute();
      return { ids, tablet: { username: workshop.username, lines } };
    }),
  );
  const product = await startProduct(database);
  const browser = await launchChromium();
  try {
    const query = `lines=${ids.join(',')}`;
    const token = await login(product.base, 'admin', ADMIN_PASSWORD);
    const route: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const started = performance.now();
      const answer = await fetch(`${product.base}${API.tickets}?${query}`, { headers: { authorization: token, 'accept-encoding': 'gzip, deflate, br, zstd' } });
      const body = (await answer.json()) as { tickets: unknown[] };
      if (answer.status !== 200 || body.tickets.length !== ids.length) throw new Error(`GET ${API.tickets}: ${answer.status}, ${body.tickets?.length} tickets`);
      if (i > 0) route.push(performance.now() - started);
    }

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await loginAdmin(page, product.base);
    const ready: number[] = [];
    for (let i = 0; i <= runs; i++) {
      await page.goto(`${product.base}/tickets?${query}`);
      // performance.now() counts from the navigation's start; polled on every frame.
      const at = await page.waitForFunction(() => document.querySelector('section.tickets[data-ready="true"]') !== null && performance.now(), undefined, { timeout: 60_000 });
      ready.push((await at.jsonValue()) as number);
      const drawn = await page.locator('.ticket-symbol svg').count();
      if (drawn !== ids.length) throw new Error(`${drawn} of ${ids.length} symbols drawn`);
    }
    console.log(`  each visit: ${ready.map(ms).join(', ')}`);
    const [cold, ...warm] = ready;
    warm.sort((a, b) => a - b);
    route.sort((a, b) => a - b);
    const median = percentile(warm, 0.5);
    report('tickets: 500 to print-ready', `first visit ${ms(cold)}, then median ${ms(median)}, worst ${ms(warm[warm.length - 1])} of ${warm.length}; goal < ${ms(GOAL_MS)} ${Math.max(cold, median) < GOAL_MS ? 'met' : 'NOT met'} (${machineLoad()})`);
    report('tickets: data route, 500 lines', `median ${ms(percentile(route, 0.5))} of ${route.length}`);
    await page.close();
    const scans = await scanTimes(browser, product.base, tablet);
    const [first, ...later] = scans;
    later.sort((a, b) => a - b);
    const scanMedian = percentile(later, 0.5);
    report(
      'scan: keyboard wedge to the line shown on the tablet',
      `first ${ms(first)}, then median ${ms(scanMedian)}, worst ${ms(later[later.length - 1])} of ${later.length}; from the scan's Enter to the line's title painted; goal < ${ms(SCAN_GOAL_MS)} ${Math.max(first, scanMedian) < SCAN_GOAL_MS ? 'met' : 'NOT met'} (${machineLoad()})`,
    );
  } finally {
    await browser.close();
    await product.stop();
    await database.drop();
  }
}

/**
 * Each of the workshop's lines scanned from its tablet's list as a keyboard-wedge scanner types
 * (a burst of keys, then Enter, nothing focused): milliseconds from the Enter to the line's title
 * painted, on the page's clock.
 */
async function scanTimes(browser: Browser, base: string, tablet: { username: string; lines: Array<{ id: number; barcode: string }> }): Promise<number[]> {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  try {
    await loginAs(page, base, tablet.username, USER_PASSWORD);
    const times: number[] = [];
    for (const line of tablet.lines) {
      await page.goto(`${base}/workshop/orders`);
      // The list is in (a scanned line need not be on its first page: the scan asks the server).
      await page.getByRole('button', { name: /^Detay: \d+$/ }).first().waitFor();
      const shown = page.waitForFunction(
        (title) => {
          const at = (window as unknown as { scanAt?: number }).scanAt;
          return at !== undefined && [...document.querySelectorAll('h1')].some((h1) => h1.textContent === title) ? performance.now() - at : null;
        },
        `Sipariş Detayı #${line.id}`,
        { polling: 'raf', timeout: 30_000 },
      );
      await page.evaluate((keys) => {
        const target = document.activeElement ?? document.body;
        for (const key of [...keys, 'Enter']) {
          if (key === 'Enter') (window as unknown as { scanAt?: number }).scanAt = performance.now();
          target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        }
      }, line.barcode);
      times.push((await (await shown).jsonValue()) as number);
    }
    return times;
  } finally {
    await page.close();
  }
}
