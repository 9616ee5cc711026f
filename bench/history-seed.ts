/*
 * Two years of a large business written straight into a migrated database, for bench/history.ts:
 * 60 workshops and 500 customers (200 selling through a store of their own), each with a user;
 * about 2,000,000 order lines placed day by day over two years, in orders of one to three lines,
 * each line walked by the life cycle's own rule (applyAction) to the state it stands in, with a
 * history row per move and, for the moves of the last CHANGE_RETENTION_DAYS, a row of the change
 * log as the line writer records them. Lines older than three weeks are closed (shipped, or
 * canceled); of the younger ones about 30,000 in all are open. Beside them stand the pairs the
 * issue compares: workshop A (500 open lines, 40,000 closed long before the working set's window)
 * and workshop B (500 open, none closed), and customers A and B likewise.
 * Rows go in as multi-row inserts of prepared text with ids given here, a round of days per
 * transaction: the query builder's compilation would cost more than the database's writing.
 */
import { CompiledQuery, sql } from 'kysely';
import { loadConfig } from '../config';
import type { Db } from '../src/server/db';
import { isPostgres } from '../src/server/db/ddl';
import { refillFigureSums } from '../src/server/db/migrations/2026-11-28-0042-figure-deltas';
import { random } from '../src/server/db/demo-catalogue';
import { foldCase } from '../src/shared/text';
import { daysAfter } from '../src/server/dates';
import { hashPassword } from '../src/server/modules/auth/passwords';
import { ACTION_NAMES } from '../src/server/modules/orders/life-cycle';
import { takeBarcodes } from '../src/server/modules/orders/barcodes';
import { builtInRouting } from '../src/server/modules/production-steps/service';
import { secretsCipher } from '../src/server/modules/shops/secrets';
import { applyAction, CREATED_STATE, gramDeviates, isClosedLine, type LineAction, type LineState } from '../src/shared/lifecycle';
import type { LineEventType } from '../src/shared/live';
import { Role } from '../src/shared/roles';
import { CUSTOMER_APPROVED, LineStatus, WORKSHOP_APPROVED } from '../src/shared/statuses';
import { archiveTargets, type Targets } from './archive';
import { ADMIN_PASSWORD, type BenchDatabase, USER_PASSWORD } from './product';

const DAY = 86_400_000;
const DAYS = 730;
const WORKSHOPS = 60;
const CUSTOMERS = 500;
/** Customers selling through a store of their own: stores 1..STORES, each its domain, its key and STORE_SECRET as its secret and token. */
export const STORES = 200;
export const STORE_SECRET = 'bench-secret';
export const storeDomain = (store: number) => `magaza-${store}.myshopify.com`;
export const storeKey = (store: number) => `key-${store}`;
const PRODUCTS_PER_WORKSHOP = 20;
/** Lines younger than this may still be open; older ones are all closed. */
const OPEN_DAYS = 21;
/** The pairs' closed lines are older than this, well outside the default window of 30 days. */
const OLD_DAYS = 70;
const PAIR_OPEN = 500;
/** At 2,000,000 lines: workshop A's and customer A's closed lines, and the open lines in all. */
const FULL = { lines: 2_000_000, pairClosed: 40_000, open: 30_000 };
/** Days of the change log the server keeps by default (CHANGE_RETENTION_DAYS). */
const CHANGE_DAYS = 7;
/** Lines written per transaction. */
const ROUND = 20_000;
/** Parameters per statement on SQLite: under its 32,766. */
const SQLITE_PARAMETERS = 30_000;
/** Rows per statement on PostgreSQL. */
const PG_ROWS = 10_000;

/** What the measurements ask for, chosen while seeding. */
export interface HistoryTargets {
  lines: number;
  open: number;
  history: number;
  changes: number;
  workshopA: { id: number; username: string };
  workshopB: { id: number; username: string };
  customerA: { id: number; username: string };
  customerB: { id: number; username: string };
  /** The archive's questions: a month of a store customer's lines, a closed line's barcode and order number. */
  archive: Targets;
}

/**
 * Inserts rows (arrays in the order of `columns`). SQLite takes multi-row statements of as many rows
 * as its parameters allow, prepared once per size; PostgreSQL takes a column a parameter, as an
 * array unnested into rows (COPY's speed without its protocol), typed as the table declares them.
 */
async function insertRows(db: Db, table: string, columns: readonly string[], rows: unknown[][]): Promise<void> {
  if (isPostgres(db)) {
    const types = new Map(
      (await sql<{ column_name: string; udt_name: string }>`select column_name, udt_name from information_schema.columns where table_name = ${table}`.execute(db)).rows.map((c) => [c.column_name, c.udt_name]),
    );
    const text = `insert into ${table} (${columns.join(',')}) select * from unnest(${columns.map((column, i) => `$${i + 1}::${types.get(column)}[]`).join(',')})`;
    for (let i = 0; i < rows.length; i += PG_ROWS) {
      const chunk = rows.slice(i, i + PG_ROWS);
      await db.executeQuery(CompiledQuery.raw(text, columns.map((_, c) => chunk.map((row) => row[c]))));
    }
    return;
  }
  const perStatement = Math.floor(SQLITE_PARAMETERS / columns.length);
  const texts = new Map<number, string>();
  const textOf = (count: number) => {
    let text = texts.get(count);
    if (!text) {
      const row = `(${columns.map(() => '?').join(',')})`;
      text = `insert into ${table} (${columns.join(',')}) values ${Array.from({ length: count }, () => row).join(',')}`;
      texts.set(count, text);
    }
    return text;
  };
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    await db.executeQuery(CompiledQuery.raw(textOf(chunk.length), chunk.flat()));
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A line's path through production to the carrier, and the state after each move. */
interface Path {
  actions: LineAction[];
  /** The state after actions[0..i]. */
  states: LineState[];
  /** The index of the move that delivered the piece to the office. */
  delivered: number;
}

/** The full path of a product routed through `routing`: approved, made step by step, passed, weighed, packed, shipped. */
function pathOf(routing: readonly number[], gram: number): Path {
  const actions: LineAction[] = [
    { type: 'workshopApprove' },
    ...Array.from({ length: routing.length + 1 }, () => ({ type: 'nextStep', routing }) as const),
    { type: 'qcApprove' },
    { type: 'enterGram', gram },
    { type: 'approvePacking' },
    { type: 'ship' },
  ];
  const states: LineState[] = [];
  let state = CREATED_STATE;
  let delivered = -1;
  for (const [index, action] of actions.entries()) {
    const outcome = applyAction(state, action);
    if (!outcome.ok) throw new Error(`the seed's path is refused at ${action.type}: ${outcome.refusal}`);
    if (outcome.deliveredToOffice) delivered = index;
    state = outcome.next;
    states.push(state);
  }
  return { actions, states, delivered };
}

/** How a line ends up: open after `moves` moves, shipped, or canceled after `moves` moves. */
type Fate = { kind: 'open'; moves: number } | { kind: 'shipped' } | { kind: 'canceled'; moves: number };

interface Product {
  id: number;
  workshop: number;
  price: number;
  cost: number;
  weight: number;
  days: number;
}

export async function seedHistory(db: Db, database: BenchDatabase, lines: number): Promise<HistoryTargets> {
  const postgres = isPostgres(db);
  // Ids are given here from 1: the database holds the first admin and nothing of the business yet.
  for (const table of ['workshops', 'customers', 'products', 'orders'] as const) {
    const { n } = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(n) > 0) throw new Error(`the history seed expects no ${table} yet, found ${n}`);
  }
  if (!postgres) await sql`pragma cache_size = -1000000`.execute(db);
  const rng = random(2027);
  const now = Date.now();
  const at = iso(now);
  const scale = lines / FULL.lines;
  const pairClosed = Math.round(FULL.pairClosed * scale);
  const openTarget = Math.max(Math.round(FULL.open * scale), 4 * PAIR_OPEN);

  // Users: one password hash for all, as hashing each would take minutes.
  const hash = await hashPassword(USER_PASSWORD);
  const admin = (await db.selectFrom('users').select('id').where('role_id', '=', Role.Admin).orderBy('id').executeTakeFirstOrThrow()).id;
  const userIds = async (prefix: string, count: number, role: number) => {
    const rows = Array.from({ length: count }, (_, i) => [`${prefix}${i + 1}`, `${prefix}${i + 1}@bench.example`, hash, role, at, at]);
    await insertRows(db, 'users', ['username', 'email', 'password_hash', 'role_id', 'created_at', 'updated_at'], rows);
    const stored = await db.selectFrom('users').select(['id', 'username']).where('username', 'like', `${prefix}%`).execute();
    const byName = new Map(stored.map((u) => [u.username, u.id]));
    return rows.map((row) => ({ id: byName.get(row[0] as string)!, username: row[0] as string }));
  };
  const workshopUsers = await userIds('atolye', WORKSHOPS, Role.Workshop);
  const customerUsers = await userIds('musteri', CUSTOMERS, Role.Customer);

  const workshopRows = workshopUsers.map((user, i) => [i + 1, user.id, `Atölye ${i + 1}`, `AT${i + 1}`, `Sanayi Cad. ${i + 1}, İstanbul`, `Atölye ${i + 1} Kuyum Ltd.`, '0212 600 00 00', String(4_000_000_000 + i), 0, at, at]);
  await insertRows(db, 'workshops', ['id', 'user_id', 'name', 'code', 'address', 'company_name', 'phone_number', 'tax_number', 'is_deleted', 'created_at', 'updated_at'], workshopRows);
  const routing = (await builtInRouting(db)).slice(0, 2);
  await insertRows(db, 'workshop_processes', ['workshop_id', 'step_id'], workshopRows.flatMap((w) => routing.map((step) => [w[0], step])));

  const customerRows = customerUsers.map((user, i) => [i + 1, user.id, `Müşteri ${i + 1}`, `${user.username}@bench.example`, '0500 000 00 00', `Çarşı Sok. ${i + 1}, Ankara`, `Müşteri ${i + 1} Takı A.Ş.`, String(5_000_000_000 + i), 100_000, at, at]);
  await insertRows(db, 'customers', ['id', 'user_id', 'name', 'email', 'phone', 'address', 'company_name', 'tax_number', 'credit', 'created_at', 'updated_at'], customerRows);
  // The stores' secrets as the product keeps them, under the key the server will start with.
  const cipher = secretsCipher(loadConfig({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'silent' }).secretsKey);
  const secret = cipher.encrypt(STORE_SECRET);
  // Customers A and B (the first two) order by hand; the next 200 sell through a store.
  const storeOf = new Map<number, number>();
  const storeRows = Array.from({ length: STORES }, (_, i) => {
    storeOf.set(i + 3, i + 1);
    return [i + 1, 'store', customerUsers[i + 2].id, `Mağaza ${i + 1}`, storeDomain(i + 1), storeKey(i + 1), secret, secret, 'TRY', at];
  });
  await insertRows(db, 'shop_connections', ['id', 'kind', 'user_id', 'shop_name', 'shop_domain', 'api_key', 'api_secret', 'access_token', 'currency', 'created_at'], storeRows);

  const products: Product[] = [];
  const productRows = workshopRows.flatMap((_w, wi) =>
    Array.from({ length: PRODUCTS_PER_WORKSHOP }, (_, pi) => {
      const id = wi * PRODUCTS_PER_WORKSHOP + pi + 1;
      const price = rng.int(800, 45_000);
      const rate = rng.int(500, 2_500) / 100;
      const product: Product = { id, workshop: wi + 1, price, cost: Math.round(price * rate) / 100, weight: rng.int(15, 300) / 10, days: rng.int(3, 21) };
      products.push(product);
      const code = `HB-${String(id).padStart(5, '0')}`;
      return [id, `Ürün ${id}`, code, product.days, 'Yüzük', 'Yüzük', price, product.weight, rate, code, foldCase(code), admin, product.workshop, at, at];
    }),
  );
  await insertRows(db, 'products', ['id', 'title', 'sku', 'production_expected_days', 'product_group', 'category', 'price', 'expected_weight', 'workmanship_rate', 'our_product_id', 'our_product_id_folded', 'user_id', 'workshop_id', 'created_at', 'updated_at'], productRows);
  await insertRows(db, 'product_production_steps', ['product_id', 'step_id', 'position_in_process'], products.flatMap((p) => routing.map((step, i) => [p.id, step, i + 1])));
  if (postgres) for (const table of ['workshops', 'customers', 'shop_connections', 'products']) await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(db);

  // Who is who: workshop 1 is A, 2 is B; customer 1 is A, 2 is B; the rest is the business around them.
  const [A, B] = [1, 2];
  const ofA = products.filter((p) => p.workshop === A);
  const ofB = products.filter((p) => p.workshop === B);
  const background = { products: products.filter((p) => p.workshop > B), customers: Array.from({ length: CUSTOMERS - 2 }, (_, i) => i + 3) };
  const paths = new Map<number, Path>();
  const pathFor = (product: Product) => paths.get(product.id) ?? paths.set(product.id, pathOf(routing, product.weight)).get(product.id)!;
  const shipMoves = pathOf(routing, 1).actions.length;

  // The background's own lines, and the share of its young lines left open so that ~openTarget are open in all.
  const backgroundLines = Math.max(0, lines - 2 * pairClosed - 4 * PAIR_OPEN);
  const youngBackground = (backgroundLines * OPEN_DAYS) / DAYS;
  const openShare = Math.min(0.9, Math.max(0, openTarget - 4 * PAIR_OPEN) / Math.max(1, youngBackground));

  /** An open line's moves: any number short of shipping, a tenth of them packed and waiting for the carrier. */
  const openFate = (): Fate => ({ kind: 'open', moves: rng.next() < 0.1 ? shipMoves - 1 : rng.int(0, shipMoves - 2) });
  const closedFate = (): Fate => (rng.next() < 0.08 ? { kind: 'canceled', moves: rng.int(0, shipMoves - 3) } : { kind: 'shipped' });

  let orderId = 0;
  let lineId = 0;
  let shopName = 1000;
  const shopOrderIds = new Map<number, number>();
  const counts = { lines: 0, open: 0, history: 0, changes: 0 };
  const orderColumns = ['id', 'order_number', 'customer_id', 'source', 'shop_order_id', 'shop_connection_id', 'first_name', 'last_name', 'email', 'phone', 'address', 'city', 'country', 'zip_code', 'created_at', 'updated_at'];
  const lineColumns = [
    'id', 'order_id', 'product_id', 'item_index', 'item_count', 'workshop_id', 'order_line_status_id', 'current_order_line_process',
    'workshop_started_process_id', 'quality_control_id', 'packing_status_id', 'customer_approval_status_id', 'product_gram', 'product_cost',
    'total_price', 'shipment_tracking_number', 'barcode', 'production_expected_date', 'delivery_to_office', 'gram_flagged', 'canceled_at',
    'cancel_reason', 'closed_at', 'created_at', 'updated_at', 'customer_id',
  ];
  const barcodeAt = lineColumns.indexOf('barcode');
  const historyColumns = ['order_line_id', 'user_id', 'action', 'from_status', 'to_status', 'from_step', 'to_step', 'from_workshop_id', 'to_workshop_id', 'detail', 'created_at'];
  const changeColumns = ['line_id', 'order_id', 'type', 'workshop_id', 'previous_workshop_id', 'customer_id', 'created_at'];
  let orders: unknown[][] = [];
  let lineRows: unknown[][] = [];
  let history: unknown[][] = [];
  let changes: unknown[][] = [];
  const changesFrom = now - CHANGE_DAYS * DAY;

  /** Writes the round generated so far while the next one is generated (PostgreSQL works in a process of its own). */
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (lineRows.length === 0) return;
    const round = { orders, lines: lineRows, history, changes };
    counts.history += history.length;
    counts.changes += changes.length;
    orders = [];
    lineRows = [];
    history = [];
    changes = [];
    await writing;
    writing = db.transaction().execute(async (trx) => {
      // Each row is written valid here, so PostgreSQL's foreign key triggers, run row by row, are left out of the load (as a restore does).
      if (postgres) await sql`set local session_replication_role = replica`.execute(trx);
      const barcodes = await takeBarcodes(trx, round.lines.length);
      for (const [i, row] of round.lines.entries()) row[barcodeAt] = barcodes[i];
      await insertRows(trx, 'orders', orderColumns, round.orders);
      await insertRows(trx, 'order_lines', lineColumns, round.lines);
      await insertRows(trx, 'order_line_history', historyColumns, round.history);
      await insertRows(trx, 'order_line_changes', changeColumns, round.changes);
    });
    // A failure is thrown where the next round or the end awaits it, not as an unhandled rejection meanwhile.
    writing.catch(() => undefined);
  };

  /** One order of `customer` placed at `created`, with a line of each product given, each to its fate. */
  const placeOrder = (customer: number, created: number, items: Array<{ product: Product; fate: Fate }>) => {
    const id = ++orderId;
    const store = storeOf.get(customer);
    const shop = store !== undefined && rng.next() < 0.7;
    let shopOrder: string | null = null;
    if (shop) {
      const next = (shopOrderIds.get(store) ?? 5_000_000) + 1;
      shopOrderIds.set(store, next);
      shopOrder = String(next);
    }
    const number = shop ? `#${++shopName}` : `B2B-${String(id).padStart(6, '0')}`;
    orders.push([id, number, customer, shop ? 'shopify' : 'manual', shopOrder, shop ? store : null, 'Ayşe', `Alıcı ${id}`, 'alici@example.com', '0500 000 00 00', 'Demo Mah. 1', 'İstanbul', 'Türkiye', '34000', iso(created), iso(created)]);
    // The lines of an order are shipped together, after the last of them is packed.
    const span = (2 + rng.next() * 18) * DAY;
    const closing = Math.min(created + span, now - 60_000);
    const tracking = `YK${rng.int(100_000_000, 999_999_999)}`;
    for (const { product, fate } of items) {
      const line = ++lineId;
      const path = pathFor(product);
      const moves = fate.kind === 'shipped' ? path.actions.length : fate.moves;
      // The moves come evenly from the order to its closing (an open line's: to some time before now).
      const end = fate.kind === 'open' ? created + (now - created) * (0.3 + 0.7 * rng.next()) : closing;
      const step = (end - created) / Math.max(1, moves + (fate.kind === 'canceled' ? 1 : 0));
      const workshopUser = workshopUsers[product.workshop - 1].id;
      let state = CREATED_STATE;
      let last = created;
      let delivered: string | null = null;
      const record = (action: LineAction, next: LineState, when: number, user: number, detail: string | null) => {
        history.push([line, user, ACTION_NAMES[action.type], state.status, next.status, state.step, next.step, product.workshop, product.workshop, detail, iso(when)]);
        if (when >= changesFrom) {
          const type: LineEventType = action.type === 'cancel' ? 'order_canceled' : state.status === next.status ? 'order_update' : next.status === LineStatus.Completed ? 'order_completed' : 'status_change';
          changes.push([line, id, type, product.workshop, null, customer, iso(when)]);
        }
        state = next;
        last = when;
      };
      if (created >= changesFrom) changes.push([line, id, 'new_order', product.workshop, null, customer, iso(created)]);
      for (let m = 0; m < moves; m++) {
        const action = path.actions[m];
        const when = created + step * (m + 1);
        const office = action.type === 'qcApprove' || action.type === 'approvePacking' || action.type === 'ship';
        record(action, path.states[m], when, office ? admin : workshopUser, action.type === 'enterGram' ? String(product.weight) : action.type === 'ship' ? tracking : null);
        if (m === path.delivered) delivered = iso(when);
      }
      let canceledAt: string | null = null;
      if (fate.kind === 'canceled') {
        const outcome = applyAction(state, { type: 'cancel' });
        if (!outcome.ok) throw new Error(`the seed's cancellation is refused: ${outcome.refusal}`);
        record({ type: 'cancel' }, outcome.next, closing, admin, 'Müşteri vazgeçti');
        canceledAt = iso(closing);
      }
      const closed = isClosedLine({ canceled_at: canceledAt, packing_status_id: state.packingStatus });
      if (!closed) counts.open++;
      lineRows.push([
        // One unit of each product: an order's units of one product are numbered item_index of item_count.
        line, id, product.id, 1, 1, product.workshop, state.status, state.step,
        state.workshopApproved ? WORKSHOP_APPROVED : null, state.qualityControl, state.packingStatus, state.customerApproved ? CUSTOMER_APPROVED : null,
        state.gram, product.cost, product.price, fate.kind === 'shipped' ? tracking : null,
        // The barcode, drawn for the whole round when it is written.
        null,
        daysAfter(created, product.days), delivered, state.gram !== null && gramDeviates(state.gram, product.weight) ? 1 : 0,
        canceledAt, canceledAt ? 'Müşteri vazgeçti' : null, closed ? iso(last) : null, iso(created), iso(last), customer,
      ]);
    }
    counts.lines += items.length;
  };

  /** `total` spread over the days from `fromDays` ago to `toDays` ago: how many fall on day `day` (days ago). */
  const share = (total: number, fromDays: number, toDays: number, day: number) =>
    day > fromDays || day <= toDays ? 0 : Math.floor((total * (fromDays - day + 1)) / (fromDays - toDays)) - Math.floor((total * (fromDays - day)) / (fromDays - toDays));

  for (let day = DAYS; day > 0; day--) {
    const dayStart = now - day * DAY;
    const when = () => dayStart + rng.next() * DAY;
    const young = day <= OPEN_DAYS;
    // The background business: orders of one to three lines.
    for (let left = share(backgroundLines, DAYS, 0, day); left > 0; ) {
      const size = Math.min(left, rng.int(1, 3));
      left -= size;
      const items = Array.from({ length: size }, () => ({ product: rng.pick(background.products), fate: young && rng.next() < openShare ? openFate() : closedFate() }));
      placeOrder(rng.pick(background.customers), when(), items);
    }
    // Workshop A's and customer A's long history, all of it closed long before the window.
    for (let n = share(pairClosed, DAYS, OLD_DAYS, day); n > 0; n--) placeOrder(rng.pick(background.customers), when(), [{ product: rng.pick(ofA), fate: closedFate() }]);
    for (let n = share(pairClosed, DAYS, OLD_DAYS, day); n > 0; n--) placeOrder(A, when(), [{ product: rng.pick(background.products), fate: closedFate() }]);
    // The same open work for each of the pair: 500 lines of the last three weeks.
    for (let n = share(PAIR_OPEN, OPEN_DAYS, 0, day); n > 0; n--) {
      placeOrder(rng.pick(background.customers), when(), [{ product: rng.pick(ofA), fate: openFate() }]);
      placeOrder(rng.pick(background.customers), when(), [{ product: rng.pick(ofB), fate: openFate() }]);
      placeOrder(A, when(), [{ product: rng.pick(background.products), fate: openFate() }]);
      placeOrder(B, when(), [{ product: rng.pick(background.products), fate: openFate() }]);
    }
    if (lineRows.length >= ROUND) await flush();
  }
  await flush();
  await writing;
  if (postgres) {
    for (const table of ['orders', 'order_lines']) await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(db);
    // The load left the triggers out, those keeping the figures' sums too: summed once, as the migration does.
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await refillFigureSums(trx);
    });
    // The planner's statistics as autovacuum would leave them after the load.
    await sql`analyze`.execute(db);
  }

  return {
    ...counts,
    workshopA: { id: A, username: workshopUsers[A - 1].username },
    workshopB: { id: B, username: workshopUsers[B - 1].username },
    customerA: { id: A, username: customerUsers[A - 1].username },
    customerB: { id: B, username: customerUsers[B - 1].username },
    // The first customer selling through a store.
    archive: await archiveTargets(db, 3),
  };
}
