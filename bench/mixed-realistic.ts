/*
 * The realistic variant of the mixed load (issue 27): many people at once, each with a session and
 * a live socket of their own held for the whole run, a mean think time between their actions
 * (exponential), reading their working sets as the screens read them (the compact list format) and
 * moving lines, so that live events flow with the changed lines, taken as the client takes them.
 *
 *   npm run bench -- --skip-clone mixed --realistic                500 users x 60 s, both databases
 *   npm run bench -- --skip-clone mixed --realistic --users=100 --seconds=20 --databases=sqlite
 *   (or MIXED_USERS, MIXED_SECONDS, MIXED_THINK_MS (default 5,000), MIXED_LINES (default 10,000), MIXED_DATABASES)
 *
 * Before the measured run each user opens its screen, reading its list (the tablet's, the
 * customer's, the office's grid); then each action is drawn from its role's mix. Several sessions of one workshop (or customer) share out
 * its lines, as the masters of one workshop each work on their own pieces, so two tablets never race
 * for one line. An error is any answer other than 2xx and 304 (a 409 too), a request without an
 * answer within the client's timeout, or a socket dropped during the run.
 */
import http from 'node:http';
import WebSocket from 'ws';
import { type Db, openDatabase } from '../src/server/db';
import { API, type OrderLineDto } from '../src/shared/api';
import { canAdvance, canCustomerApprove, canWorkshopApprove, lineState } from '../src/shared/lifecycle';
import { REQUEST_TIMEOUT_MS } from '../src/shared/limits';
import { LINES_MEDIA_TYPE, type WireHeader, wireDecoder, type WirePage } from '../src/shared/lineWire';
import { CHANGED_IDS_MAX } from '../src/server/modules/live/routes';
import { LIVE_BATCH_MS, LIVE_PATHS, type LiveMessage } from '../src/shared/live';
import { sql } from 'kysely';
import { seedCatalogue } from '../src/server/db/demo-catalogue';
import { seedOrders } from '../src/server/db/demo-orders';
import { hashPassword } from '../src/server/modules/auth/passwords';
import { Role as Roles, type RoleId } from '../src/shared/roles';
import { ACCEPT_ENCODING, DECODERS, machineJiffies, percentile, processJiffies, profiling, random, type Seeded } from './mixed';
import {
  ADMIN_PASSWORD,
  type BenchDatabase,
  listOption,
  login,
  machineLoad,
  option,
  pool,
  postgresDatabase,
  prepare,
  type RunningProduct,
  sqliteDatabase,
  startProduct,
  USER_PASSWORD,
} from './product';
import { printTable } from './table';

type Report = (name: string, value: string) => void;
type Role = 'workshop' | 'customer' | 'office';

/** Who the users are, per ten: the office (its users and the admin), the workshops' tablets (two or three a workshop), the customers (one each). */
const ROLES: Role[] = ['office', 'workshop', 'workshop', 'workshop', 'customer', 'customer', 'customer', 'customer', 'customer', 'customer'];
/** The business the users work in: as many workshops and customers as the sessions of ROLES need. */
const WORKSHOPS = 60;
const CUSTOMERS = 300;
const OFFICES = 9;

const KINDS = [
  'tabletList', 'workshopCards', 'workshopLine', 'nextStep', 'workshopApprove',
  'customerList', 'customerFigures', 'customerLine', 'customerArchive', 'customerApprove', 'manualOrder',
  'gridList', 'dashboard', 'officeReport', 'lineHistory', 'officeArchive',
  'liveRead',
] as const;
type Kind = (typeof KINDS)[number];

/** Each role's actions after the first (its list), with their shares in percent. */
const MIX: Record<Role, Partial<Record<Kind, number>>> = {
  workshop: { tabletList: 15, workshopCards: 25, workshopLine: 40, nextStep: 15, workshopApprove: 5 },
  customer: { customerList: 15, customerFigures: 25, customerLine: 32, customerArchive: 20, customerApprove: 5, manualOrder: 3 },
  office: { gridList: 5, dashboard: 25, officeReport: 10, lineHistory: 35, officeArchive: 25 },
};
const FIRST: Record<Role, Kind> = { workshop: 'tabletList', customer: 'customerList', office: 'gridList' };

const LABELS: Record<Kind, string> = {
  tabletList: 'tablet list (working set)',
  workshopCards: 'tablet statistic cards',
  workshopLine: 'tablet line detail',
  nextStep: 'next-step tap',
  workshopApprove: 'workshop approval',
  customerList: 'customer list (working set)',
  customerFigures: 'customer figures',
  customerLine: 'customer line detail',
  customerArchive: 'customer archive (a month)',
  customerApprove: 'customer approval',
  manualOrder: 'manual order (1-3 units)',
  gridList: 'office grid (working set)',
  dashboard: 'dashboard counts',
  officeReport: 'office report',
  lineHistory: 'line history',
  officeArchive: 'office archive query',
  liveRead: 'changed lines (after events)',
};

interface Tally {
  took: number[];
  ok: number;
  notModified: number;
  /** 409: an action on a line that moved meanwhile. Counted as an error: the mix shares out lines so it should not happen. */
  refused: number;
  /** Other non-2xx answers. */
  failed: number;
  /** No answer: the connection failed or the client's timeout passed. */
  lost: number;
  bytes: number;
  statuses: Map<number, number>;
}

interface User {
  role: Role;
  auth: string;
  /** The workshop or customer it acts for (0 for the office). */
  ownerId: number;
  /** Of the sessions of its workshop or customer, which share of the lines is this one's: [index, count]. */
  share: [number, number];
  /** Its working set as its screen holds it (workshop and customer), by id. */
  lines: Map<number, OrderLineDto>;
  /** Versions of changes its own actions made: their events are dropped, as the client does. */
  own: Set<number>;
  pending: Set<number>;
  timer: ReturnType<typeof setTimeout> | null;
  socket: WebSocket | null;
  /** Versions of the line events the socket brought. */
  events: number[];
  dropped: boolean;
}

const decodeBody = (raw: Buffer, encoding: string | undefined) => {
  const decode = encoding ? DECODERS[encoding] : undefined;
  return (decode ? decode(raw) : raw).toString('utf8');
};

/** The lines of a compact list answer (src/shared/lineWire.ts). */
function wireLines(text: string): OrderLineDto[] {
  const [first, ...pages] = text.split('\n').filter(Boolean);
  const decode = wireDecoder(JSON.parse(first) as WireHeader);
  return pages.flatMap((page) => decode(JSON.parse(page) as WirePage));
}

/**
 * The mixed bench's catalogue (1,000 products), grown to a business of WORKSHOPS workshops (the
 * products spread over them) and CUSTOMERS customers, each with a user, and OFFICES office users;
 * then `lines` order lines, a quarter from the shop and the rest spread over the customers.
 */
async function seedBusiness(database: BenchDatabase, lines: number): Promise<Seeded> {
  return prepare(database, async (db) => {
    await seedCatalogue(db, 1_000);
    const at = new Date().toISOString();
    const [first, ...templates] = await db.selectFrom('workshops').selectAll().orderBy('id').execute();
    const workshopIds = [first.id, ...templates.map((w) => w.id)];
    const processes = await db.selectFrom('workshop_processes').select(['workshop_id', 'step_id']).execute();
    for (let i = workshopIds.length; i < WORKSHOPS; i++) {
      const template = [first, ...templates][i % (templates.length + 1)];
      const { id } = await db
        .insertInto('workshops')
        .values({ name: `${template.name} ${i + 1}`, code: `W${i + 1}`, address: template.address, company_name: template.company_name, phone_number: template.phone_number, tax_number: template.tax_number, is_deleted: 0, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('workshop_processes').values(processes.filter((p) => p.workshop_id === template.id).map((p) => ({ workshop_id: id, step_id: p.step_id }))).execute();
      workshopIds.push(id);
    }
    // The products of a workshop move to the workshops by their id, so every workshop has some.
    for (const [index, id] of workshopIds.entries()) {
      await db.updateTable('products').set({ workshop_id: id }).where('workshop_id', 'is not', null).where(sql<boolean>`id % ${workshopIds.length} = ${index}`).execute();
    }
    const template = await db.selectFrom('customers').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const existing = await db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (let i = Number(existing.n); i < CUSTOMERS; i++) {
      await db
        .insertInto('customers')
        .values({ name: `Müşteri ${i + 1}`, company_name: `Kuyum ${i + 1}`, email: `musteri${i + 1}@bench.example`, phone: template.phone, address: template.address, tax_number: template.tax_number, credit: template.credit, created_at: at, updated_at: at })
        .execute();
    }
    // One hash for every bench user: logins check it as any other (scrypt once instead of hundreds of times).
    const password_hash = await hashPassword(USER_PASSWORD);
    const user = async (username: string, role_id: RoleId) =>
      (await db.insertInto('users').values({ username, email: `${username}@bench.example`, password_hash, role_id, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id;
    const workshops = [];
    for (const id of workshopIds) {
      const username = `atolye${id}`;
      await db.updateTable('workshops').set({ user_id: await user(username, Roles.Workshop) }).where('id', '=', id).execute();
      workshops.push({ id, username });
    }
    const customers = [];
    for (const { id } of await db.selectFrom('customers').select('id').orderBy('id').execute()) {
      const username = `musteri${id}`;
      await db.updateTable('customers').set({ user_id: await user(username, Roles.Customer) }).where('id', '=', id).execute();
      customers.push({ id, username });
    }
    const offices = [];
    for (let i = 1; i <= OFFICES; i++) offices.push(`ofis${i}`);
    for (const username of offices) await user(username, Roles.Office);
    const perCustomer = Math.max(1, Math.round((lines * 0.75) / customers.length));
    for (const [index, customer] of customers.entries()) await seedOrders(db, perCustomer, customer.id, 7 + index);
    await seedOrders(db, Math.max(0, lines - perCustomer * customers.length), null, 99);
    const products = (await db.selectFrom('products').select('id').where('workshop_id', 'is not', null).orderBy('id').execute()).map((p) => p.id);
    const count = await db.selectFrom('order_lines').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { workshops, customers, offices, products, open: [], lines: Number(count.n) };
  });
}

/** The newest version of the change log. */
async function latestVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('order_line_changes').select((eb) => eb.fn.max('id').as('v')).executeTakeFirst();
  return Number(row?.v ?? 0);
}

/** Logs every user in (each its own session), `users` in the proportions of ROLES. */
async function usersFor(base: string, data: Seeded, users: number): Promise<User[]> {
  const roles = Array.from({ length: users }, (_, i) => ROLES[i % ROLES.length]);
  const owners = { workshop: data.workshops, customer: data.customers, office: [...data.offices, 'admin'].map((username) => ({ id: 0, username })) };
  const turn: Record<Role, number> = { workshop: 0, customer: 0, office: 0 };
  const who = roles.map((role) => ({ role, ...owners[role][turn[role]++ % owners[role].length] }));
  const sessions = await pool(who, 4, async (user) => login(base, user.username, user.username === 'admin' ? ADMIN_PASSWORD : undefined));
  const counts = new Map<string, number>();
  const shares = who.map((user) => {
    const key = `${user.role}:${user.id}`;
    const index = counts.get(key) ?? 0;
    counts.set(key, index + 1);
    return { key, index };
  });
  return who.map((user, i) => ({
    role: user.role,
    auth: sessions[i],
    ownerId: user.id,
    share: [shares[i].index, counts.get(shares[i].key)!],
    lines: new Map(),
    own: new Set(),
    pending: new Set(),
    timer: null,
    socket: null,
    events: [],
    dropped: false,
  }));
}

/** Opens a user's live socket and resolves once the server said ready (or with why not). */
function connect(base: string, user: User, onEvents: (user: User, message: LiveMessage) => void): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${LIVE_PATHS[0]}`, { perMessageDeflate: false });
    let ready = false;
    const timer = setTimeout(() => {
      socket.terminate();
      resolve('no ready message within 30 s');
    }, 30_000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: user.auth.slice('Bearer '.length) })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as LiveMessage;
      if (ready) return onEvents(user, message);
      if (message.type !== 'ready') return;
      ready = true;
      clearTimeout(timer);
      user.socket = socket;
      resolve(null);
    });
    socket.on('error', (error) => {
      if (ready) return;
      clearTimeout(timer);
      resolve(String(error));
    });
    socket.on('close', () => {
      if (ready) user.dropped = true;
      else {
        clearTimeout(timer);
        resolve('closed before ready');
      }
    });
  });
}

interface RunResult {
  seconds: number;
  drained: number;
  tallies: Record<Kind, Tally>;
  cpu: { server: number | null; client: number; machine: number };
  /** Line events the sockets brought (those that carried their line), and the changes written during the run. */
  events: number;
  carried: number;
  changes: number;
  /** Office sockets (they hear every line) that missed a change of the run. */
  officeShort: number;
  drops: number;
  /** Actions that found no line of theirs to act on and read the list instead. */
  nothingToDo: number;
  /** Everyone opening its screen before the run: how long it took, the answers' p50 and p99, and those that failed. */
  opened: { seconds: number; p50: number; p99: number; lost: number };
}

/** The run: every user acting for `seconds`, then the events of its last changes awaited. */
async function runUsers(base: string, users: User[], data: Seeded, db: Db, { seconds, thinkMs, serverPid }: { seconds: number; thinkMs: number; serverPid?: number }): Promise<RunResult> {
  const next = random(20261127);
  const fresh = () => Object.fromEntries(KINDS.map((kind) => [kind, { took: [], ok: 0, notModified: 0, refused: 0, failed: 0, lost: 0, bytes: 0, statuses: new Map() } as Tally])) as Record<Kind, Tally>;
  let tallies = fresh();
  const agent = new http.Agent({ keepAlive: true, maxSockets: users.length * 2 });
  let lines = data.lines;
  let nothingToDo = 0;
  let running = true;

  /** One request as the browser sends it; resolves with the status (0: no answer) and, when asked, the decoded body. */
  const send = (kind: Kind, user: User, method: string, path: string, { body, accept, decode = false }: { body?: unknown; accept?: string; decode?: boolean } = {}) =>
    new Promise<{ status: number; text: string | null }>((resolveRequest) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = { 'accept-encoding': ACCEPT_ENCODING, authorization: user.auth, accept: accept ?? 'application/json' };
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const tally = tallies[kind];
      const started = performance.now();
      const finish = (status: number, bytes: number, text: string | null) => {
        tally.took.push(performance.now() - started);
        tally.bytes += bytes;
        tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
        if (status === 0) tally.lost++;
        else if (status === 304) tally.notModified++;
        else if (status >= 200 && status < 300) tally.ok++;
        else if (status === 409) tally.refused++;
        else tally.failed++;
        resolveRequest({ status, text });
      };
      const req = http.request(`${base}${path}`, { method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (decode) chunks.push(chunk);
        });
        res.on('end', () => finish(res.statusCode ?? 0, bytes, decode ? decodeBody(Buffer.concat(chunks), res.headers['content-encoding'] as string | undefined) : null));
        res.on('error', () => finish(0, bytes, null));
      });
      // The client gives up on a request that makes no progress for this long.
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
      req.on('error', () => finish(0, 0, null));
      req.end(payload);
    });

  const mine = (user: User, line: OrderLineDto) => line.id % user.share[1] === user.share[0];
  const held = (user: User, ok: (line: OrderLineDto) => boolean) => {
    const found: OrderLineDto[] = [];
    for (const line of user.lines.values()) if (mine(user, line) && ok(line)) found.push(line);
    return found;
  };
  const anyOf = <T>(list: T[]): T | undefined => list[Math.floor(next() * list.length)];
  const keep = (user: User, changed: OrderLineDto[], gone: number[] = []) => {
    if (user.role === 'office') return;
    for (const line of changed) user.lines.set(line.id, line);
    for (const id of gone) user.lines.delete(id);
  };

  /** The whole list in the compact format, as the screens read it. */
  const readList = async (kind: Kind, user: User, path: string) => {
    const { status, text } = await send(kind, user, 'GET', path, { accept: `${LINES_MEDIA_TYPE}, application/json;q=0.5`, decode: user.role !== 'office' });
    if (status !== 200 || text === null) return;
    user.lines = new Map(wireLines(text).map((line) => [line.id, line]));
  };
  /** A life-cycle action on a line: the answer's line replaces the held one, and its change's event will be dropped. */
  const act = async (kind: Kind, user: User, path: string, line: OrderLineDto, body: unknown) => {
    const { status, text } = await send(kind, user, 'PATCH', path, { body, decode: true });
    if (status === 200 && text !== null) {
      const answer = JSON.parse(text) as { order: OrderLineDto; versions: Record<number, number> };
      keep(user, [answer.order]);
      for (const version of Object.values(answer.versions)) user.own.add(version);
    } else if (status === 409) user.lines.delete(line.id);
  };
  const day = 86_400_000;
  /** A month of lines, some weeks back: the archive's everyday question. */
  const month = () => {
    const to = Date.now() - Math.floor(next() * 10) * day;
    return `from=${new Date(to - 30 * day).toISOString()}&to=${new Date(to).toISOString()}`;
  };

  const action = async (user: User, kind: Kind): Promise<void> => {
    switch (kind) {
      case 'tabletList':
        return readList(kind, user, API.myWorkshopOrders);
      case 'customerList':
        return readList(kind, user, API.myCustomerOrders);
      case 'gridList':
        return readList(kind, user, API.orders);
      case 'workshopCards':
        return void (await send(kind, user, 'GET', API.myWorkshopStatistics));
      case 'customerFigures':
        return void (await send(kind, user, 'GET', API.myCustomer));
      case 'dashboard':
        return void (await send(kind, user, 'GET', API.dashboardCounts));
      case 'officeReport':
        return void (await send(kind, user, 'GET', API.orderReport));
      case 'workshopLine':
      case 'customerLine': {
        const line = anyOf([...user.lines.values()]);
        if (!line) break;
        return void (await send(kind, user, 'GET', kind === 'workshopLine' ? API.myWorkshopOrder(line.id) : API.myCustomerOrder(line.id)));
      }
      case 'lineHistory':
        return void (await send(kind, user, 'GET', API.lineHistory(1 + Math.floor(next() * lines))));
      case 'customerArchive':
        return void (await send(kind, user, 'GET', `${API.lineArchive}?date=created&${month()}&sort=created_at&dir=desc&limit=100`));
      case 'officeArchive': {
        const which = next();
        const query =
          which < 0.4
            ? `q=${encodeURIComponent(`B2B-${String(1 + Math.floor(next() * (lines / 2))).padStart(6, '0')}`)}`
            : which < 0.7
              ? `customer_id=${anyOf(data.customers)!.id}&date=created&${month()}`
              : `workshop_id=${anyOf(data.workshops)!.id}&date=closed&${month()}`;
        return void (await send(kind, user, 'GET', `${API.lineArchive}?${query}&sort=created_at&dir=desc&limit=100`));
      }
      case 'nextStep': {
        const line = anyOf(held(user, (l) => canAdvance(lineState(l))));
        if (!line) break;
        return act(kind, user, API.myWorkshopNextStep(line.id), line, { current_order_line_process: line.current_order_line_process });
      }
      case 'workshopApprove': {
        const line = anyOf(held(user, (l) => canWorkshopApprove(lineState(l))));
        if (!line) break;
        return act(kind, user, API.myWorkshopApprove(line.id), line, { approved: true });
      }
      case 'customerApprove': {
        const line = anyOf(held(user, (l) => canCustomerApprove(lineState(l))));
        if (!line) break;
        return act(kind, user, API.myCustomerApprove(line.id), line, { approved: true });
      }
      case 'manualOrder': {
        const products = [{ product_id: data.products[Math.floor(next() * data.products.length)], quantity: 1 + Math.floor(next() * 3) }];
        const body = { email: 'yuk@example.com', phone_number: '0500 000 00 00', address: 'Bench Mah. 1', country: 'Türkiye', zip_code: '34000', products, credit_exceeded_confirmed: true };
        const { status, text } = await send(kind, user, 'POST', API.manualOrder, { body, decode: true });
        if (status === 201 && text !== null) lines += (JSON.parse(text) as { order: { lines: number } }).order.lines;
        return;
      }
      case 'liveRead':
        return;
    }
    // Nothing of its own to act on: the person looks at one of its lines instead (or its list, when it holds none).
    nothingToDo++;
    if (user.lines.size === 0) return action(user, FIRST[user.role]);
    return action(user, user.role === 'workshop' ? 'workshopLine' : 'customerLine');
  };

  /** Events that brought their line (or word that it is gone), so nothing was read back for them. */
  let carried = 0;
  /** What the live saga does: takes the lines the events carry, gathers the other changed ids a moment, drops its own, reads the rest in one request. */
  const readChanges = async (user: User) => {
    user.timer = null;
    const ids = [...user.pending].slice(0, CHANGED_IDS_MAX);
    for (const id of ids) user.pending.delete(id);
    if (!running || ids.length === 0) return;
    const { status, text } = await send('liveRead', user, 'GET', `${API.lineChanges}?ids=${ids.join(',')}`, { decode: user.role !== 'office' });
    if (status === 200 && text !== null) {
      const answer = JSON.parse(text) as { orders: OrderLineDto[]; gone: number[] };
      keep(user, answer.orders, answer.gone);
    }
    if (user.pending.size > 0 && !user.timer) user.timer = setTimeout(() => void readChanges(user), LIVE_BATCH_MS.adminOrders);
  };
  const onEvents = (user: User, message: LiveMessage) => {
    const events = message.type === 'batch' ? message.events : 'line_id' in message ? [message] : [];
    for (const event of events) {
      user.events.push(event.version);
      if (user.own.delete(event.version)) continue;
      if (event.line === undefined && !event.gone) {
        user.pending.add(event.line_id);
        continue;
      }
      carried++;
      user.pending.delete(event.line_id);
      keep(user, event.line ? [event.line] : [], event.gone ? [event.line_id] : []);
    }
    if (user.pending.size > 0 && !user.timer) user.timer = setTimeout(() => void readChanges(user), user.role === 'office' ? LIVE_BATCH_MS.adminOrders : LIVE_BATCH_MS.workshopList);
  };

  const failures: string[] = [];
  await pool(users, 25, async (user) => {
    const error = await connect(base, user, onEvents);
    if (error) failures.push(error);
  });
  if (failures.length) console.log(`  ${failures.length} of ${users.length} sockets did not open: ${failures[0]}`);

  // Before the measured run, everyone opens its screen (its list), a few at a time, as people arrive over the morning.
  const opening = performance.now();
  await pool(users, 4, (user) => action(user, FIRST[user.role]));
  const openingTook = KINDS.flatMap((kind) => tallies[kind].took).sort((a, b) => a - b);
  const opened = { seconds: (performance.now() - opening) / 1000, p50: percentile(openingTook, 0.5), p99: percentile(openingTook, 0.99), lost: KINDS.reduce((sum, kind) => sum + tallies[kind].lost + tallies[kind].failed, 0) };
  tallies = fresh();
  nothingToDo = 0;

  const v0 = await latestVersion(db);
  const serverBefore = processJiffies(serverPid);
  const clientBefore = process.cpuUsage();
  const machineBefore = machineJiffies();
  const started = performance.now();
  const end = started + seconds * 1000;
  const think = () => new Promise((r) => setTimeout(r, Math.max(0, Math.min(-Math.log(1 - next()) * thinkMs, end - performance.now()))));
  const draw = (role: Role): Kind => {
    const shares = Object.entries(MIX[role]) as Array<[Kind, number]>;
    let x = next() * shares.reduce((sum, [, share]) => sum + share, 0);
    for (const [kind, share] of shares) if ((x -= share) < 0) return kind;
    return shares[0][0];
  };
  await Promise.all(
    users.map(async (user) => {
      for (await think(); performance.now() < end; await think()) await action(user, draw(user.role));
    }),
  );
  const drained = (performance.now() - started) / 1000;
  const serverAfter = processJiffies(serverPid);
  const clientUsed = process.cpuUsage(clientBefore);
  const machineAfter = machineJiffies();
  const v1 = await latestVersion(db);
  // The events of the last changes are on their way: wait until each office socket has them (at most 10 s).
  const changes = Number(
    (await db.selectFrom('order_line_changes').select((eb) => eb.fn.countAll<number>().as('n')).where('id', '>', v0).where('id', '<=', v1).executeTakeFirstOrThrow()).n,
  );
  const heard = (user: User) => user.events.filter((v) => v > v0 && v <= v1).length;
  const office = users.filter((u) => u.role === 'office' && u.socket);
  for (const until = Date.now() + 10_000; Date.now() < until && office.some((u) => heard(u) < changes); ) await new Promise((r) => setTimeout(r, 100));
  running = false;
  for (const user of users) if (user.timer) clearTimeout(user.timer);
  // Let the changed-lines reads under way finish before the sockets close.
  await new Promise((r) => setTimeout(r, 500));
  const drops = users.filter((u) => u.dropped).length;
  for (const user of users) user.socket?.close(1000);
  agent.destroy();
  return {
    seconds,
    drained,
    tallies,
    cpu: {
      server: serverBefore !== null && serverAfter !== null ? ((serverAfter - serverBefore) / 100 / drained) * 100 : null,
      client: ((clientUsed.user + clientUsed.system) / 1e6 / drained) * 100,
      machine: ((machineAfter[0] - machineBefore[0]) / (machineAfter[1] - machineBefore[1])) * 100,
    },
    events: users.reduce((sum, u) => sum + heard(u), 0),
    carried,
    changes,
    officeShort: office.filter((u) => heard(u) < changes).length,
    drops: drops + failures.length,
    nothingToDo,
    opened,
  };
}

interface Summary {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** Prints the table of a run; returns the figures over every request. */
function table(title: string, result: RunResult): Summary {
  const rows: string[][] = [['kind', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', '2xx', '304', '409', 'other', 'no answer', 'KB/answer']];
  const all: number[] = [];
  const sums = { ok: 0, notModified: 0, refused: 0, failed: 0, lost: 0, bytes: 0 };
  const row = (label: string, took: number[], t: typeof sums) => {
    const sorted = [...took].sort((a, b) => a - b);
    const at = (fraction: number) => percentile(sorted, fraction).toFixed(1);
    rows.push([label, String(took.length), at(0.5), at(0.95), at(0.99), (sorted[sorted.length - 1] ?? NaN).toFixed(1), String(t.ok), String(t.notModified), String(t.refused), String(t.failed), String(t.lost), took.length ? (t.bytes / took.length / 1024).toFixed(1) : '-']);
    return sorted;
  };
  for (const kind of KINDS) {
    const t = result.tallies[kind];
    if (t.took.length === 0) continue;
    row(LABELS[kind], t.took, t);
    all.push(...t.took);
    for (const key of Object.keys(sums) as Array<keyof typeof sums>) sums[key] += t[key];
  }
  const sorted = row('all', all, sums);
  printTable(title, rows);
  const { cpu } = result;
  console.log(
    `  ${(all.length / result.drained).toFixed(1)} requests/s; the last answer arrived at ${result.drained.toFixed(1)} s. ` +
      `CPU (100 % = one CPU): server ${cpu.server === null ? '?' : cpu.server.toFixed(0)} %, load generator ${cpu.client.toFixed(0)} %, whole machine ${cpu.machine.toFixed(0)} % of all CPUs` +
      (result.nothingToDo ? `; actions with no line of their own to act on (a line read instead): ${result.nothingToDo}` : '') +
      `\n  Before the run every user opened its screen (its list, 4 at a time): ${result.opened.seconds.toFixed(0)} s, p50 ${result.opened.p50.toFixed(0)} ms, p99 ${result.opened.p99.toFixed(0)} ms${result.opened.lost ? `, ${result.opened.lost} FAILED` : ''}.`,
  );
  const odd = KINDS.flatMap((kind) => [...result.tallies[kind].statuses].filter(([status]) => status !== 304 && (status < 200 || status >= 300)).map(([status, n]) => `${kind} ${status || 'no answer'} x${n}`));
  if (odd.length) console.log(`  errors: ${odd.join(', ')}`);
  return {
    requests: all.length,
    perSecond: all.length / result.drained,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    errors: sums.refused + sums.failed + sums.lost,
  };
}

/** The realistic mixed load on each database. */
export async function realistic(report: Report): Promise<void> {
  const users = option('users', 'MIXED_USERS', 500);
  const seconds = option('seconds', 'MIXED_SECONDS', 60);
  const thinkMs = option('think', 'MIXED_THINK_MS', 5_000);
  const lineCount = option('lines', 'MIXED_LINES', 10_000);
  const databases = listOption('databases', 'MIXED_DATABASES', ['sqlite', 'postgres']);
  const mix = (Object.keys(MIX) as Role[]).map((role) => `${role} (${ROLES.filter((r) => r === role).length * 10} %): ${Object.entries(MIX[role]).map(([kind, share]) => `${share} % ${LABELS[kind as Kind]}`).join(', ')}`);
  console.log(
    `\nMixed load, realistic: ${users} users, each with its own session and live socket, ${thinkMs} ms mean think time (exponential), for ${seconds} s, on ${databases.join(' and ')}.\n` +
      `  Each opens its list before the run, then: ${mix.join('; ')}; and every user takes the lines its socket brings, reading back those that came without (${LIVE_BATCH_MS.workshopList}-${LIVE_BATCH_MS.adminOrders} ms gathered).\n` +
      `  Seeded: 1,000 products, ${WORKSHOPS} workshops, ${CUSTOMERS} customers, ${OFFICES} office users and the admin, ${lineCount} order lines (a quarter from the shop). Machine: ${machineLoad()} before the run.`,
  );
  for (const name of databases) {
    const database: BenchDatabase | null = name === 'postgres' ? await postgresDatabase() : name === 'sqlite' ? sqliteDatabase() : null;
    if (!database) throw new Error(`--databases: unknown database ${name} (sqlite, postgres)`);
    let product: RunningProduct | undefined;
    const handle = { current: null as ReturnType<typeof openDatabase> | null };
    try {
      const seeding = performance.now();
      const data = await seedBusiness(database, lineCount);
      const seeded = (performance.now() - seeding) / 1000;
      product = await startProduct(database, profiling());
      handle.current = openDatabase(database.url);
      const logins = performance.now();
      const people = await usersFor(product.base, data, users);
      console.log(`  ${name}: ${data.lines} lines seeded in ${seeded.toFixed(0)} s; ${users} sessions logged in in ${((performance.now() - logins) / 1000).toFixed(0)} s`);
      const load = machineLoad();
      const result = await runUsers(product.base, people, data, handle.current.db, { seconds, thinkMs, serverPid: product.child.pid });
      const summary = table(`${name}: ${users} users x ${seconds} s, ${thinkMs} ms mean think time (${database.settings}; ${load} at the start)`, result);
      const errors = summary.errors + result.drops;
      // On a machine shared with other work the latencies say how much CPU the server got; its own cost per answer does not depend on that.
      const cpuMs = result.cpu.server === null ? NaN : ((result.cpu.server / 100) * result.drained * 1000) / summary.requests;
      // What the users ask for, whatever the server managed: an action each think time, and the answers (reads of changed lines included) each action brought.
      const offered = (users * 1000) / thinkMs;
      const perAction = summary.requests / Math.max(1, summary.requests - result.tallies.liveRead.took.length);
      const met = summary.p99 < 300 && errors === 0 && result.officeShort === 0;
      report(
        `mixed realistic, ${name}`,
        `${users} users, ${summary.perSecond.toFixed(0)} req/s, p50 ${summary.p50.toFixed(0)} ms, p95 ${summary.p95.toFixed(0)} ms, p99 ${summary.p99.toFixed(0)} ms, ` +
          `errors ${errors} (answers ${summary.errors}, sockets dropped ${result.drops}); events delivered ${result.events} (${result.carried} carrying their line) for ${result.changes} changes, ` +
          `read back by ${result.tallies.liveRead.took.length} changed-lines requests (${result.changes ? (result.tallies.liveRead.took.length / result.changes).toFixed(1) : '-'} per change)` +
          `${result.officeShort ? `, ${result.officeShort} OFFICE SOCKETS MISSED EVENTS` : ''}; server CPU ${cpuMs.toFixed(1)} ms per answer, ` +
          `so the ${offered.toFixed(0)} actions/s the users offer, with the changed-lines reads they bring, need ${((cpuMs * offered * perAction) / 10).toFixed(0)} % of one CPU; it got ${result.cpu.server?.toFixed(0) ?? '?'} % (${load} at the start) ` +
          `(${data.lines} lines; goal p99 < 300 ms and 0 errors: ${met ? 'met' : 'NOT met'})`,
      );
    } finally {
      await handle.current?.close();
      await product?.stop();
      await database.drop();
    }
  }
}
