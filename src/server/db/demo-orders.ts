import { millisecondsInDay, millisecondsInHour } from 'date-fns/constants';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '.';
import { applyAction, CREATED_STATE, gramDeviates, isClosedLine, type LineAction, type LineState } from '../../shared/lifecycle';
import { Role } from '../../shared/roles';
import { placeOf } from '../../shared/flow';
import { CUSTOMER_APPROVED, LineStatus, NOT_STARTED, PackingStatus, WORKSHOP_APPROVED } from '../../shared/statuses';
import { countStays } from '../modules/flow/stay-counts';
import { staysAlong } from '../modules/flow/stays';
import { ACTION_NAMES } from '../modules/orders/life-cycle';
import { shopCancelReason } from '../modules/shopify/cancel-reason';
import { takeBarcodes } from '../modules/orders/barcodes';
import { type NewLine, unitLines } from '../modules/orders/units';
import { builtInRouting } from '../modules/production-steps/service';
import { getGeneralSettings } from '../modules/settings/service';
import { random } from './demo-catalogue';
import type { OrderLineHistoryTable, OrdersTable, ProductsTable } from './schema';

/*
 * Demo orders whose lines got where they are the way real ones do: each line is created as an
 * order creates it and then walked through the life cycle's own rule (applyAction), one action at
 * a time, by the users who may take it, at times that move forward into the past. What the walk
 * leaves (state, history rows, gram flag, delivery, cancellation, shipment) is written in bulk,
 * as the server's write path (orders/life-cycle.ts, through orders/line-writer.ts) would have left
 * it action by action.
 */

const NOTES = ['', '', 'Hediye paketi lütfen', 'EKSPRES kargo', 'Acil: düğün hediyesi', 'İsim: Elif', ''];
const ADMIN_CANCEL_REASONS = ['Müşteri vazgeçti', 'Ölçü yanlış verildi, yeni sipariş açıldı', 'Ödeme alınamadı', 'Taş tedarik edilemedi'];
/** The shop's cancellation reasons, in the words intake stores for its codes. */
const SHOP_CANCEL_REASONS = ['CUSTOMER', 'INVENTORY', 'DECLINED', 'OTHER'].map(shopCancelReason);
const CARRIERS = ['YK', 'ARS', 'MNG', 'PTT'];
const STEP_BACK_REASONS = ['Taş yuvası hatalı', 'Ölçü yeniden kontrol edilecek', 'Cila yetersiz', 'Kaynak izi kaldı'];

/** How long after the move before it each kind of move comes, in hours (shortest, longest). */
const PACE = {
  workshopApprove: [0.5, 12],
  nextStep: [3, 40],
  // The office's decisions: quality control, a step back.
  office: [2, 24],
  gram: [1, 12],
  packing: [1, 24],
  customerApprove: [2, 72],
  cancel: [1, 48],
  ship: [4, 48],
} as const;
type Pace = keyof typeof PACE;

/** The oldest demo order, in days. */
const OLDEST_DAYS = 40;
/** Lines per order, at most: one per unit, a product's units numbered item_index of item_count as an order numbers them. */
const PER_ORDER = 4;
/** Lines (with their orders and history) written per round. */
const BATCH = 2000;
/** Lines per statement: some thirty parameters each, under either database's limit. */
const LINE_CHUNK = 500;
/** History rows per statement: eleven parameters each, well under either database's limit. */
const HISTORY_CHUNK = 2000;

type Rng = ReturnType<typeof random>;
type HistoryRow = Insertable<OrderLineHistoryTable>;

/** Who takes which action on a line: the workshop's user, the admin, the order's customer (null: no such account). */
interface Actors {
  admin: number | null;
  workshop: number | null;
  customer: number | null;
}

/** A line on its walk: what the server would have stored after each accepted action. */
interface Walk {
  state: LineState;
  rows: HistoryRow[];
  /** When its last action was taken (ms); its creation before any. */
  last: number;
  deliveredToOffice: number | null;
  /** The stored flag of a weighing: against the product's expected weight and the configured tolerance. */
  flags: (gram: number) => 0 | 1;
  gramFlagged: 0 | 1;
  cancelReason: string | null;
  canceledAt: number | null;
  tracking: string | null;
}


interface Context {
  rng: Rng;
  routing: readonly number[];
  expectedWeight: number | null;
  tolerance: number;
  actors: Actors;
}

/**
 * Takes one action if the life cycle accepts it, at `at`, recording it as actOnLine, cancelLines
 * and shipOrderLines do (a gram sets the flag against the tolerance, the last step passed sets the
 * delivery to the office, a cancel keeps its reason, a shipment its tracking number).
 */
function take(walk: Walk, action: LineAction, user: number | null, at: number, detail: string | null = null): boolean {
  const outcome = applyAction(walk.state, action);
  if (!outcome.ok) return false;
  walk.rows.push({
    // The line's id, once it is stored.
    order_line_id: 0,
    user_id: user,
    action: ACTION_NAMES[action.type],
    from_status: walk.state.status,
    to_status: outcome.next.status,
    from_step: walk.state.step,
    to_step: outcome.next.step,
    detail: action.type === 'enterGram' ? String(action.gram) : detail,
    created_at: new Date(at).toISOString(),
  });
  walk.state = outcome.next;
  walk.last = at;
  if (outcome.deliveredToOffice) walk.deliveredToOffice = at;
  if (action.type === 'enterGram') walk.gramFlagged = walk.flags(action.gram);
  if (action.type === 'cancel') {
    walk.canceledAt = at;
    walk.cancelReason = detail;
  }
  if (action.type === 'ship') walk.tracking = detail;
  return true;
}

const after = (rng: Rng, from: number, pace: Pace) => from + (PACE[pace][0] + rng.next() * (PACE[pace][1] - PACE[pace][0])) * millisecondsInHour;

/** A weighing near the expected weight; now and then beyond the tolerance, either way. */
function weigh(rng: Rng, expected: number | null, tolerance: number): number {
  const base = expected ?? rng.int(20, 300) / 10;
  const percent = rng.next() < 0.12 ? (tolerance + 2 + rng.next() * 25) * (rng.next() < 0.5 ? -1 : 1) : (rng.next() * 2 - 1) * tolerance * 0.8;
  return Math.max(0.01, Math.round(base * (1 + percent / 100) * 100) / 100);
}

interface Move {
  action: LineAction;
  user: number | null;
  pace: Pace;
  detail?: string;
}

/**
 * The next move of production, quality and packing for a line in `state`, with who takes it; null
 * when there is none. Now and then a piece is made again: the admin sends it back to a step
 * (quality rejection, or a step back with a reason), at most twice a line.
 */
function productionMove(ctx: Context, state: LineState, reworks: number): Move | null {
  const { rng, routing, actors } = ctx;
  if (reworks < 2 && rng.next() < 0.03) {
    const earlier = routing.filter((step) => applyAction(state, { type: 'stepBack', step, routing }).ok);
    if (earlier.length > 0) return { action: { type: 'stepBack', step: rng.pick(earlier), routing }, user: actors.admin, pace: 'office', detail: rng.pick(STEP_BACK_REASONS) };
  }
  switch (state.status) {
    case LineStatus.Waiting:
    case LineStatus.InProcess:
      return { action: { type: 'nextStep', routing }, user: actors.workshop, pace: 'nextStep' };
    case LineStatus.QualityControl:
      return reworks < 2 && rng.next() < 0.12
        ? { action: { type: 'qcReject', returnStep: rng.pick(routing), routing }, user: actors.admin, pace: 'office' }
        : { action: { type: 'qcApprove' }, user: actors.admin, pace: 'office' };
    case LineStatus.Packing:
      if (state.gram === null) return { action: { type: 'enterGram', gram: weigh(rng, ctx.expectedWeight, ctx.tolerance) }, user: actors.workshop, pace: 'gram' };
      // Seldom, the office sends a weighed piece back before packing it.
      return reworks < 2 && rng.next() < 0.04
        ? { action: { type: 'qcReject', returnStep: rng.pick(routing), routing }, user: actors.admin, pace: 'office' }
        : { action: { type: 'approvePacking' }, user: actors.admin, pace: 'packing' };
    default:
      return null;
  }
}

/**
 * Walks a new line a random number of moves through its routing, quality control and packing,
 * with the workshop's approval mostly first, the customer's approval somewhere on the way and now
 * and then the admin's cancellation. Nothing happens at or after `horizon` (now, or the moment its
 * order is canceled): a line whose next move would come later stays where it is.
 */
function walkLine(ctx: Context, created: number, horizon: number): Walk {
  const { rng, routing, actors } = ctx;
  const flags = (gram: number) => (gramDeviates(gram, ctx.expectedWeight, ctx.tolerance) ? 1 : 0);
  const walk: Walk = { state: CREATED_STATE, rows: [], last: created, deliveredToOffice: null, flags, gramFlagged: 0, cancelReason: null, canceledAt: null, tracking: null };
  const moves = rng.int(0, routing.length + 6);
  const customerAt = actors.customer !== null && rng.next() < 0.4 ? rng.int(0, moves) : -1;
  const cancelAt = rng.next() < 0.04 ? rng.int(0, moves) : -1;
  const step = (action: LineAction, user: number | null, pace: Pace, detail: string | null = null) => {
    const at = after(rng, walk.last, pace);
    return at < horizon && take(walk, action, user, at, detail);
  };
  if (rng.next() < (moves > 0 ? 0.9 : 0.3) && !step({ type: 'workshopApprove' }, actors.workshop, 'workshopApprove')) return walk;
  let reworks = 0;
  for (let done = 0; done <= moves; done++) {
    if (done === customerAt && !step({ type: 'customerApprove' }, actors.customer, 'customerApprove')) return walk;
    if (done === cancelAt) {
      step({ type: 'cancel' }, actors.admin, 'cancel', rng.pick(ADMIN_CANCEL_REASONS));
      return walk;
    }
    const move = done < moves ? productionMove(ctx, walk.state, reworks) : null;
    if (move === null || !step(move.action, move.user, move.pace, move.detail)) return walk;
    if (move.action.type === 'qcReject' || move.action.type === 'stepBack') reworks++;
  }
  return walk;
}

interface PlannedOrder {
  row: Insertable<OrdersTable>;
  lines: Array<{ created: NewLine; walk: Walk }>;
  /** When it was placed (ms). */
  created: number;
}

/** The number of each stored order (by id, in the order stored). */
type Numbering = (ids: readonly number[]) => string[];

/** A manual order's number, as the orders service gives it: its id. */
const byId: Numbering = (ids) => ids.map((id) => `B2B-${String(id).padStart(6, '0')}`);

/** A shop order's number is the name the shop gave it: '#1001', '#1002', ... on from the shop orders already stored. */
async function shopNames(trx: Db): Promise<Numbering> {
  const { count } = await trx.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('count')).where('source', '=', 'shopify').executeTakeFirstOrThrow();
  return (ids) => ids.map((_, index) => `#${1001 + Number(count) + index}`);
}

/**
 * Orders whose lines stand in every state of the life cycle, for the demo screens; with a large
 * `count` the same generator fills the benchmarks. Lines go to the products' workshops; the orders
 * belong to the given customer (manual orders) or come from the shop when there is none. The same
 * `seed` gives the same orders, lines and moves (their times are counted back from now). The
 * flow report's counts of their stays are kept as the line writer keeps them, unless `counted` is
 * false: a load of many blocks counts them once at its end (migration 0041 `fillStayCounts`).
 */
export async function seedOrders(db: Db, count: number, customerId: number | null, seed = 7, counted = true): Promise<void> {
  const fill = async (trx: Db) => {
    const products = await trx.selectFrom('products').selectAll().where('workshop_id', 'is not', null).orderBy('id').limit(500).execute();
    if (products.length === 0) return;
    // Each product's routing as routingOf reads it, for all products at once: its steps, else the built-in process.
    const routings = new Map<number, number[]>();
    const steps = await trx.selectFrom('product_production_steps').select(['product_id', 'step_id']).orderBy('product_id').orderBy('position_in_process').execute();
    for (const row of steps) routings.set(row.product_id, [...(routings.get(row.product_id) ?? []), row.step_id]);
    const builtIn = await builtInRouting(trx);
    const { gram_tolerance_percent: tolerance } = await getGeneralSettings(trx);
    const admin = await trx.selectFrom('users').select('id').where('role_id', '=', Role.Admin).orderBy('id').executeTakeFirst();
    const workshopUsers = new Map((await trx.selectFrom('workshops').select(['id', 'user_id']).execute()).map((w) => [w.id, w.user_id]));
    const customer = customerId === null ? undefined : await trx.selectFrom('customers').select('user_id').where('id', '=', customerId).executeTakeFirst();

    const rng = random(seed);
    const now = Date.now();
    const plan = (product: Selectable<ProductsTable>, quantity: number, created: number, horizon: number, note: string | null) => {
      const routing = routings.get(product.id) ?? builtIn;
      const actors: Actors = { admin: admin?.id ?? null, workshop: workshopUsers.get(product.workshop_id!) ?? null, customer: customer?.user_id ?? null };
      const ctx: Context = { rng, routing, expectedWeight: product.expected_weight, tolerance, actors };
      // The order id is filled in once the order is stored.
      return unitLines(0, product, quantity, new Date(created).toISOString(), { customer_note: note }).map((line) => ({ created: line, walk: walkLine(ctx, created, horizon) }));
    };

    for (let first = 0; first < count; first += BATCH) {
      const size = Math.min(BATCH, count - first);
      const orders: PlannedOrder[] = [];
      for (let planned = 0; planned < size; ) {
        const created = now - rng.next() * OLDEST_DAYS * millisecondsInDay;
        const at = new Date(created).toISOString();
        const note = rng.pick(NOTES) || null;
        // Some orders are canceled as a whole: by the shop, or by the admin for a manual order.
        const canceledAt = rng.next() < 0.05 ? created + rng.next() * (now - created) : null;
        const lines: PlannedOrder['lines'] = [];
        const units = Math.min(1 + Math.floor(rng.next() * PER_ORDER), size - planned);
        while (lines.length < units) lines.push(...plan(rng.pick(products), Math.min(rng.next() < 0.25 ? 2 : 1, units - lines.length), created, canceledAt ?? now, note));
        planned += lines.length;
        const row: Insertable<OrdersTable> = {
          order_number: 'pending',
          customer_id: customerId,
          source: customerId ? 'manual' : 'shopify',
          first_name: 'Demo',
          last_name: `Alıcı ${first + planned}`,
          email: 'alici@example.com',
          phone: '0500 000 00 00',
          address: 'Demo Mah. 1',
          city: 'İstanbul',
          country: 'Türkiye',
          zip_code: '34000',
          notes: customerId ? note : null,
          created_at: at,
          updated_at: at,
        };
        if (canceledAt !== null) {
          const byShop = customerId === null;
          const reason = rng.pick(byShop ? SHOP_CANCEL_REASONS : ADMIN_CANCEL_REASONS);
          // Completed lines stay as they are (the rule refuses them); the admin cancels only an order with something left to cancel.
          const canceled = lines.filter(({ walk }) => take(walk, { type: 'cancel' }, byShop ? null : (admin?.id ?? null), canceledAt, reason)).length;
          if (byShop || canceled > 0) Object.assign(row, { canceled_at: new Date(canceledAt).toISOString(), cancel_reason: reason, updated_at: new Date(canceledAt).toISOString() });
        } else {
          // The packed pieces of an order leave together under one tracking number, after the last of them was packed.
          const packed = lines.filter(({ walk }) => walk.state.packingStatus === PackingStatus.Packed && !walk.state.canceled);
          if (packed.length > 0 && rng.next() < 0.6) {
            const shipAt = after(rng, Math.max(...packed.map(({ walk }) => walk.last)), 'ship');
            const tracking = `${rng.pick(CARRIERS)}${rng.int(100_000_000, 999_999_999)}`;
            if (shipAt < now) for (const { walk } of packed) take(walk, { type: 'ship' }, admin?.id ?? null, shipAt, tracking);
          }
        }
        orders.push({ row, lines, created });
      }
      // Stored in the order they were placed, so numbers rise with time as they do in use.
      orders.sort((a, b) => a.created - b.created);
      await write(trx, orders, customerId ? byId : await shopNames(trx), counted);
    }
  };
  await (db.isTransaction ? fill(db) : db.transaction().execute(fill));
}

/** The columns of a line that its walk set, as actOnLine and its neighbours write them. */
function storedColumns(walk: Walk) {
  const { state } = walk;
  const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
  return {
    order_line_status_id: state.status,
    current_order_line_process: state.step,
    workshop_started_process_id: state.workshopApproved ? WORKSHOP_APPROVED : null,
    quality_control_id: state.qualityControl,
    product_gram: state.gram,
    packing_status_id: state.packingStatus,
    customer_approval_status_id: state.customerApproved ? CUSTOMER_APPROVED : null,
    gram_flagged: walk.gramFlagged,
    delivery_to_office: iso(walk.deliveredToOffice),
    canceled_at: iso(walk.canceledAt),
    cancel_reason: walk.cancelReason,
    shipment_tracking_number: walk.tracking,
    closed_at: isClosedLine({ canceled_at: iso(walk.canceledAt), packing_status_id: state.packingStatus }) ? iso(walk.last) : null,
    updated_at: new Date(walk.last).toISOString(),
  };
}

/** Stores planned orders, their lines in the state their walk left and the history rows of every move. */
async function write(trx: Db, orders: PlannedOrder[], numbering: Numbering, counted: boolean): Promise<void> {
  const orderIds = (await trx.insertInto('orders').values(orders.map((o) => o.row)).returning('id').execute()).map((o) => o.id).sort((a, b) => a - b);
  const numbers = numbering(orderIds);
  // One statement numbers the whole round, as each order is numbered after its insert.
  await trx
    .updateTable('orders')
    .set({ order_number: sql<string>`case id ${sql.join(orderIds.map((id, index) => sql`when ${id} then ${numbers[index]}`), sql` `)} end` })
    .where('id', 'in', orderIds)
    .execute();
  const lines = orders.flatMap((order, index) => order.lines.map((line) => ({ ...line, orderId: orderIds[index], customerId: order.row.customer_id ?? null })));
  // Numbered from the counter every line is numbered from (orders/barcodes.ts), as the line writer numbers them.
  const barcodes = await takeBarcodes(trx, lines.length);
  // Written into the created rows in place: a spread copy of each of 100,000 rows costs seconds.
  const rows = lines.map(({ created, walk, orderId, customerId }, index) => Object.assign(created, storedColumns(walk), { order_id: orderId, customer_id: customerId, barcode: barcodes[index] }));
  // Written here, not by the line writer: the walk's history, with its times, is the demo's own.
  const stored: number[] = [];
  for (let i = 0; i < rows.length; i += LINE_CHUNK) stored.push(...(await trx.insertInto('order_lines').values(rows.slice(i, i + LINE_CHUNK)).returning('id').execute()).map((row) => row.id));
  stored.sort((a, b) => a - b);
  // A demo line never changes workshop: each row of its history was in the workshop it is in.
  const history = lines.flatMap(({ created, walk }, index) => {
    for (const row of walk.rows) Object.assign(row, { order_line_id: stored[index], from_workshop_id: created.workshop_id ?? null, to_workshop_id: created.workshop_id ?? null });
    return walk.rows;
  });
  for (let i = 0; i < history.length; i += HISTORY_CHUNK) await trx.insertInto('order_line_history').values(history.slice(i, i + HISTORY_CHUNK)).execute();
  // Each piece's stays along its walk, as the line writer records them move by move.
  const stays = lines.flatMap(({ created, walk }, index) => {
    const workshop = created.workshop_id ?? null;
    let closed = false;
    const moves = walk.rows.map((row) => {
      closed ||= row.action === ACTION_NAMES.cancel || row.action === ACTION_NAMES.ship;
      return { at: row.created_at, place: placeOf({ status: row.to_status ?? LineStatus.Waiting, step: row.to_step ?? NOT_STARTED, workshop, closed }) };
    });
    return staysAlong(stored[index], [{ at: created.created_at, place: placeOf({ status: LineStatus.Waiting, step: NOT_STARTED, workshop, closed: false }) }, ...moves]);
  });
  const written = [];
  for (let i = 0; i < stays.length; i += HISTORY_CHUNK) {
    written.push(...(await trx.insertInto('line_stays').values(stays.slice(i, i + HISTORY_CHUNK)).returning(['workshop_id', 'phase', 'step_id', 'bucket', 'left_at']).execute()));
  }
  if (counted) await countStays(trx, { opened: written.filter((stay) => stay.left_at === null), left: written });
}
