import type { Db } from '../../db';
import type { RefusedWebhookDto } from '../../../shared/api';

/*
 * The trace of refused webhooks that 'Mağazalar' shows: per sending domain how many were refused
 * and when the last was, never what they carried. A known store's domain always gets its row; the
 * domains of unknown shops are kept up to a bound, so nobody can grow the table by making up names.
 */

/** How many unknown shops' domains are kept; a new one beyond is counted nowhere. */
export const UNKNOWN_DOMAINS_KEPT = 100;

/** The header's domain as stored: the column's width at most. */
const DOMAIN_WIDTH = 255;

export type RefusalReason = RefusedWebhookDto['reason'];

/** Counts a refused webhook of `domain`: one more on its row, or a new row within the bound. */
export async function recordRefusal(db: Db, domain: string, reason: RefusalReason, at = new Date()): Promise<void> {
  const row = { shop_domain: domain.slice(0, DOMAIN_WIDTH), reason, last_at: at.toISOString() };
  const counted = await db
    .updateTable('refused_webhooks')
    .set((eb) => ({ count: eb('count', '+', 1), reason: row.reason, last_at: row.last_at }))
    .where('shop_domain', '=', row.shop_domain)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) > 0) return;
  if (reason === 'unknownShop') {
    const kept = await db.selectFrom('refused_webhooks').select((eb) => eb.fn.countAll<number>().as('n')).where('reason', '=', 'unknownShop').executeTakeFirstOrThrow();
    if (Number(kept.n) >= UNKNOWN_DOMAINS_KEPT) return;
  }
  // Two refusals of a new domain at once: the second counts on the row the first made.
  await db
    .insertInto('refused_webhooks')
    .values({ ...row, count: 1 })
    .onConflict((oc) => oc.column('shop_domain').doUpdateSet((eb) => ({ count: eb('refused_webhooks.count', '+', 1), reason: eb.ref('excluded.reason'), last_at: eb.ref('excluded.last_at') })))
    .execute();
}

/** The refusals, the latest first. */
export function listRefusals(db: Db): Promise<RefusedWebhookDto[]> {
  return db.selectFrom('refused_webhooks').select(['shop_domain', 'reason', 'count', 'last_at']).$assertType<RefusedWebhookDto>().orderBy('last_at', 'desc').orderBy('shop_domain').execute();
}
