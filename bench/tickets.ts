/*
 * The job ticket page (/tickets) for 500 lines in chromium, on the real server over SQLite: from
 * the navigation's start to print-ready (every barcode's SVG drawn, the print button enabled), on
 * the page's own clock; the first visit (the page's chunk with bwip-js fetched) and the median of
 * the visits after it, beside the ticket data route's own time for the same lines.
 *   npm run bench -- --skip-clone tickets [--tickets-runs=5]
 */
import { seedCatalogue } from '../src/server/db/demo-catalogue';
import { seedOrders } from '../src/server/db/demo-orders';
import { API } from '../src/shared/api';
import { TICKETS_MAX } from '../src/shared/api/tickets';
import { launchChromium, loginAdmin } from './live';
import { percentile } from './mixed';
import { ADMIN_PASSWORD, login, machineLoad, option, prepare, sqliteDatabase, startProduct } from './product';

type Report = (name: string, value: string) => void;

/** The goal the issue names for 500 tickets. */
const GOAL_MS = 2_000;
const ms = (value: number) => `${value.toFixed(0)} ms`;

export async function tickets(report: Report): Promise<void> {
  const runs = option('tickets-runs', 'TICKETS_RUNS', 5);
  const database = sqliteDatabase();
  const ids = await prepare(database, (db) =>
    db.transaction().execute(async (trx) => {
      await seedCatalogue(trx, 100);
      await seedOrders(trx, TICKETS_MAX, null, 3);
      return (await trx.selectFrom('order_lines').select('id').orderBy('id').limit(TICKETS_MAX).execute()).map((row) => row.id);
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
  } finally {
    await browser.close();
    await product.stop();
    await database.drop();
  }
}
