import { sql } from 'kysely';
import type { Db } from '../src/server/db';
import { figureSums } from '../src/server/modules/order-lines/figures';
import { productionDays } from '../src/shared/figures';

/*
 * The figure tables (migration 0038) as they are kept, beside the same sums counted from scratch
 * here, line by line in TypeScript, so a test can require them equal after any write.
 */

type Row = Record<string, string | number>;
const OWNERS = [
  ['w', 'workshop_id'],
  ['c', 'customer_id'],
] as const;

const sorted = (rows: Row[]) => rows.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
const cents = (value: number) => Math.round(value * 100) / 100;

/** Adds `values` to the row of `key` in `into`. */
function add(into: Map<string, Row>, key: Row, values: Record<string, number>) {
  const id = JSON.stringify(key);
  const row = into.get(id) ?? { ...key, ...Object.fromEntries(Object.keys(values).map((name) => [name, 0])) };
  for (const [name, value] of Object.entries(values)) row[name] = Number(row[name]) + value;
  into.set(id, row);
}

/** The rows kept, an empty one (an owner whose lines all left) left out; amounts to the cent. */
export async function keptFigureSums(db: Db) {
  // As the figures read them: the rows kept plus the parts not yet folded into them.
  const total = (column: 'lines' | 'price' | 'cost' | 'delivered' | 'production_ms') => sql<number>`sum(${sql.ref(column)})`.as(column);
  const sums = (
    await Promise.all(
      (['w', 'c'] as const).map((kind) =>
        db
          .selectFrom(figureSums(db, kind))
          .select(['owner_id', 'currency', 'status_id', 'canceled', total('lines'), total('price'), total('cost'), total('delivered'), total('production_ms')])
          .groupBy(['owner_id', 'currency', 'status_id', 'canceled'])
          .execute()
          .then((rows) => rows.map((row) => ({ kind, ...row }))),
      ),
    )
  ).flat();
  const orders = await db.selectFrom('line_figure_orders').selectAll().execute();
  const counts = await db
    .selectFrom(db.selectFrom('line_figure_order_counts').selectAll().unionAll(db.selectFrom('line_figure_count_deltas').selectAll()).as('c'))
    .select(['kind', 'owner_id', 'currency', sql<number>`sum(orders)`.as('orders'), sql<number>`sum(canceled_orders)`.as('canceled_orders')])
    .groupBy(['kind', 'owner_id', 'currency'])
    .execute();
  return {
    sums: sorted(
      sums
        .filter((row) => Number(row.lines) !== 0)
        .map((row) => ({ ...row, canceled: Number(row.canceled), lines: Number(row.lines), price: cents(Number(row.price)), cost: cents(Number(row.cost)), delivered: Number(row.delivered), production_ms: Number(row.production_ms) })),
    ),
    orders: sorted(orders.filter((row) => Number(row.lines) !== 0).map((row) => ({ ...row, canceled: Number(row.canceled), lines: Number(row.lines), live_lines: Number(row.live_lines) }))),
    counts: sorted(counts.filter((row) => Number(row.orders) + Number(row.canceled_orders) !== 0).map((row) => ({ ...row, orders: Number(row.orders), canceled_orders: Number(row.canceled_orders) }))),
  };
}

/** The same rows counted from every line and its order. */
export async function countedFigureSums(db: Db) {
  const lines = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.workshop_id', 'l.customer_id', 'l.order_id', 'l.order_line_status_id', 'l.canceled_at', 'l.total_price', 'l.product_cost', 'l.delivery_to_office', 'l.created_at', 'l.production_expected_date', 'o.currency', 'o.canceled_at as order_canceled_at'])
    .execute();
  const sums = new Map<string, Row>();
  const orders = new Map<string, Row>();
  for (const line of lines) {
    const days = productionDays(line);
    for (const [kind, column] of OWNERS) {
      const owner_id = line[column] ?? 0;
      add(
        sums,
        { kind, owner_id, currency: line.currency, status_id: line.order_line_status_id, canceled: line.canceled_at === null ? 0 : 1 },
        { lines: 1, price: Number(line.total_price ?? 0), cost: Number(line.product_cost ?? 0), delivered: days === null ? 0 : 1, production_ms: days === null ? 0 : Math.round(days * 86_400_000) },
      );
      add(
        orders,
        { kind, owner_id, order_id: line.order_id, currency: line.currency, canceled: line.order_canceled_at === null ? 0 : 1 },
        { lines: 1, live_lines: line.canceled_at === null ? 1 : 0 },
      );
    }
  }
  const counts = new Map<string, Row>();
  for (const order of orders.values()) {
    const counted = { orders: Number(order.live_lines) > 0 ? 1 : 0, canceled_orders: order.canceled === 1 ? 1 : 0 };
    if (counted.orders + counted.canceled_orders > 0) add(counts, { kind: order.kind, owner_id: order.owner_id, currency: order.currency }, counted);
  }
  const money = (row: Row) => ({ ...row, price: cents(Number(row.price)), cost: cents(Number(row.cost)) });
  return { sums: sorted([...sums.values()].map(money)), orders: sorted([...orders.values()]), counts: sorted([...counts.values()]) };
}
