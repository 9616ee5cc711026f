import { sql } from 'kysely';
import type { Db } from '../../db';
import type { DashboardCountsDto } from '../../../shared/api';
import { COUNTED_LINE_VIEWS, type CountedLineView } from '../../../shared/views';
import { lineViewSql, openSql } from '../order-lines/figures';

/** The lines of one built-in view, counted over the index of its lines. */
export const viewCount = (db: Db, key: CountedLineView, now: Date) =>
  db
    .selectFrom('order_lines as l')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(lineViewSql(key, now));

/**
 * The admin dashboard's counts, each in SQL over the whole table (no rows are read): the lines of
 * each countable built-in view, each its own count over an index of its lines (migration 0034), the
 * customers above their credit, whose open lines are read over the customer's index of lines not
 * closed, and the shop items waiting for a product. Three statements, run side by side.
 */
export async function dashboardCounts(db: Db, now = new Date()): Promise<DashboardCountsDto> {
  const [lines, credit, items] = await Promise.all([
    db
      .selectNoFrom(COUNTED_LINE_VIEWS.map((key) => viewCount(db, key, now).as(key)))
      .executeTakeFirstOrThrow(),
    // `exceedsCredit` of shared/credit.ts for the open orders already placed: the available credit
    // (credit less the open lines in the credit's currency, to the cent) is below zero. An open
    // line is never closed, so `closed_at is null` only narrows the read to the customer's index.
    db
      .selectFrom('customers as c')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        sql<boolean>`round(c.credit - (select coalesce(sum(l.total_price), 0) from order_lines l inner join orders o on o.id = l.order_id
          where l.customer_id = c.id and l.closed_at is null and o.currency = c.credit_currency and ${openSql()}), 2) < 0`,
      )
      .executeTakeFirstOrThrow(),
    db.selectFrom('shop_pending_items').select((eb) => eb.fn.countAll<number>().as('n')).where('matched_at', 'is', null).executeTakeFirstOrThrow(),
  ]);
  const views = Object.fromEntries(COUNTED_LINE_VIEWS.map((key) => [key, Number(lines[key])])) as DashboardCountsDto['views'];
  return { views, above_credit: Number(credit.n), unmatched_items: Number(items.n) };
}
