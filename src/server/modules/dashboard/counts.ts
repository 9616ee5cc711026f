import { sql } from 'kysely';
import type { Db } from '../../db';
import type { DashboardCountsDto } from '../../../shared/api';
import { COUNTED_LINE_VIEWS, type CountedLineView } from '../../../shared/views';
import { LineStatus } from '../../../shared/statuses';
import { figureSums, lateLines, lineViewSql } from '../order-lines/figures';

/**
 * The lines of one built-in view, counted over the index of its lines; the late ones over the index
 * of live undelivered lines (`lateLines`), not the one that also holds two years of canceled lines.
 */
export const viewCount = (db: Db, key: CountedLineView, now: Date) =>
  (key === 'late' ? lateLines(db, now) : db.selectFrom('order_lines as l').where(lineViewSql(key, now))).select((eb) => eb.fn.countAll<number>().as('n'));

/**
 * The admin dashboard's counts, each in SQL over the whole table (no rows are read): the lines of
 * each countable built-in view, each its own count over an index of its lines (migration 0034), the
 * customers above their credit, from their sums, and the shop items waiting for a product. Three statements, run side by side.
 */
export async function dashboardCounts(db: Db, now = new Date()): Promise<DashboardCountsDto> {
  const [lines, credit, items] = await Promise.all([
    db
      .selectNoFrom(COUNTED_LINE_VIEWS.map((key) => viewCount(db, key, now).as(key)))
      .executeTakeFirstOrThrow(),
    // `exceedsCredit` of shared/credit.ts for the open orders already placed: the available credit
    // (credit less the open lines in the credit's currency, to the cent) is below zero, read from
    // each customer's sums (a few rows per customer, whatever its history; migration 0038).
    db
      .selectFrom('customers as c')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        sql<boolean>`round(c.credit - coalesce((select sum(s.price) from ${figureSums(db, 'c')}
          where s.owner_id = c.id and s.currency = c.credit_currency and s.canceled = 0 and s.status_id < ${LineStatus.Completed}), 0), 2) < 0`,
      )
      .executeTakeFirstOrThrow(),
    db.selectFrom('shop_pending_items').select((eb) => eb.fn.countAll<number>().as('n')).where('matched_at', 'is', null).executeTakeFirstOrThrow(),
  ]);
  const views = Object.fromEntries(COUNTED_LINE_VIEWS.map((key) => [key, Number(lines[key])])) as DashboardCountsDto['views'];
  return { views, above_credit: Number(credit.n), unmatched_items: Number(items.n) };
}
