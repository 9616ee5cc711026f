/*
 * Mixed load (hardening issue): many clients at once on the real server, started as operators start
 * it, on SQLite and on PostgreSQL, then the same mix on a bare Fastify server answering canned JSON
 * of the same sizes (the framework's limit on this machine).
 *
 *   npm run bench -- --skip-clone mixed                      200 clients x 60 s, both databases
 *   npm run bench -- --skip-clone mixed --clients=50 --seconds=10 --databases=sqlite
 *   (or MIXED_CLIENTS, MIXED_SECONDS, MIXED_DATABASES, MIXED_LINES, MIXED_WARMUP; --think=ms / MIXED_THINK_MS
 *   adds a mean think time between the requests of a client, off by default)
 *   npm run bench -- --skip-clone mixed --realistic          500 users with live sockets (bench/mixed-realistic.ts)
 *   --cpu-prof=<dir>: the started server writes a V8 CPU profile there when it stops (either variant)
 *
 * The bench reports each database's throughput as a ratio to the bare server's (goal >= 0.5 x).
 *
 * Each client is one keep-alive connection sending its next request as soon as the last is
 * answered (no think time), so the figures are a saturation test: by Little's law the mean latency
 * is about clients / (requests per second).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { seedCatalogue } from '../src/server/db/demo-catalogue';
import { seedOrders } from '../src/server/db/demo-orders';
import { API } from '../src/shared/api';
import { Role } from '../src/shared/roles';
import { LineStatus } from '../src/shared/statuses';
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
  startScript,
} from './product';
import { printTable } from './table';

type Report = (name: string, value: string) => void;

/** A manual order of the bench's customer for `products`. */
export const manualOrderBody = (products: Array<{ product_id: number; quantity: number }>) => ({
  first_name: 'Yük',
  last_name: 'Testi',
  email: 'yuk@example.com',
  phone_number: '0500 000 00 00',
  address: 'Bench Mah. 1',
  country: 'Türkiye',
  zip_code: '34000',
  notes: 'bench',
  products,
  // The seeded customers' open orders are far above their credit: each order is the customer's confirmed excess.
  credit_exceeded_confirmed: true,
});

/** What chromium sends: the product compresses what a browser would get compressed. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';
export const DECODERS: Record<string, (data: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };
/** Lines of one page of the admin's grid. */
const GRID_PAGE = 500;

const KINDS = ['workshopList', 'customerList', 'gridPage', 'nextStep', 'manualOrder'] as const;
type Kind = (typeof KINDS)[number];
/** Share of each kind among the requests, in percent. */
export const MIX: Record<Kind, number> = { workshopList: 40, customerList: 20, gridPage: 15, nextStep: 15, manualOrder: 10 };
const LABELS: Record<Kind, string> = {
  workshopList: 'workshop list (own lines)',
  customerList: 'customer list (own lines)',
  gridPage: `grid page (${GRID_PAGE} lines)`,
  nextStep: 'next-step tap',
  manualOrder: 'manual order (1-3 units)',
};

interface Session {
  auth: string;
  /** The workshop or customer the user owns. */
  ownerId: number;
}

/** What a run needs to know about the seeded data. */
export interface Seeded {
  workshops: Array<{ id: number; username: string }>;
  customers: Array<{ id: number; username: string }>;
  offices: string[];
  /** Products with a workshop, for manual orders. */
  products: number[];
  /** Lines a workshop can still advance, with the step they stand at. */
  open: Array<{ id: number; workshop_id: number; step: number }>;
  lines: number;
}

/**
 * A catalogue of 1,000 products (4 workshops, 3 B2B customers, routings), each workshop and
 * customer with its own user, three office users, and `lines` order lines: a quarter from the
 * shop, the rest shared by the three customers, spread over the life cycle (two in five can still
 * be advanced by their workshop).
 */
export async function seed(database: BenchDatabase, lines: number): Promise<Seeded> {
  return prepare(database, async (db) => {
    await seedCatalogue(db, 1_000);
    const owners = await ownerUsers(db);
    const perCustomer = Math.round((lines * 0.75) / owners.customers.length);
    for (const [index, customer] of owners.customers.entries()) await seedOrders(db, perCustomer, customer.id, 7 + index);
    await seedOrders(db, lines - perCustomer * owners.customers.length, null, 99);
    const offices = [];
    for (let i = 1; i <= 3; i++) {
      await addUser(db, `ofis${i}`, Role.Office);
      offices.push(`ofis${i}`);
    }
    const products = (await db.selectFrom('products').select('id').where('workshop_id', 'is not', null).orderBy('id').execute()).map((p) => p.id);
    const open = await db
      .selectFrom('order_lines')
      .select(['id', 'workshop_id', 'current_order_line_process as step'])
      .where('order_line_status_id', 'in', [LineStatus.Waiting, LineStatus.InProcess])
      .where('workshop_id', 'is not', null)
      .orderBy('id')
      .execute();
    const count = await db.selectFrom('order_lines').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { ...owners, offices, products, open: open.map((l) => ({ id: l.id, workshop_id: l.workshop_id!, step: l.step })), lines: Number(count.n) };
  });
}

/** Per kind: latencies and answers. */
interface Tally {
  took: number[];
  /** Answers that arrived before the end of the run (the rate counts these; the latencies count all). */
  inWindow: number;
  ok: number;
  /** 409: a tap on a line that moved on or reached quality control, an expected answer. */
  refused: number;
  /** Other 4xx: not expected from this mix, shown apart so a bug does not hide. */
  otherClientErrors: number;
  /** 5xx and network failures. */
  errors: number;
  bytes: number;
  statuses: Map<number, number>;
  /** The codes of the 409 answers of taps (LINE_CHANGED, LINE_NOT_IN_PRODUCTION...). */
  refusals: Map<string, number>;
}

interface MixResult {
  seconds: number;
  /** Seconds until the last answer of the requests sent within `seconds` arrived. */
  drained: number;
  tallies: Record<Kind, Tally>;
  /** CPU used during the run, in percent of one CPU: the server process, this (client) process, the whole machine. */
  cpu: { server: number | null; client: number; machine: number };
  /** Taps that found no open line of their workshop and were sent for a line at quality control. */
  starvedTaps: number;
}

/**
 * What the tablets know between runs on one database: the lines each workshop can advance (the
 * seeded ones, then those its list reads show), the lines that reached quality control, and how
 * many lines there are (for the grid's pages).
 */
interface Taps {
  queues: Map<number, { queue: Array<{ id: number; step: number }>; known: Set<number>; finished: number[]; refilling: boolean }>;
  lines: number;
}

function tapsOf(data: Seeded): Taps {
  const queues: Taps['queues'] = new Map();
  for (const { id } of data.workshops) queues.set(id, { queue: [], known: new Set(), finished: [], refilling: false });
  for (const line of data.open) {
    const q = queues.get(line.workshop_id);
    if (!q) continue;
    q.queue.push({ id: line.id, step: line.step });
    q.known.add(line.id);
  }
  return { queues, lines: data.lines };
}

/** The deterministic random numbers of a run (xorshift), so runs send comparable requests. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** Jiffies used by a process (utime + stime), or null when it is gone. */
export function processJiffies(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** [busy, total] jiffies of the whole machine. */
export function machineJiffies(): [number, number] {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = values[3] + (values[4] ?? 0);
  const total = values.reduce((a, b) => a + b, 0);
  return [total - idle, total];
}

/**
 * Runs the mix from `clients` connections for `seconds` against `base`. Sessions are chosen per
 * request: a kind is drawn by its share, then the next session of the role that sends it (a
 * workshop tablet, a customer, an office user), so the request shares are the mix's whatever the
 * latencies.
 */
async function runMix(
  base: string,
  sessions: { workshop: Session[]; customer: Session[]; office: Session[] },
  data: Seeded,
  taps: Taps,
  { clients, seconds, agent, serverPid, thinkMs = 0 }: { clients: number; seconds: number; agent: http.Agent; serverPid?: number; thinkMs?: number },
): Promise<MixResult> {
  const next = random(20261123);
  const tallies = Object.fromEntries(
    KINDS.map((kind) => [kind, { took: [], inWindow: 0, ok: 0, refused: 0, otherClientErrors: 0, errors: 0, bytes: 0, statuses: new Map(), refusals: new Map() } as Tally]),
  ) as Record<Kind, Tally>;
  const cumulative: Array<[Kind, number]> = [];
  let sum = 0;
  for (const kind of KINDS) cumulative.push([kind, (sum += MIX[kind])]);
  const draw = (): Kind => {
    const x = next() * sum;
    return cumulative.find(([, upTo]) => x < upTo)![0];
  };
  const turn: Record<string, number> = { workshop: 0, customer: 0, office: 0 };
  const pick = (role: 'workshop' | 'customer' | 'office') => sessions[role][turn[role]++ % sessions[role].length];

  const { queues } = taps;
  let starvedTaps = 0;

  const manualOrder = () => {
    const rows = next() < 0.7 ? 1 : 2;
    const products = Array.from({ length: rows }, () => ({ product_id: data.products[Math.floor(next() * data.products.length)], quantity: 1 + Math.floor(next() * (rows === 1 ? 3 : 1)) }));
    return manualOrderBody(products);
  };

  type Request = { kind: Kind; method: string; path: string; auth: string; body?: unknown; decode: boolean; done(status: number, body: string | null): void };
  /** The next request of the mix. */
  const build = (): Request => {
    const kind = draw();
    return { kind, ...buildOf(kind) };
  };
  const buildOf = (kind: Kind): Omit<Request, 'kind'> => {
    const tally = tallies[kind];
    const count = (status: number) => {
      tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
      if (status >= 200 && status < 300) tally.ok++;
      else if (status === 409) tally.refused++;
      else if (status >= 400 && status < 500) tally.otherClientErrors++;
      else tally.errors++;
    };
    switch (kind) {
      case 'workshopList': {
        const session = pick('workshop');
        const q = queues.get(session.ownerId)!;
        // The tablet taps the lines it was shown: read them from the answer when its queue runs low.
        const refill = q.queue.length < 50 && !q.refilling;
        if (refill) q.refilling = true;
        return {
          method: 'GET',
          path: API.myWorkshopOrders,
          auth: session.auth,
          decode: refill,
          done(status, body) {
            count(status);
            if (!refill) return;
            q.refilling = false;
            if (status !== 200 || body === null) return;
            for (const line of JSON.parse(body).orders as Array<{ id: number; order_line_status_id: number; current_order_line_process: number }>) {
              if (line.order_line_status_id <= LineStatus.InProcess && !q.known.has(line.id)) {
                q.known.add(line.id);
                q.queue.push({ id: line.id, step: line.current_order_line_process });
              }
            }
          },
        };
      }
      case 'customerList':
        return { method: 'GET', path: API.myCustomerOrders, auth: pick('customer').auth, decode: false, done: count };
      case 'gridPage': {
        const offset = GRID_PAGE * Math.floor(next() * Math.max(1, Math.floor(taps.lines / GRID_PAGE)));
        return { method: 'GET', path: `${API.orders}?limit=${GRID_PAGE}&offset=${offset}`, auth: pick('office').auth, decode: false, done: count };
      }
      case 'nextStep': {
        const session = pick('workshop');
        const q = queues.get(session.ownerId)!;
        let line = q.queue.shift();
        if (!line) {
          // Nothing left to advance: a tap on a finished line, which the server refuses (409).
          starvedTaps++;
          const id = q.finished[Math.floor(next() * q.finished.length)] ?? data.open[0].id;
          line = { id, step: -1 };
        }
        const { id, step } = line;
        return {
          method: 'PATCH',
          path: API.myWorkshopNextStep(id),
          auth: session.auth,
          body: step >= 0 ? { current_order_line_process: step } : {},
          decode: true,
          done(status, body) {
            count(status);
            if (status === 200 && body !== null) {
              const { order } = JSON.parse(body) as { order: { order_line_status_id: number; current_order_line_process: number } };
              if (order.order_line_status_id <= LineStatus.InProcess) q.queue.push({ id, step: order.current_order_line_process });
              else {
                q.known.delete(id);
                q.finished.push(id);
              }
            } else {
              if (step >= 0) q.known.delete(id);
              if (status === 409 && body !== null) {
                const code = String((JSON.parse(body) as { code?: unknown }).code);
                tally.refusals.set(code, (tally.refusals.get(code) ?? 0) + 1);
              }
            }
          },
        };
      }
      case 'manualOrder':
        return {
          method: 'POST',
          path: API.manualOrder,
          auth: pick('customer').auth,
          body: manualOrder(),
          decode: true,
          done(status, body) {
            count(status);
            if (status === 201 && body !== null) taps.lines += (JSON.parse(body) as { order: { lines: number } }).order.lines;
          },
        };
    }
  };

  const started = performance.now();
  const end = started + seconds * 1000;
  const send = (request: Request) =>
    new Promise<void>((resolveRequest) => {
      const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
      const headers: Record<string, string> = { 'accept-encoding': ACCEPT_ENCODING, authorization: request.auth };
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const started = performance.now();
      const { kind } = request;
      const req = http.request(`${base}${request.path}`, { method: request.method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (request.decode) chunks.push(chunk);
        });
        res.on('end', () => {
          const now = performance.now();
          tallies[kind].took.push(now - started);
          if (now <= end) tallies[kind].inWindow++;
          tallies[kind].bytes += bytes;
          let body: string | null = null;
          if (request.decode) {
            const raw = Buffer.concat(chunks);
            const decode = DECODERS[String(res.headers['content-encoding'])];
            body = (decode ? decode(raw) : raw).toString('utf8');
          }
          request.done(res.statusCode ?? 0, body);
          resolveRequest();
        });
        res.on('error', () => {
          request.done(0, null);
          resolveRequest();
        });
      });
      req.on('error', () => {
        const now = performance.now();
        tallies[kind].took.push(now - started);
        if (now <= end) tallies[kind].inWindow++;
        request.done(0, null);
        resolveRequest();
      });
      req.end(payload);
    });
  const serverBefore = processJiffies(serverPid);
  const clientBefore = process.cpuUsage();
  const machineBefore = machineJiffies();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      // A person between two actions: exponentially distributed, `thinkMs` on average; before the
      // first one too, so the clients do not start in step.
      const think = () => (thinkMs > 0 ? new Promise((r) => setTimeout(r, Math.min(-Math.log(1 - next()) * thinkMs, end - performance.now()))) : undefined);
      await think();
      while (performance.now() < end) {
        await send(build());
        await think();
      }
    }),
  );
  // The last answers arrive after the end; the rate counts the answers within the run's seconds.
  const drained = (performance.now() - started) / 1000;
  const serverAfter = processJiffies(serverPid);
  const clientUsed = process.cpuUsage(clientBefore);
  const machineAfter = machineJiffies();
  const ticks = 100; // USER_HZ
  return {
    seconds,
    drained,
    tallies,
    starvedTaps,
    cpu: {
      server: serverBefore !== null && serverAfter !== null ? ((serverAfter - serverBefore) / ticks / drained) * 100 : null,
      client: ((clientUsed.user + clientUsed.system) / 1e6 / drained) * 100,
      machine: ((machineAfter[0] - machineBefore[0]) / (machineAfter[1] - machineBefore[1])) * 100,
    },
  };
}

/** The value below which `fraction` of the sorted values lie (nearest rank). */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

interface Summary {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  otherClientErrors: number;
}

/** Prints the table of a run; returns the figures over all kinds. */
function table(title: string, result: MixResult): Summary {
  const rows: string[][] = [['kind', 'share', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', '2xx', '409', 'other 4xx', 'errors', 'KB/answer']];
  const all: number[] = [];
  let total = 0;
  for (const kind of KINDS) total += result.tallies[kind].took.length;
  const row = (label: string, took: number[], t: Pick<Tally, 'inWindow' | 'ok' | 'refused' | 'otherClientErrors' | 'errors' | 'bytes'>) => {
    const sorted = [...took].sort((a, b) => a - b);
    rows.push([
      label,
      `${((took.length / total) * 100).toFixed(1)} %`,
      String(took.length),
      (t.inWindow / result.seconds).toFixed(1),
      percentile(sorted, 0.5).toFixed(1),
      percentile(sorted, 0.99).toFixed(1),
      (sorted[sorted.length - 1] ?? NaN).toFixed(1),
      String(t.ok),
      String(t.refused),
      String(t.otherClientErrors),
      String(t.errors),
      took.length ? (t.bytes / took.length / 1024).toFixed(1) : '-',
    ]);
    return sorted;
  };
  const sums = { inWindow: 0, ok: 0, refused: 0, otherClientErrors: 0, errors: 0, bytes: 0 };
  for (const kind of KINDS) {
    const t = result.tallies[kind];
    row(LABELS[kind], t.took, t);
    all.push(...t.took);
    for (const key of Object.keys(sums) as Array<keyof typeof sums>) sums[key] += t[key];
  }
  const sorted = row('all', all, sums);
  printTable(title, rows);
  const { cpu } = result;
  console.log(
    `  req/s counts the answers within the ${result.seconds} s; the last answer of the requests sent in them arrived at ${result.drained.toFixed(1)} s.\n` +
    `  CPU during the run (100 % = one CPU): server process ${cpu.server === null ? '?' : cpu.server.toFixed(0)} %, load generator ${cpu.client.toFixed(0)} %, ` +
      `whole machine ${cpu.machine.toFixed(0)} % of all CPUs` + (result.starvedTaps ? `; taps with no open line left (sent to a finished line): ${result.starvedTaps}` : ''),
  );
  const odd = KINDS.flatMap((kind) => [...result.tallies[kind].statuses].filter(([status]) => status !== 409 && (status < 200 || status >= 300)).map(([status, n]) => `${kind} ${status || 'network'} x${n}`));
  if (odd.length) console.log(`  unexpected answers: ${odd.join(', ')}`);
  const refusals = [...result.tallies.nextStep.refusals].map(([code, n]) => `${code} x${n}`);
  if (refusals.length) console.log(`  taps refused (409): ${refusals.join(', ')}`);
  return { requests: all.length, perSecond: sums.inWindow / result.seconds, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), errors: sums.errors, otherClientErrors: sums.otherClientErrors };
}

/** Logs in the sessions of the mix: workshop tablets, customers and office users in the mix's proportions. */
async function sessionsFor(base: string, data: Seeded, clients: number) {
  const workshopCount = Math.max(1, Math.round((clients * (MIX.workshopList + MIX.nextStep)) / 100));
  const customerCount = Math.max(1, Math.round((clients * (MIX.customerList + MIX.manualOrder)) / 100));
  const officeCount = Math.max(1, clients - workshopCount - customerCount);
  const who = [
    ...Array.from({ length: workshopCount }, (_, i) => ({ role: 'workshop' as const, ...data.workshops[i % data.workshops.length] })),
    ...Array.from({ length: customerCount }, (_, i) => ({ role: 'customer' as const, ...data.customers[i % data.customers.length] })),
    // The office: its users and the admin.
    ...Array.from({ length: officeCount }, (_, i) => ({ role: 'office' as const, id: 0, username: [...data.offices, 'admin'][i % (data.offices.length + 1)] })),
  ];
  const sessions = { workshop: [] as Session[], customer: [] as Session[], office: [] as Session[] };
  // A 5xx at login is retried (twice at most) and shown: it is a finding, not a reason to stop the bench.
  const failures: string[] = [];
  const auths = await pool(who, 4, async (user) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await login(base, user.username, user.username === 'admin' ? ADMIN_PASSWORD : undefined);
      } catch (error) {
        if (attempt === 3 || ((error as { status?: number }).status ?? 0) < 500) throw error;
        failures.push((error as Error).message);
      }
    }
  });
  if (failures.length) console.log(`  logins answered 5xx and were retried ${failures.length} times (while ${who.length} sessions logged in, 4 at a time): ${failures[0].slice(0, 300)}`);
  who.forEach((user, i) => sessions[user.role].push({ auth: auths[i], ownerId: user.id }));
  return sessions;
}

/** One answer of each kind as the product sends it, uncompressed, for the bare server. */
async function capture(base: string, sessions: Awaited<ReturnType<typeof sessionsFor>>, data: Seeded): Promise<Record<Kind, { status: number; body: string }>> {
  const get = async (method: string, path: string, auth: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: auth, 'accept-encoding': 'identity', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.text() };
  };
  const workshop = sessions.workshop[0];
  const index = data.open.findIndex((line) => line.workshop_id === workshop.ownerId);
  const [line] = data.open.splice(index, 1);
  return {
    workshopList: await get('GET', API.myWorkshopOrders, workshop.auth),
    customerList: await get('GET', API.myCustomerOrders, sessions.customer[0].auth),
    gridPage: await get('GET', `${API.orders}?limit=${GRID_PAGE}&offset=0`, sessions.office[0].auth),
    nextStep: await get('PATCH', API.myWorkshopNextStep(line.id), workshop.auth, { current_order_line_process: line.step }),
    manualOrder: await get('POST', API.manualOrder, sessions.customer[0].auth, {
      email: 'yuk@example.com', phone_number: '0500 000 00 00', address: 'Bench Mah. 1', country: 'Türkiye', zip_code: '34000',
      products: [{ product_id: data.products[0], quantity: 2 }],
      credit_exceeded_confirmed: true,
    }),
  };
}

/** The environment that makes the started server write its CPU profile into --cpu-prof=<dir> as it stops; none without it. */
export function profiling(): Record<string, string> {
  const dir = process.argv.find((a) => a.startsWith('--cpu-prof='))?.slice('--cpu-prof='.length);
  return dir ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${resolve(__dirname, 'cpu-profile.mjs')}`.trim(), BENCH_CPU_PROF_DIR: resolve(dir) } : {};
}

/** Prints the error lines the server logged (each 5xx writes one), if any. */
function serverErrors(product: RunningProduct): void {
  const logged = product.output().split('\n').filter((l) => /"level":(50|60)|Error/.test(l));
  if (logged.length) console.log(`  server logged ${logged.length} error lines, the last: ${logged[logged.length - 1].slice(0, 1000)}`);
}

/** The mixed load on each database, then on the bare Fastify server. */
export async function mixed(report: Report): Promise<void> {
  const clients = option('clients', 'MIXED_CLIENTS', 200);
  const seconds = option('seconds', 'MIXED_SECONDS', 60);
  const lines = option('lines', 'MIXED_LINES', 4_000);
  const thinkMs = process.argv.some((a) => a.startsWith('--think=')) || process.env.MIXED_THINK_MS ? option('think', 'MIXED_THINK_MS', 1) : 0;
  const warmup = option('warmup', 'MIXED_WARMUP', Math.min(5, seconds / 4));
  const databases = listOption('databases', 'MIXED_DATABASES', ['sqlite', 'postgres']);
  const shares = KINDS.map((kind) => `${MIX[kind]} % ${LABELS[kind]}`).join(', ');
  console.log(
    `\nMixed load: ${clients} clients (keep-alive connections, ${thinkMs ? `${thinkMs} ms mean think time` : 'no think time'}) for ${seconds} s after a ${warmup} s warm-up, on ${databases.join(' and ')}, then a bare Fastify server.\n` +
      `  Mix: ${shares}. Seeded: 1,000 products, 4 workshops, 3 customers, ${lines} order lines (a quarter from the shop). Machine: ${machineLoad()} before the run.`,
  );
  let canned: Record<Kind, { status: number; body: string }> | undefined;
  let last: { data: Seeded; sessions: Awaited<ReturnType<typeof sessionsFor>> } | undefined;
  /** Each database's requests per second and per CPU second of its server, for the ratios to the bare server's. */
  const throughputs: Array<{ name: string; perSecond: number; perCpuSecond: number }> = [];
  /** Answers per second of the server process's own CPU time (every answer of the run, until the last): what a shared machine's other work leaves comparable. */
  const perCpuSecond = (summary: Summary, result: MixResult) => (result.cpu.server ? summary.requests / ((result.cpu.server / 100) * result.drained) : NaN);
  const goal = (s: Summary, name: string) =>
    name === 'sqlite' ? `; goal p99 < 500 ms and 0 errors: ${s.p99 < 500 && s.errors === 0 ? 'met' : 'NOT met'}` : '';
  for (const name of databases) {
    const database = name === 'postgres' ? await postgresDatabase() : name === 'sqlite' ? sqliteDatabase() : null;
    if (!database) throw new Error(`--databases: unknown database ${name} (sqlite, postgres)`);
    let product: RunningProduct | undefined;
    let agent: http.Agent | undefined;
    try {
      const data = await seed(database, lines);
      product = await startProduct(database, profiling());
      const sessions = await sessionsFor(product.base, data, clients);
      canned ??= await capture(product.base, sessions, data);
      last = { data, sessions };
      const taps = tapsOf(data);
      // The warm-up opens the connections the run then keeps using.
      agent = new http.Agent({ keepAlive: true, maxSockets: clients });
      if (warmup > 0) await runMix(product.base, sessions, data, taps, { clients, seconds: warmup, agent, thinkMs });
      const load = machineLoad();
      const result = await runMix(product.base, sessions, data, taps, { clients, seconds, agent, serverPid: product.child.pid, thinkMs });
      const summary = table(`${name}: ${clients} clients x ${result.seconds} s (${database.settings}; ${load} at the start)`, result);
      throughputs.push({ name, perSecond: summary.perSecond, perCpuSecond: perCpuSecond(summary, result) });
      report(
        `mixed load, ${name}`,
        `${summary.perSecond.toFixed(0)} req/s, p50 ${summary.p50.toFixed(0)} ms, p99 ${summary.p99.toFixed(0)} ms, errors ${summary.errors}` +
          `${summary.otherClientErrors ? `, unexpected 4xx ${summary.otherClientErrors}` : ''} (${clients} clients x ${seconds} s${goal(summary, name)})`,
      );
      serverErrors(product);
    } catch (error) {
      if (product) serverErrors(product);
      throw error;
    } finally {
      agent?.destroy();
      await product?.stop();
      await database.drop();
    }
  }
  if (!canned || !last) return;
  const file = join(tmpdir(), `bench-canned-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(canned));
  const bare = await startScript(resolve(__dirname, 'bare-server.ts'), () => ({ BENCH_CANNED: file }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  try {
    const sizes = KINDS.map((kind) => `${kind} ${(canned[kind].body.length / 1024).toFixed(0)} KB`).join(', ');
    const taps = tapsOf(last.data);
    if (warmup > 0) await runMix(bare.base, last.sessions, last.data, taps, { clients, seconds: warmup, agent, thinkMs });
    const load = machineLoad();
    const result = await runMix(bare.base, last.sessions, last.data, taps, { clients, seconds, agent, serverPid: bare.child.pid, thinkMs });
    const summary = table(`bare Fastify, canned JSON (${sizes} before compression; @fastify/compress as the product; ${load} at the start)`, result);
    report(
      'mixed load, bare Fastify',
      `${summary.perSecond.toFixed(0)} req/s, p50 ${summary.p50.toFixed(0)} ms, p99 ${summary.p99.toFixed(0)} ms, errors ${summary.errors} (same mix and sizes, canned answers)`,
    );
    // Measured minutes apart on a shared machine, whose other work takes a share of the CPUs that
    // changes from run to run: the ratio per CPU second of each server compares their own costs.
    const bareCpu = perCpuSecond(summary, result);
    for (const product of throughputs) {
      const ratio = product.perSecond / summary.perSecond;
      const cpuRatio = product.perCpuSecond / bareCpu;
      report(
        `mixed saturation ratio, ${product.name}`,
        `${ratio.toFixed(2)} x bare Fastify in answers per second (${product.perSecond.toFixed(1)} against ${summary.perSecond.toFixed(1)}), ` +
          `${cpuRatio.toFixed(2)} x in answers per CPU second of the server (${product.perCpuSecond.toFixed(1)} against ${bareCpu.toFixed(1)}); same mix and answers; ` +
          `goal >= 0.5 x: ${ratio >= 0.5 ? 'met' : 'NOT met'} (per CPU second: ${cpuRatio >= 0.5 ? 'met' : 'NOT met'})`,
      );
    }
  } finally {
    agent.destroy();
    await bare.stop();
    rmSync(file, { force: true });
  }
}
