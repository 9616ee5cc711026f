/*
 * The archive at size: 200,000 lines by default (1,000 products, blocks of 10,000 in turn to each
 * B2B customer and to the shop, made over the demo seed's last 40 days) on SQLite and on PostgreSQL,
 * with the real server started on it. Times its three common queries as an admin's browser gets
 * them over HTTP (a month of one customer's lines, a closed line's barcode, a closed line's order
 * number; median and worst of 5 runs after a warm-up) against the raw indexed query answering the
 * same question on the same database in the same run, and reports the ratio.
 *   npm run bench -- --skip-clone archive [--archive-lines=2000000] [--databases=sqlite,postgres]
 */
import http from 'node:http';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../src/server/db';
import { seedCatalogue } from '../src/server/db/demo-catalogue';
import { seedOrders } from '../src/server/db/demo-orders';
import { API, type LineArchiveDto } from '../src/shared/api';
import { timed } from './metal';
import { ADMIN_PASSWORD, type BenchDatabase, login, machineLoad, onEachDatabase, option, type RunningProduct } from './product';

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
    for (let done = 0, block = 0; done < lines; done += 10_000, block++) await seedOrders(trx, Math.min(10_000, lines - done), owners[block % owners.length], 11 + block);
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

/** One warm-up, then RUNS timed runs of `query`: median and worst in ms, and how many rows it read. */
export async function timedRaw(query: () => Promise<unknown[]>): Promise<{ median: number; worst: number; rows: number }> {
  let rows = (await query()).length;
  const took: number[] = [];
  for (let i = 0; i < RUNS; i++) {
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
 * indexed query answering the same question on the database directly.
 */
export function archiveCases(db: Db, targets: Targets, first: number): Array<[what: string, query: string, raw: () => Promise<unknown[]>]> {
  return [
    [
      `a month of one customer (first ${first})`,
      `customer_id=${targets.customer}&from=${encodeURIComponent(targets.from)}&to=${encodeURIComponent(targets.to)}&limit=${first}`,
      () =>
        db
          .selectFrom('order_lines as l')
          .selectAll('l')
          .where('l.customer_id', '=', targets.customer)
          .where('l.created_at', '>=', targets.from)
          .where('l.created_at', '<=', targets.to)
          .orderBy('l.created_at', 'desc')
          .orderBy('l.id', 'desc')
          .limit(first)
          .execute(),
    ],
    [`one barcode (a closed line)`, `q=${targets.barcode}`, () => db.selectFrom('order_lines').selectAll().where('barcode', '=', targets.barcode).execute()],
    [
      `one order number (a closed line's)`,
      `q=${encodeURIComponent(targets.orderNumber)}`,
      () => db.selectFrom('orders as o').innerJoin('order_lines as l', 'l.order_id', 'o.id').selectAll('l').where('o.order_number', '=', targets.orderNumber).execute(),
    ],
  ];
}

async function measure(report: Report, name: string, database: BenchDatabase, product: RunningProduct, targets: Targets, lines: number, seconds: number): Promise<void> {
  const auth = await login(product.base, 'admin', ADMIN_PASSWORD);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // The raw queries read through a connection of their own, beside the running server.
  const { db, close } = openDatabase(database.url);
  const first = 100;
  try {
    const load = machineLoad();
    report(`archive, ${name}`, `${lines.toLocaleString('en')} lines seeded in ${seconds.toFixed(1)} s; ${database.settings}; ${load} before the runs`);
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

export async function archive(report: Report): Promise<void> {
  const lines = option('archive-lines', 'BENCH_ARCHIVE_LINES', 200_000);
  await onEachDatabase(
    (db, database) => seed(db, database, lines),
    ({ name, database, product, seeded, seconds }) => measure(report, name, database, product, seeded, lines, seconds),
  );
}
