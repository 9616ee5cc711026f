import type { Db } from '../../db';
import { entriesOf, productFromWebhook, restId } from './catalogue-product';
import { type CatalogueStore, markGone, newerStateStored, upsertVariants } from './catalogue-upsert';
import { getOptionNames } from './options';

/*
 * A product changed or deleted in the shop, between syncs: the same rule as a sync, for that one
 * product. An update writes its variants and marks those the shop no longer lists; a delete marks
 * them all (their order lines keep their product). An update older than the state stored (webhooks
 * come in any order, retried for hours) is taken and changes nothing.
 */

export const PRODUCT_TOPICS = new Set(['products/update', 'products/delete']);

/** Takes a product webhook; `done` marks its job done in the same transaction. */
export async function takeProductWebhook(db: Db, store: CatalogueStore, topic: string, body: unknown, done: (trx: Db) => Promise<void>): Promise<void> {
  const at = new Date().toISOString();
  const product = topic === 'products/delete' ? null : productFromWebhook(body);
  const productId = product?.id ?? restId((body as { id?: unknown } | null)?.id);
  await db.transaction().execute(async (trx) => {
    if (product && (await newerStateStored(trx, store, product.id, product.updatedAt))) return done(trx);
    if (product) await upsertVariants(trx, store, entriesOf([product]), await getOptionNames(trx), at);
    await markGone(trx, store, productId, product?.variants.map((variant) => variant.id) ?? [], at);
    await done(trx);
  });
}
