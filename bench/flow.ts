/*
 * The flow report at size: 200,000 lines by default (issue 28 names 2,000,000: --flow-lines),
 * seeded as the demo walks them (with their stays) over the last 40 days, on SQLite and on
 * PostgreSQL, with the real server started on it. Times the report as an admin's browser gets it
 * over HTTP (the default period, every workshop; then one workshop; then its trend by week), median and worst of 5 runs
 * after a warm-up, against the raw aggregate query over the same stays (count and mean per cell,
 * no percentiles, no waiting pieces) on the same database in the same run, and reports the ratio,
 * and what the report's counts (migration 0041) take on disk beside the stays. The seed leaves the
 * counts to one count at its end, as a load of many blocks does.
 *   npm run bench -- --skip-clone flow [--flow-lines=2000000] [--databases=sqlite,postgres]
 */
import http from 'node:http';
import { subDays } from 'date-fns';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../src/server/db';
import { isPostgres } from '../src/server/db/ddl';
import { seedCatalogue } from '../src/server/db/demo-catalogue';
import { seedOrders } from '../src/server/db/demo-orders';
import { refillFigureSums } from '../src/server/db/migrations/2026-11-28-0042-figure-deltas';
import { fillStayCounts } from '../src/server/db/migrations/2026-11-27-0041-stay-counts';
import { API, type FlowReportDto, type FlowTrendDto } from '../src/shared/api';
import { FLOW_DEFAULT_DAYS } from '../src/shared/schemas/flow';
import { timedRaw } from './archive';
import { timed } from './metal';
import { ADMIN_PASSWORD, type BenchDatabase, forecastDone, login, machineLoad, onEachDatabase, option, type RunningProduct } from './product';
import { scorecardFigure } from './scorecard';

type Report = (name: string, value: string) => void;

async function seed(db: Db, database: BenchDatabase, lines: number): Promise<{ workshop: number; stays: number }> {
  const postgres = database.name === 'postgres';
  await db.transaction().execute(async (trx) => {
    // On PostgreSQL the triggers that keep the figures' sums would update the same few rows
    // millions of times in this one transaction, each update slower than the last as the row's
    // versions pile up until the commit (the seed slowed to a crawl past 500,000 lines): they are
    // left out of the load, with the foreign keys' (the rows are written valid), and the sums are
    // counted once at the end, as history-seed.ts does.
    if (postgres) await sql`set local session_replication_role = replica`.execute(trx);
    await seedCatalogue(trx, 1_000);
    for (let done = 0, block = 0; done < lines; done += 10_000, block++) await seedOrders(trx, Math.min(10_000, lines - done), null, 31 + block, false);
    await fillStayCounts(trx);
    if (postgres) await refillFigureSums(trx);
  });
  // The visibility map too, as autovacuum leaves a table after a load of inserts: without it no
  // index answers alone, and each bucket read visits hundreds of the stays' pages.
  if (postgres) await sql`vacuum (analyze)`.execute(db);
  const { id: workshop } = await db.selectFrom('workshops').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { stays } = await db.selectFrom('line_stays').select((eb) => eb.fn.countAll<number>().as('stays')).executeTakeFirstOrThrow();
  return { workshop, stays: Number(stays) };
}

/** The plain aggregate the report refines: stays ended in the period, counted and averaged per cell. */
function rawAggregate(db: Db, from: string, to: string, workshop?: number) {
  const hours = isPostgres(db) ? sql`date_part('epoch', left_at - entered_at) / 3600` : sql`(julianday(left_at) - julianday(entered_at)) * 24`;
  return async () =>
    (
      await sql<{ workshop_id: number | null }>`
        select workshop_id, phase, step_id, count(*) as pieces, avg(${hours}) as mean_hours
        from line_stays
        where left_at >= ${from} and left_at <= ${to} ${workshop === undefined ? sql`` : sql`and workshop_id = ${workshop}`}
        group by workshop_id, phase, step_id`.execute(db)
    ).rows;
}

/** What the report's counts (migration 0041) take beside the stays: their rows, and the bytes of each table and index on disk. */
async function countsSize(db: Db): Promise<string> {
  const names = ['line_stays', 'line_stays_bucket_idx', 'stay_cells', 'stay_days', 'stay_hours'];
  const bytes = isPostgres(db)
    ? await sql<{ name: string; bytes: number | string }>`select relname as name, pg_relation_size(oid) as bytes from pg_class where relname in (${sql.join(names)}) or relname like 'stay_%_pk'`.execute(db)
    : await sql<{ name: string; bytes: number | string }>`select name, sum(pgsize) as bytes from dbstat where name in (${sql.join(names)}) or name like 'sqlite_autoindex_stay_%' group by name`.execute(db);
  const { rows } = await sql<{ days: number | string; hours: number | string }>`select (select count(*) from stay_days) as days, (select count(*) from stay_hours) as hours`.execute(db);
  const mb = (value: number | string) => `${(Number(value) / 1e6).toFixed(1)} MB`;
  return `${Number(rows[0].days).toLocaleString('en')} day rows, ${Number(rows[0].hours).toLocaleString('en')} hour rows; ${bytes.rows.map((row) => `${row.name} ${mb(row.bytes)}`).join(', ')}`;
}

const ms = (value: number) => `${value.toFixed(value < 1 ? 2 : 1)} ms`;

async function measure(report: Report, name: string, database: BenchDatabase, product: RunningProduct, seeded: { workshop: number; stays: number }, lines: number, seconds: number) {
  const auth = await login(product.base, 'admin', ADMIN_PASSWORD);
  const { db, close } = openDatabase(database.url);
  try {
    const forecast = await forecastDone(db);
    report(
      `flow, ${name}`,
      `${lines.toLocaleString('en')} lines (${seeded.stays.toLocaleString('en')} stays) seeded in ${seconds.toFixed(1)} s; ${database.settings}; the started server's daily forecast of every open line ran ${forecast}, and the runs after it; ${machineLoad()} before the runs`,
    );
    const to = new Date();
    const from = subDays(to, FLOW_DEFAULT_DAYS);
    const period = `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
    for (const [what, path, query, workshop] of [
      ['every workshop', API.flowReport, period, undefined],
      ['one workshop', API.flowReport, `${period}&workshop_id=${seeded.workshop}`, seeded.workshop],
      ['by week, every workshop', API.flowTrend, period, undefined],
    ] as const) {
      // A connection of its own per question: the raw aggregate below may run longer than the
      // server keeps an idle connection open (72 s at 2,000,000 lines), which would end a shared one.
      const own = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const route = await timed(own, `${product.base}${path}?${query}`, auth).finally(() => own.destroy());
      const direct = await timedRaw(rawAggregate(db, from.toISOString(), to.toISOString(), workshop));
      const answer = JSON.parse(route.last.body) as FlowReportDto | FlowTrendDto;
      const cells = 'steps' in answer ? `${answer.steps.length} cells` : `${answer.weeks.length} cell-weeks`;
      report(
        `  the last ${FLOW_DEFAULT_DAYS} days, ${what}, ${name}`,
        `route median ${ms(route.median)}, worst ${ms(route.worst)} (${cells}); raw aggregate median ${ms(direct.median)}, worst ${ms(direct.worst)} (${direct.rows} cells); route / raw ${(route.median / direct.median).toFixed(2)}x`,
      );
    }
    report(`  the report's counts, ${name}`, await countsSize(db));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await scorecardFigure(report, name, db, product, agent, auth, seeded.workshop).finally(() => agent.destroy());
  } finally {
    await close();
  }
}

export async function flow(report: Report): Promise<void> {
  const lines = option('flow-lines', 'BENCH_FLOW_LINES', 200_000);
  await onEachDatabase(
    (db, database) => seed(db, database, lines),
    ({ name, database, product, seeded, seconds }) => measure(report, name, database, product, seeded, lines, seconds),
  );
}
