/*
 * The metal ledger at size: 10 workshops x 5 years of confirmed vouchers (about 500,000 ledger
 * entries) on SQLite and on PostgreSQL, with the real server started on it as operators start it
 * (bench/product.ts). Reports a workshop's statement for one year and the balance summary as an
 * admin's browser gets them over HTTP (keep-alive connection, browser's accept-encoding; from the
 * request to the whole JSON body received and decoded; median and worst of 5 runs after a warm-up),
 * and checks that every balance in the answer equals the sum of its entries to the last decimal.
 *   npm run bench -- --skip-clone metal [--metal-entries=500000] [--databases=sqlite,postgres]
 */
import http from 'node:http';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Db } from '../src/server/db';
import { random } from '../src/server/db/demo-catalogue';
import { API } from '../src/shared/api';
import { FINE_PLACES, fineOf, fromUnits } from '../src/shared/metal';
import { ADMIN_PASSWORD, type BenchDatabase, login, machineLoad, onEachDatabase, option, type RunningProduct } from './product';

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

/** What chromium sends, on plain HTTP too: the answer is timed as a browser receives it. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const RUNS = 5;

export interface Answer {
  ms: number;
  /** Bytes on the wire and the encoding the server chose. */
  bytes: number;
  encoding: string;
  body: string;
}

/** One GET, from the request to the last byte of the decoded body; `accept` as the screen asks (JSON by default). */
function get(agent: http.Agent, url: string, auth: string, accept = 'application/json'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers = { authorization: auth, accept, 'accept-encoding': ACCEPT_ENCODING };
    const req = http.get(url, { agent, headers }, (res) => {
      const encoding = String(res.headers['content-encoding'] ?? 'identity');
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('error', reject);
      const decoders: Record<string, () => Readable> = {
        br: () => res.pipe(zlib.createBrotliDecompress()),
        gzip: () => res.pipe(zlib.createGunzip()),
        deflate: () => res.pipe(zlib.createInflate()),
        identity: () => res,
      };
      const decoder = decoders[encoding];
      if (!decoder) {
        res.resume();
        reject(new Error(`GET ${url}: content-encoding ${encoding} not decoded here`));
        return;
      }
      // Decoded as it arrives, as a browser does.
      const chunks: Buffer[] = [];
      const body = decoder();
      body.on('data', (chunk: Buffer) => chunks.push(chunk));
      body.on('error', reject);
      body.on('end', () => {
        const ms = performance.now() - started;
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode !== 200) reject(new Error(`GET ${url}: ${res.statusCode} ${text.slice(0, 500)}`));
        else resolve({ ms, bytes, encoding, body: text });
      });
    });
    req.on('error', reject);
  });
}

/** One warm-up (it also opens the connection the runs reuse), then RUNS timed requests; the last answer. */
export async function timed(agent: http.Agent, url: string, auth: string, accept?: string): Promise<{ median: number; worst: number; last: Answer }> {
  const [one] = await alternately(agent, [{ url, auth, accept }], RUNS);
  return one;
}

/** Reads of each side of a comparison taken in turn: answers of a few milliseconds. */
export const ROUNDS = 51;

/** One of the requests `alternately` takes in turn: its URL, authorization and what it accepts. */
export interface Ask {
  url: string;
  auth: string;
  accept?: string;
}

/**
 * Requests of about the same cost taken in turn (a, b, a, b, ...) `rounds` times after a warm-up
 * of each, so a slow moment of the machine or of the server falls on each alike: a ratio of two
 * answers of a few milliseconds swung from 0.6x to 4x when each was timed in a block of its own.
 * Median and worst of each, and its last answer.
 */
export async function alternately(agent: http.Agent, asks: readonly Ask[], rounds = ROUNDS): Promise<Array<{ median: number; worst: number; last: Answer }>> {
  const last: Answer[] = [];
  for (const ask of asks) last.push(await get(agent, ask.url, ask.auth, ask.accept));
  const took = asks.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, ask] of asks.entries()) {
      last[i] = await get(agent, ask.url, ask.auth, ask.accept);
      took[i].push(last[i].ms);
    }
  }
  return took.map((times, i) => {
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)], worst: times[times.length - 1], last: last[i] };
  });
}

interface StatementAnswer {
  statement: { entries: unknown[] };
}
interface BalancesAnswer {
  balances: Array<{ workshop_id: number; fine_g: string }>;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => (bytes < 10_240 ? `${bytes} B` : `${(bytes / 1024).toFixed(0)} KB`);
const size = (answer: Answer) => `${kb(answer.bytes)} ${answer.encoding}, ${kb(Buffer.byteLength(answer.body))} JSON`;

async function measure(report: Report, name: string, database: BenchDatabase, product: RunningProduct, expected: Map<number, number>, entries: number, seconds: number): Promise<void> {
  const auth = await login(product.base, 'admin', ADMIN_PASSWORD);
  const workshop = [...expected.keys()][3];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const load = machineLoad();
    const year = await timed(agent, `${product.base}${API.metalStatement(workshop)}?from=2024-01-01&to=2024-12-31`, auth);
    const summary = await timed(agent, `${product.base}${API.metalBalances}`, auth);
    const one = (JSON.parse(year.last.body) as StatementAnswer).statement;
    const found = (JSON.parse(summary.last.body) as BalancesAnswer).balances;
    // Decimal strings against the exact sums in units, written the way the product writes them: no float on either side.
    const byWorkshop = new Map(found.map((row) => [row.workshop_id, row.fine_g]));
    const drift = [...new Set([...expected.keys(), ...byWorkshop.keys()])].filter((id) => byWorkshop.get(id) !== fromUnits(expected.get(id) ?? 0, FINE_PLACES));
    report(`metal ledger, ${name}`, `${entries.toLocaleString('en')} entries (${WORKSHOPS} workshops x ${YEARS} years) seeded in ${seconds.toFixed(1)} s; ${database.settings}; ${load} before the runs`);
    report(
      `  a workshop's statement for one year (${one.entries.length.toLocaleString('en')} entries), ${name}`,
      `median ${ms(year.median)}, worst ${ms(year.worst)} of ${RUNS} through HTTP after a warm-up (goal < 200 ms; ${size(year.last)})`,
    );
    report(`  the balance summary, ${name}`, `median ${ms(summary.median)}, worst ${ms(summary.worst)} of ${RUNS} through HTTP after a warm-up (goal < 200 ms; ${size(summary.last)})`);
    report(`  balances equal to the sum of their entries, ${name}`, drift.length === 0 ? `all ${found.length} to the last decimal` : `${drift.length} DIFFER`);
  } finally {
    agent.destroy();
  }
}

export async function metalLedger(report: Report): Promise<void> {
  const entries = option('metal-entries', 'BENCH_METAL_ENTRIES', 500_000);
  // Migrated with the admin in place, as a first start leaves it, so the server starts on it as on any day.
  await onEachDatabase(
    (db) => seedLedger(db, entries),
    ({ name, database, product, seeded, seconds }) => measure(report, name, database, product, seeded, entries, seconds),
  );
}
