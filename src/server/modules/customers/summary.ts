import { subDays } from 'date-fns';
import { sql } from 'kysely';
import type { CustomerSummaryDto, SummaryOrderDto, SummaryShipmentDto } from '../../../shared/api';
import { toCents } from '../../../shared/credit';
import { SUMMARY_DEFAULT_DAYS, summaryPeriodRefusal, summaryQuerySchema } from '../../../shared/schemas/summary';
import type { Db } from '../../db';
import { badRequest } from '../../errors';
import { validateQuery } from '../../validate';
import { creditStandingOf, getCustomer } from './service';

/*
 * 'Sipariş ve Kredi Özeti' (issue 29): a customer's credit as it stands, the orders it placed in a
 * period with their lines counted by where they stand, and the lines handed to the carrier in it.
 * Each part is one indexed range: orders by (customer_id, created_at), shipped lines by
 * (customer_id, closed_at), so a period costs its own orders and lines, never the history.
 */

export interface SummaryPeriod {
  from: string;
  to: string;
}

/** The period asked for (the last SUMMARY_DEFAULT_DAYS up to `now` by default), or a 400 naming what is wrong with it. */
export async function parseSummaryQuery(query: unknown, now: Date): Promise<SummaryPeriod> {
  const raw = await validateQuery(summaryQuerySchema, query);
  const to = raw.to === undefined ? now : new Date(raw.to);
  const from = raw.from === undefined ? subDays(to, SUMMARY_DEFAULT_DAYS) : new Date(raw.from);
  const refusal = summaryPeriodRefusal(from, to);
  if (refusal) throw badRequest(refusal, 'VALIDATION');
  return { from: from.toISOString(), to: to.toISOString() };
}

const one = (condition: ReturnType<typeof sql>) => sql<number | string>`sum(case when ${condition} then 1 else 0 end)`;

async function ordersOf(db: Db, customerId: number, { from, to }: SummaryPeriod): Promise<SummaryOrderDto[]> {
  const rows = await db
    .selectFrom('orders as o')
    .leftJoin('order_lines as l', 'l.order_id', 'o.id')
    .select([
      'o.id',
      'o.order_number',
      'o.created_at',
      'o.currency',
      'o.credit_exceeded',
      (eb) => eb.fn.count<number | string>('l.id').as('lines'),
      one(sql`l.canceled_at is null and l.closed_at is not null`).as('shipped_lines'),
      one(sql`l.canceled_at is not null`).as('canceled_lines'),
      sql<number | string | null>`sum(case when l.canceled_at is null then l.total_price else 0 end)`.as('total'),
    ])
    .where('o.customer_id', '=', customerId)
    .where('o.created_at', '>=', from)
    .where('o.created_at', '<=', to)
    .groupBy(['o.id', 'o.order_number', 'o.created_at', 'o.currency', 'o.credit_exceeded'])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
  const tracking = await db
    .selectFrom('orders as o')
    .innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .select(['o.id', 'l.shipment_tracking_number as number'])
    .distinct()
    .where('o.customer_id', '=', customerId)
    .where('o.created_at', '>=', from)
    .where('o.created_at', '<=', to)
    .where('l.shipment_tracking_number', 'is not', null)
    .where('l.canceled_at', 'is', null)
    .orderBy('o.id')
    .orderBy('l.shipment_tracking_number')
    .execute();
  const numbersOf = new Map<number, string[]>();
  for (const { id, number } of tracking) numbersOf.set(id, [...(numbersOf.get(id) ?? []), number!]);
  return rows.map((row) => ({
    id: row.id,
    order_number: row.order_number,
    created_at: row.created_at,
    currency: row.currency,
    credit_exceeded: Number(row.credit_exceeded) === 1,
    lines: Number(row.lines),
    shipped_lines: Number(row.shipped_lines ?? 0),
    canceled_lines: Number(row.canceled_lines ?? 0),
    total: toCents(Number(row.total ?? 0)),
    tracking_numbers: numbersOf.get(row.id) ?? [],
  }));
}

function shipmentsOf(db: Db, customerId: number, { from, to }: SummaryPeriod): Promise<SummaryShipmentDto[]> {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['l.id as line_id', 'l.order_id', 'o.order_number', 'p.title as product_title', 'l.closed_at as shipped_at', 'l.shipment_tracking_number as tracking_number'])
    .where('l.customer_id', '=', customerId)
    .where('l.closed_at', '>=', from)
    .where('l.closed_at', '<=', to)
    // A closed line not canceled was handed to the carrier (shared/lifecycle.ts isClosedLine).
    .where('l.canceled_at', 'is', null)
    .orderBy('l.closed_at', 'desc')
    .orderBy('l.id', 'desc')
    .$narrowType<{ shipped_at: string }>()
    .execute();
}

/** The customer's order and credit summary over `period`. */
export async function customerSummary(db: Db, customerId: number, period: SummaryPeriod): Promise<CustomerSummaryDto> {
  const customer = await getCustomer(db, customerId);
  const [credit, orders, shipments] = await Promise.all([creditStandingOf(db, customer), ordersOf(db, customerId, period), shipmentsOf(db, customerId, period)]);
  return { customer: { id: customer.id, name: customer.name, company_name: customer.company_name }, ...period, credit, orders, shipments };
}
