import { subHours } from 'date-fns';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { isPostgres } from '../../db/ddl';
import type { ProductLinesDto } from '../../../shared/api';
import type { CardSums } from '../../../shared/figures';
import { LineStatus, PackingStatus } from '../../../shared/statuses';
import type { CountedLineView } from '../../../shared/views';

/** Whose lines: a workshop's (by line) or a customer's (by order). */
export type LineOwner = { column: 'l.workshop_id' | 'o.customer_id'; id: number };

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
      sql<number>`count(case when l.order_line_status_id = ${LineStatus.InProcess} then 1 end)`.as('in_process'),
      sql<number>`count(case when l.order_line_status_id = ${LineStatus.Waiting} then 1 end)`.as('waiting'),
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
 * Amounts are never converted: given a `currency`, money counts only the orders in it.
 */
export async function lineFigures(db: Db, owner: LineOwner, now = new Date(), currency?: string) {
  const since = subHours(now, 24).toISOString();
  const live = sql<boolean>`l.canceled_at is null`;
  const priced = currency === undefined ? live : sql<boolean>`${live} and o.currency = ${currency}`;
  const open = openSql();
  const recent = sql<boolean>`l.created_at >= ${since}`;
  const row = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select([
      sql<number>`count(distinct case when ${live} then o.id end)`.as('orders'),
      sql<number>`count(distinct case when o.canceled_at is not null then o.id end)`.as('canceled_orders'),
      sql<number>`count(case when ${live} then 1 end)`.as('lines'),
      sql<number>`count(case when ${live} and l.order_line_status_id = ${LineStatus.Waiting} then 1 end)`.as('waiting'),
      sql<number>`count(case when ${live} and l.order_line_status_id = ${LineStatus.InProcess} then 1 end)`.as('in_process'),
      sql<number>`count(case when ${lateSql(now)} then 1 end)`.as('late'),
      sql<number>`coalesce(sum(case when ${priced} then l.total_price else 0 end), 0)`.as('total_revenue'),
      sql<number>`count(distinct case when ${priced} then o.id end)`.as('priced_orders'),
      sql<number>`coalesce(sum(case when ${priced} and l.order_line_status_id = ${LineStatus.Completed} then l.total_price else 0 end), 0)`.as('revenue'),
      sql<number>`coalesce(sum(case when ${priced} and l.order_line_status_id = ${LineStatus.Completed} then l.product_cost else 0 end), 0)`.as('turnover'),
      sql<number>`count(case when ${open} then 1 end)`.as('open_total'),
      sql<number>`count(case when ${open} and ${recent} then 1 end)`.as('open_daily'),
      sql<number>`count(case when ${live} and ${recent} then 1 end)`.as('total_daily'),
    ])
    .where(owner.column, '=', owner.id)
    .executeTakeFirstOrThrow();
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as Record<keyof typeof row, number>;
}

/**
 * The office's report over every line: lines by status and, per workshop (none yet: the lines
 * waiting for one), the open and the late lines. Canceled lines count only as canceled.
 */
export async function officeReport(db: Db, now = new Date()) {
  const byStatus = await db
    .selectFrom('order_line_statuses as s')
    .leftJoin('order_lines as l', (join) => join.onRef('l.order_line_status_id', '=', 's.id').on('l.canceled_at', 'is', null))
    .select(['s.id as status_id', 's.name', (eb) => eb.fn.count<number>('l.id').as('count')])
    .groupBy(['s.id', 's.name'])
    .orderBy('s.id')
    .execute();
  const perWorkshop = await db
    .selectFrom('order_lines as l')
    .leftJoin('workshops as w', 'w.id', 'l.workshop_id')
    .select([
      'l.workshop_id',
      'w.name as workshop_name',
      sql<number>`count(case when ${openSql()} then 1 end)`.as('open'),
      sql<number>`count(case when ${lateSql(now)} then 1 end)`.as('late'),
    ])
    .groupBy(['l.workshop_id', 'w.name'])
    .orderBy('w.name')
    .execute();
  const canceled = await db.selectFrom('order_lines').select((eb) => eb.fn.countAll<number>().as('n')).where('canceled_at', 'is not', null).executeTakeFirstOrThrow();
  const workshops = perWorkshop.map((row) => ({ workshop_id: row.workshop_id, workshop_name: row.workshop_name ?? null, open: Number(row.open), late: Number(row.late) }));
  return {
    lines_by_status: byStatus.map((row) => ({ status_id: row.status_id, name: row.name, count: Number(row.count) })),
    late: workshops.reduce((sum, row) => sum + row.late, 0),
    canceled: Number(canceled.n),
    workshops,
  };
}
