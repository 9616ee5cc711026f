import { subHours } from 'date-fns';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { isPostgres } from '../../db/ddl';
import type { ProductLinesDto } from '../../../shared/api';
import type { CardSums } from '../../../shared/figures';
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

/** Days from a line's creation to its delivery to the office (null when not delivered), as `productionDays` of src/shared/figures.ts reads them. */
function productionDaysSql(db: Db) {
  return isPostgres(db)
    ? sql<number>`(extract(epoch from (l.delivery_to_office - l.created_at)) / 86400)`
    : sql<number>`(julianday(l.delivery_to_office) - julianday(l.created_at))`;
}

/**
 * `cardSums` of src/shared/figures.ts over every line of a workshop, open or closed, in one
 * aggregate over its index; change both together (workshop-cards.test.ts runs both over one table
 * of cases on each database).
 */
export async function workshopCardSums(db: Db, workshopId: number, now = new Date()): Promise<CardSums> {
  const days = productionDaysSql(db);
  const counted = sql<boolean>`${days} > 0`;
  const row = await db
    .selectFrom('order_lines as l')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`count(case when l.canceled_at is null and l.order_line_status_id = ${LineStatus.InProcess} then 1 end)`.as('in_process'),
      sql<number>`count(case when l.canceled_at is null and l.order_line_status_id = ${LineStatus.Waiting} then 1 end)`.as('waiting'),
      sql<number>`count(case when ${lateSql(now)} then 1 end)`.as('late'),
      sql<number>`count(case when ${counted} then 1 end)`.as('delivered'),
      sql<number>`coalesce(sum(case when ${counted} then ${days} end), 0)`.as('production_days'),
    ])
    .where('l.workshop_id', '=', workshopId)
    .executeTakeFirstOrThrow();
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as unknown as CardSums;
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
 * The lines are summed per order first (over the owner's index alone), then each order is read
 * once for its currency and cancellation, instead of once per line; the few currencies are added up here.
 */
export async function lineFigures(db: Db, owner: LineOwner, now = new Date(), currency?: string) {
  const since = subHours(now, 24).toISOString();
  const live = sql<boolean>`l.canceled_at is null`;
  const completed = sql<boolean>`${live} and l.order_line_status_id = ${LineStatus.Completed}`;
  const recent = sql<boolean>`l.created_at >= ${since}`;
  const count = (when: ReturnType<typeof sql<boolean>>) => sql<number>`count(case when ${when} then 1 end)`;
  const sum = (column: 'l.total_price' | 'l.product_cost', when: ReturnType<typeof sql<boolean>>) => sql<number>`coalesce(sum(case when ${when} then ${sql.ref(column)} end), 0)`;
  const perOrder = db
    .selectFrom('order_lines as l')
    .select([
      'l.order_id',
      count(live).as('lines'),
      count(sql<boolean>`${live} and l.order_line_status_id = ${LineStatus.Waiting}`).as('waiting'),
      count(sql<boolean>`${live} and l.order_line_status_id = ${LineStatus.InProcess}`).as('in_process'),
      count(lateSql(now)).as('late'),
      count(openSql()).as('open_total'),
      count(sql<boolean>`${openSql()} and ${recent}`).as('open_daily'),
      count(sql<boolean>`${live} and ${recent}`).as('total_daily'),
      sum('l.total_price', live).as('price'),
      sum('l.total_price', completed).as('completed_price'),
      sum('l.product_cost', completed).as('completed_cost'),
      sum('l.total_price', openSql()).as('open_price'),
    ])
    .where(owner.column, '=', owner.id)
    .groupBy('l.order_id');
  const total = (column: 'lines' | 'waiting' | 'in_process' | 'late' | 'open_total' | 'open_daily' | 'total_daily' | 'price' | 'completed_price' | 'completed_cost' | 'open_price') =>
    sql<number>`coalesce(sum(${sql.ref(`f.${column}`)}), 0)`.as(column);
  const rows = await db
    .selectFrom(perOrder.as('f'))
    .innerJoin('orders as o', 'o.id', 'f.order_id')
    .select([
      'o.currency',
      sql<number>`count(case when f.lines > 0 then 1 end)`.as('orders'),
      sql<number>`count(case when o.canceled_at is not null then 1 end)`.as('canceled_orders'),
      total('lines'),
      total('waiting'),
      total('in_process'),
      total('late'),
      total('open_total'),
      total('open_daily'),
      total('total_daily'),
      total('price'),
      total('completed_price'),
      total('completed_cost'),
      total('open_price'),
    ])
    .groupBy('o.currency')
    .orderBy('o.currency')
    .execute();
  const add = (of: typeof rows, column: Exclude<keyof (typeof rows)[number], 'currency'>) => of.reduce((sum, row) => sum + Number(row[column]), 0);
  const priced = currency === undefined ? rows : rows.filter((row) => row.currency === currency);
  return {
    orders: add(rows, 'orders'),
    canceled_orders: add(rows, 'canceled_orders'),
    lines: add(rows, 'lines'),
    waiting: add(rows, 'waiting'),
    in_process: add(rows, 'in_process'),
    late: add(rows, 'late'),
    total_revenue: add(priced, 'price'),
    priced_orders: add(priced, 'orders'),
    revenue: add(priced, 'completed_price'),
    turnover: add(priced, 'completed_cost'),
    open_total: add(rows, 'open_total'),
    open_daily: add(rows, 'open_daily'),
    total_daily: add(rows, 'total_daily'),
    open_amounts: rows.filter((row) => Number(row.open_total) > 0).map((row) => ({ currency: row.currency, amount: Number(row.open_price) })),
  };
}

/**
 * The office's report over every line: lines by status and, per workshop (none yet: the lines
 * waiting for one), the open and the late lines. Canceled lines count only as canceled. One pass
 * over the workshop index, grouped by workshop and status; the few groups are added up here.
 */
export async function officeReport(db: Db, now = new Date()) {
  const [groups, statuses, workshops] = await Promise.all([
    db
      .selectFrom('order_lines as l')
      .select([
        'l.workshop_id',
        'l.order_line_status_id',
        sql<number>`count(case when l.canceled_at is null then 1 end)`.as('live'),
        sql<number>`count(case when l.canceled_at is not null then 1 end)`.as('canceled'),
        sql<number>`count(case when ${openSql()} then 1 end)`.as('open'),
        sql<number>`count(case when ${lateSql(now)} then 1 end)`.as('late'),
      ])
      .groupBy(['l.workshop_id', 'l.order_line_status_id'])
      .execute(),
    db.selectFrom('order_line_statuses').select(['id', 'name']).orderBy('id').execute(),
    db.selectFrom('workshops').select(['id', 'name']).orderBy('name').orderBy('id').execute(),
  ]);
  const names = new Map(workshops.map((w) => [w.id, w.name]));
  const byStatus = new Map<number, number>();
  const perWorkshop = new Map<number | null, { workshop_id: number | null; workshop_name: string | null; open: number; late: number }>();
  let canceled = 0;
  for (const group of groups) {
    byStatus.set(group.order_line_status_id, (byStatus.get(group.order_line_status_id) ?? 0) + Number(group.live));
    canceled += Number(group.canceled);
    const id = group.workshop_id;
    const row = perWorkshop.get(id) ?? { workshop_id: id, workshop_name: id === null ? null : (names.get(id) ?? null), open: 0, late: 0 };
    row.open += Number(group.open);
    row.late += Number(group.late);
    perWorkshop.set(id, row);
  }
  // The workshops by name, then the lines waiting for one.
  const rows = [...workshops.map((w) => perWorkshop.get(w.id)), perWorkshop.get(null)].filter((row) => row !== undefined);
  return {
    lines_by_status: statuses.map((s) => ({ status_id: s.id, name: s.name, count: byStatus.get(s.id) ?? 0 })),
    late: rows.reduce((total, row) => total + row.late, 0),
    canceled,
    workshops: rows,
  };
}
