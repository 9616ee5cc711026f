import { subHours } from 'date-fns';
import { millisecondsInDay } from 'date-fns/constants';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { isPostgres } from '../../db/ddl';
import { foldFigureDeltas } from '../../db/migrations/2026-11-28-0042-figure-deltas';
import { type RoundLog, roundsEvery } from '../../rounds';
import type { OrderLinesTable } from '../../db/schema';
import type { ProductLinesDto } from '../../../shared/api';
import type { CardSums } from '../../../shared/figures';
import { isOpenLine } from '../../../shared/lifecycle';
import { LineStatus, PackingStatus } from '../../../shared/statuses';
import type { CountedLineView } from '../../../shared/views';

/** Whose lines: a workshop's or a customer's (each line names both). */
export type LineOwner = { column: 'l.workshop_id' | 'l.customer_id'; id: number };

/**
 * `isLate` of src/shared/late.ts for lines `l`: not canceled, not delivered to the
 * office, expected date passed. The one rule in the one language a count over many lines needs;
 * change both together (late.test.ts runs both over one table of cases on each database).
 */
export function lateSql(now: Date) {
  return sql<boolean>`(l.canceled_at is null and l.delivery_to_office is null and l.production_expected_date < ${now.toISOString()})`;
}

/** `isClosedLine` of src/shared/lifecycle.ts for lines of the table `table` (canceled, or handed to the carrier). */
export function closedSql(table: 'l' | 'order_lines' = 'l') {
  return sql<boolean>`(${sql.ref(`${table}.canceled_at`)} is not null or ${sql.ref(`${table}.packing_status_id`)} = ${PackingStatus.HandedToCarrier})`;
}

/** `isOpenLine` of src/shared/lifecycle.ts for lines `l`: neither canceled nor completed. */
export function openSql() {
  return sql<boolean>`(l.canceled_at is null and l.order_line_status_id < ${LineStatus.Completed})`;
}

/**
 * `inLineView` of src/shared/views.ts for lines `l`, every view but urgent (its rule reads every
 * text of a line); change both together (dashboard/counts.test.ts runs both over the same lines).
 */
export function lineViewSql(key: CountedLineView, now: Date) {
  switch (key) {
    case 'late':
      return lateSql(now);
    case 'qualityControl':
      return sql<boolean>`(l.canceled_at is null and l.order_line_status_id = ${LineStatus.QualityControl} and l.quality_control_id is null)`;
    case 'packing':
      return sql<boolean>`(l.canceled_at is null and l.order_line_status_id = ${LineStatus.Packing})`;
    case 'awaitingWorkshop':
      return sql<boolean>`(l.canceled_at is null and l.workshop_id is null)`;
  }
}

/** Whose sums: the kind of owner the figure tables (migration 0038) keep them by. */
const kindOf = (owner: LineOwner) => (owner.column === 'l.workshop_id' ? 'w' : 'c');

/** A canceled group stands for its lines as the shared rules read them: only whether it is null counts. */
const CANCELED = 'canceled';

/** Money summed over many lines, to the cent (a sum of stored amounts of two places). */
const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * The figure sums of owners of a kind (of one owner, given `ownerId`) as they stand: the rows kept,
 * and on PostgreSQL the parts written since they were last folded into them (migration 0042), a
 * few rows each, to be summed per key.
 */
export function figureSums(db: Db, kind: 'w' | 'c', ownerId?: number) {
  const rows = (table: 'line_figure_sums' | 'line_figure_deltas') => {
    const all = db.selectFrom(table).select(['owner_id', 'currency', 'status_id', 'canceled', 'lines', 'price', 'cost', 'delivered', 'production_ms']).where('kind', '=', kind);
    return ownerId === undefined ? all : all.where('owner_id', '=', ownerId);
  };
  return rows('line_figure_sums').unionAll(rows('line_figure_deltas')).as('s');
}

/** How often the parts written to the sums are folded into them (PostgreSQL): a read sums a few seconds' writes at most. */
export const FIGURE_FOLD_EVERY_MS = 2_000;

/** Folds the sums' parts into them every `everyMs` until the returned stop (PostgreSQL; SQLite writes the sums themselves). */
export function foldFiguresEvery(db: Db, log: RoundLog, everyMs = FIGURE_FOLD_EVERY_MS): () => Promise<void> {
  if (!isPostgres(db)) return async () => {};
  return roundsEvery(everyMs, () => foldFigureDeltas(db), log, 'the figure sums could not be folded');
}

/** An owner's orders counted per currency: the counts kept, and the parts not yet folded into them (a currency may come more than once). */
function orderCounts(db: Db, owner: LineOwner) {
  const rows = (table: 'line_figure_order_counts' | 'line_figure_count_deltas') =>
    db.selectFrom(table).select(['currency', 'orders', 'canceled_orders']).where('kind', '=', kindOf(owner)).where('owner_id', '=', owner.id);
  return rows('line_figure_order_counts').unionAll(rows('line_figure_count_deltas'));
}

/**
 * An owner's lines summed per currency, status and cancellation (a few rows, whatever its history),
 * each with a line of that group as the shared rules (`isOpenLine`) read it.
 */
async function sumsOf(db: Db, owner: LineOwner) {
  const total = (column: 'lines' | 'price' | 'cost' | 'delivered' | 'production_ms') => sql<number>`sum(${sql.ref(column)})`.as(column);
  const rows = await db
    .selectFrom(figureSums(db, kindOf(owner), owner.id))
    .select(['currency', 'status_id', 'canceled', total('lines'), total('price'), total('cost'), total('delivered'), total('production_ms')])
    .groupBy(['currency', 'status_id', 'canceled'])
    .execute();
  return rows.map((row) => ({
    currency: row.currency,
    line: { canceled_at: Number(row.canceled) === 1 ? CANCELED : null, order_line_status_id: row.status_id },
    lines: Number(row.lines),
    price: Number(row.price),
    cost: Number(row.cost),
    delivered: Number(row.delivered),
    production_days: Number(row.production_ms) / millisecondsInDay,
  }));
}

/** The late lines now (an owner's, or every one), read over an index of the lines neither canceled nor delivered (migration 0038). */
export function lateLines(db: Db, now: Date, owner?: LineOwner) {
  if (owner) return db.selectFrom('order_lines as l').where(lateSql(now)).where(owner.column, '=', owner.id);
  // Without statistics SQLite would read every undelivered line, canceled ones too (order_lines_undelivered_idx):
  // the partial index holds only the live ones, the few a late line can be.
  const lines = isPostgres(db)
    ? db.selectFrom('order_lines as l')
    : db.selectFrom(sql<OrderLinesTable>`order_lines`.as<'l'>(sql`l indexed by order_lines_workshop_undelivered_idx`));
  return lines.where(lateSql(now));
}

/** An owner's lines made in the last 24 hours: not canceled, and open; over its index by creation. */
export function recentLines(db: Db, owner: LineOwner, now: Date) {
  const count = (when: ReturnType<typeof sql<boolean>>) => sql<number>`count(case when ${when} then 1 end)`;
  return db
    .selectFrom('order_lines as l')
    .select([count(sql<boolean>`l.canceled_at is null`).as('total_daily'), count(openSql()).as('open_daily')])
    .where(owner.column, '=', owner.id)
    .where('l.created_at', '>=', subHours(now, 24).toISOString());
}

async function lateOf(db: Db, owner: LineOwner, now: Date) {
  return Number((await lateLines(db, now, owner).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
}

/**
 * `cardSums` of src/shared/figures.ts over every line of a workshop, open or closed, from its sums
 * (lines, statuses, delivered lines and their days) and its late lines read now; change both
 * together (figures.test.ts runs both over one table of cases on each database).
 */
export async function workshopCardSums(db: Db, workshopId: number, now = new Date()): Promise<CardSums> {
  const owner: LineOwner = { column: 'l.workshop_id', id: workshopId };
  const [groups, late] = await Promise.all([sumsOf(db, owner), lateOf(db, owner, now)]);
  const sums: CardSums = { total: 0, in_process: 0, waiting: 0, late, delivered: 0, production_days: 0 };
  for (const group of groups) {
    const live = group.line.canceled_at === null;
    sums.total += group.lines;
    if (live && group.line.order_line_status_id === LineStatus.InProcess) sums.in_process += group.lines;
    if (live && group.line.order_line_status_id === LineStatus.Waiting) sums.waiting += group.lines;
    sums.delivered += group.delivered;
    sums.production_days += group.production_days;
  }
  return sums;
}

/** Each product a workshop's lines name, with its open and all lines (open or closed) counted, by product id. */
export async function productLines(db: Db, workshopId: number): Promise<ProductLinesDto[]> {
  const rows = await db
    .selectFrom('order_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['p.id as product_id', 'p.title', 'p.picture_url', sql<number>`count(case when ${openSql()} then 1 end)`.as('open'), sql<number>`count(*)`.as('total')])
    .where('l.workshop_id', '=', workshopId)
    .groupBy(['p.id', 'p.title', 'p.picture_url'])
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({ ...row, open: Number(row.open), total: Number(row.total) }));
}

/**
 * Figures over a set of order lines, the same for a workshop and a customer: a line is open until
 * it is completed; "daily" counts the last 24 hours; money sums total_price, turnover sums the
 * workshop cost of completed lines. Canceled lines count only in their order's cancellation.
 * Amounts are never converted: given a `currency`, money counts only the orders in it; what the
 * open lines amount to comes per currency (`open_amounts`, the customer's credit standing).
 * Read from the owner's sums (per currency and status) and its orders counted per currency, with
 * what depends on the hour read live: the late lines and those of the last 24 hours.
 */
export async function lineFigures(db: Db, owner: LineOwner, now = new Date(), currency?: string) {
  const [groups, orders, late, recent] = await Promise.all([
    sumsOf(db, owner),
    orderCounts(db, owner).execute(),
    lateOf(db, owner, now),
    recentLines(db, owner, now).executeTakeFirstOrThrow(),
  ]);
  const totals = { lines: 0, waiting: 0, in_process: 0, open_total: 0, total_revenue: 0, revenue: 0, turnover: 0 };
  const open = new Map<string, { lines: number; amount: number }>();
  for (const group of groups) {
    if (group.line.canceled_at !== null) continue;
    const status = group.line.order_line_status_id;
    const priced = currency === undefined || group.currency === currency;
    totals.lines += group.lines;
    if (status === LineStatus.Waiting) totals.waiting += group.lines;
    if (status === LineStatus.InProcess) totals.in_process += group.lines;
    if (priced) totals.total_revenue += group.price;
    if (priced && status === LineStatus.Completed) {
      totals.revenue += group.price;
      totals.turnover += group.cost;
    }
    if (isOpenLine(group.line)) {
      totals.open_total += group.lines;
      const amounts = open.get(group.currency) ?? { lines: 0, amount: 0 };
      amounts.lines += group.lines;
      amounts.amount += group.price;
      open.set(group.currency, amounts);
    }
  }
  const add = (of: typeof orders, column: 'orders' | 'canceled_orders') => of.reduce((sum, row) => sum + Number(row[column]), 0);
  return {
    orders: add(orders, 'orders'),
    canceled_orders: add(orders, 'canceled_orders'),
    lines: totals.lines,
    waiting: totals.waiting,
    in_process: totals.in_process,
    late,
    total_revenue: cents(totals.total_revenue),
    priced_orders: add(currency === undefined ? orders : orders.filter((row) => row.currency === currency), 'orders'),
    revenue: cents(totals.revenue),
    turnover: cents(totals.turnover),
    open_total: totals.open_total,
    open_daily: Number(recent.open_daily),
    total_daily: Number(recent.total_daily),
    open_amounts: [...open]
      .filter(([, amounts]) => amounts.lines > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([code, amounts]) => ({ currency: code, amount: cents(amounts.amount) })),
  };
}

/**
 * The office's report over every line: lines by status and, per workshop (none yet: the lines
 * waiting for one), the open and the late lines. Canceled lines count only as canceled. From the
 * workshops' sums (a few rows each, summed over currencies here) and the late lines read now.
 */
export async function officeReport(db: Db, now = new Date()) {
  const [groups, late, statuses, workshops] = await Promise.all([
    db
      .selectFrom(figureSums(db, 'w'))
      .select(['owner_id', 'status_id', 'canceled', sql<number>`sum(lines)`.as('lines')])
      .groupBy(['owner_id', 'status_id', 'canceled'])
      .execute(),
    lateLines(db, now).select(['l.workshop_id', sql<number>`count(*)`.as('n')]).groupBy('l.workshop_id').execute(),
    db.selectFrom('order_line_statuses').select(['id', 'name']).orderBy('id').execute(),
    db.selectFrom('workshops').select(['id', 'name']).orderBy('name').orderBy('id').execute(),
  ]);
  const names = new Map(workshops.map((w) => [w.id, w.name]));
  const byStatus = new Map<number, number>();
  const perWorkshop = new Map<number | null, { workshop_id: number | null; workshop_name: string | null; open: number; late: number }>();
  const rowOf = (id: number | null) => {
    const row = perWorkshop.get(id) ?? { workshop_id: id, workshop_name: id === null ? null : (names.get(id) ?? null), open: 0, late: 0 };
    perWorkshop.set(id, row);
    return row;
  };
  let canceled = 0;
  for (const group of groups) {
    const lines = Number(group.lines);
    // A workshop whose lines all moved elsewhere keeps empty sums: it has none.
    if (lines === 0) continue;
    const line = { canceled_at: Number(group.canceled) === 1 ? CANCELED : null, order_line_status_id: group.status_id };
    if (line.canceled_at === null) byStatus.set(line.order_line_status_id, (byStatus.get(line.order_line_status_id) ?? 0) + lines);
    else canceled += lines;
    const row = rowOf(group.owner_id === 0 ? null : group.owner_id);
    if (isOpenLine(line)) row.open += lines;
  }
  for (const group of late) rowOf(group.workshop_id).late += Number(group.n);
  // The workshops by name, then the lines waiting for one.
  const rows = [...workshops.map((w) => perWorkshop.get(w.id)), perWorkshop.get(null)].filter((row) => row !== undefined);
  return {
    lines_by_status: statuses.map((s) => ({ status_id: s.id, name: s.name, count: byStatus.get(s.id) ?? 0 })),
    late: rows.reduce((total, row) => total + row.late, 0),
    canceled,
    workshops: rows,
  };
}
