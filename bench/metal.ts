/*
 * The metal ledger at size: 10 workshops x 5 years of confirmed vouchers (about 500,000 ledger
 * entries) on SQLite and on PostgreSQL. Reports a workshop's statement for one year and the balance
 * summary (median and worst of 5 runs each, through the service the routes call), and checks that
 * every balance equals the sum of its entries to the last decimal.
 *   npm run bench -- --skip-clone metal [--metal-entries=500000] [--databases=sqlite,postgres]
 */
import { migrateToLatest, openDatabase } from '../src/server/db';
import type { Db } from '../src/server/db';
import { random } from '../src/server/db/demo-catalogue';
import { balances, statement } from '../src/server/modules/metal/service';
import { FINE_PLACES, fineOf, fromUnits } from '../src/shared/metal';
import { listOption, option, postgresDatabase, sqliteDatabase } from './product';

type Report = (name: string, value: string) => void;

const WORKSHOPS = 10;
const YEARS = 5;
const LINES_PER_VOUCHER = 10;
const MILYEMS = [995, 916, 875, 750, 585];
const ROWS_PER_INSERT = 500;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await insert(rows.slice(i, i + ROWS_PER_INSERT));
}

/** Writes the ledger straight into the tables (as confirmed vouchers would have); returns each workshop's expected fine sum. */
async function seedLedger(db: Db, entries: number): Promise<Map<number, number>> {
  const at = new Date().toISOString();
  const workshops: number[] = [];
  for (let i = 1; i <= WORKSHOPS; i++) {
    const row = await db.insertInto('workshops').values({ user_id: null, name: `Atölye ${i}`, code: `A${i}`, address: null, company_name: null, phone_number: null, tax_number: null, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    workshops.push(row.id);
  }
  // Seeded so each run writes the same ledger.
  const { next } = random(17);
  const expected = new Map(workshops.map((id) => [id, 0]));
  const vouchers = Math.ceil(entries / LINES_PER_VOUCHER);
  const days = YEARS * 365;
  const start = Date.UTC(2022, 0, 1);
  for (let batch = 0; batch < vouchers; batch += 1_000) {
    await db.transaction().execute(async (trx) => {
      const count = Math.min(1_000, vouchers - batch);
      const heads = Array.from({ length: count }, (_, i) => {
        const type = next() < 0.55 ? 'issue' : 'receipt';
        return {
          type,
          number: `${type === 'issue' ? 'MC' : 'MG'}-B${String(batch + i).padStart(7, '0')}`,
          workshop_id: workshops[(batch + i) % WORKSHOPS],
          date: new Date(start + Math.floor(((batch + i) / vouchers) * days) * 86_400_000).toISOString().slice(0, 10),
          note: null,
          reverses_id: null,
          status: 'confirmed',
          dispute_reason: null,
          created_by: null,
          created_at: at,
          decided_by: null,
          decided_at: at,
        };
      });
      const ids: number[] = [];
      await insertChunks(heads, async (chunk) => ids.push(...(await trx.insertInto('metal_vouchers').values(chunk).returning('id').execute()).map((r) => r.id)));
      const lines = heads.flatMap((_head, i) =>
        Array.from({ length: LINES_PER_VOUCHER }, () => {
          const milyem = MILYEMS[Math.floor(next() * MILYEMS.length)];
          const net = 1 + Math.floor(next() * 50_000);
          return { voucher_id: ids[i], kind: 'raw', metal: 'gold', milyem, gross_mg: net, stone_cct: 0, stone_mg: 0, other_mg: 0, net_mg: net, fine: fineOf(net, milyem), order_line_id: null, step_id: null };
        }),
      );
      const lineIds: number[] = [];
      await insertChunks(lines, async (chunk) => lineIds.push(...(await trx.insertInto('metal_voucher_lines').values(chunk).returning('id').execute()).map((r) => r.id)));
      const ledger = lines.map((line, i) => {
        const head = heads[Math.floor(i / LINES_PER_VOUCHER)];
        const sign = head.type === 'issue' ? 1 : -1;
        expected.set(head.workshop_id, expected.get(head.workshop_id)! + sign * line.fine);
        return { voucher_id: line.voucher_id, voucher_line_id: lineIds[i], workshop_id: head.workshop_id, date: head.date, metal: 'gold', milyem: line.milyem, net_mg: sign * line.net_mg, fine: sign * line.fine, created_at: at };
      });
      await insertChunks(ledger, (chunk) => trx.insertInto('metal_ledger').values(chunk).execute());
    });
  }
  return expected;
}

async function timed(runs: number, work: () => Promise<unknown>): Promise<{ median: number; worst: number }> {
  const took: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return { median: took[Math.floor(took.length / 2)], worst: took[took.length - 1] };
}

export async function metalLedger(report: Report): Promise<void> {
  const entries = option('metal-entries', 'BENCH_METAL_ENTRIES', 500_000);
  for (const name of listOption('databases', 'BENCH_DATABASES', ['sqlite', 'postgres'])) {
    const database = name === 'postgres' ? await postgresDatabase() : sqliteDatabase();
    const handle = openDatabase(database.url);
    try {
      await migrateToLatest(handle.db);
      const seeding = performance.now();
      const expected = await seedLedger(handle.db, entries);
      const seeded = performance.now() - seeding;
      const workshop = [...expected.keys()][3];
      const year = await timed(5, () => statement(handle.db, workshop, '2024-01-01', '2024-12-31'));
      const summary = await timed(5, () => balances(handle.db));
      const found = await balances(handle.db);
      const drift = found.filter((row) => row.fine_g !== fromUnits(expected.get(row.workshop_id) ?? 0, FINE_PLACES));
      const one = await statement(handle.db, workshop, '2024-01-01', '2024-12-31');
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      report(`metal ledger, ${name}`, `${entries.toLocaleString('en')} entries (${WORKSHOPS} workshops x ${YEARS} years) seeded in ${(seeded / 1000).toFixed(1)} s`);
      report(`  a workshop's statement for one year (${one.entries.length.toLocaleString('en')} entries), ${name}`, `median ${ms(year.median)}, worst ${ms(year.worst)} of 5 (goal < 200 ms)`);
      report(`  the balance summary, ${name}`, `median ${ms(summary.median)}, worst ${ms(summary.worst)} of 5 (goal < 200 ms)`);
      report(`  balances equal to the sum of their entries, ${name}`, drift.length === 0 ? `all ${found.length} to the last decimal` : `${drift.length} DIFFER`);
    } finally {
      await handle.close();
      await database.drop();
    }
  }
}
