import type { Db } from '../../db';
import type { PendingItemDto } from '../../../shared/api';
import { badRequest, conflict, notFound } from '../../errors';
import type { LineBus } from '../live/bus';
import { createLines } from '../orders/line-writer';
import { unitLines } from '../orders/units';
import { personalisation, type ShopItem } from './intake';

/*
 * Line items of shop orders whose variant matched no product ('Eşleşme bekliyor'): kept with what
 * the shop sent until the admin names their product; then their lines are made as they would have
 * been when the order arrived.
 */

/** The items waiting for a product, oldest first, with their order and store. */
export async function waitingItems(db: Db): Promise<PendingItemDto[]> {
  const rows = await db
    .selectFrom('shop_pending_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('shop_connections as c', 'c.id', 'i.connection_id')
    .select(['i.id', 'i.order_id', 'o.order_number', 'c.shop_name', 'c.shop_domain', 'i.line_item_id', 'i.variant_id', 'i.sku', 'i.title', 'i.quantity', 'i.unit_price', 'o.currency', 'i.created_at'])
    .where('i.matched_at', 'is', null)
    .orderBy('i.id')
    .execute();
  // Decimals come back as text from PostgreSQL.
  return rows.map((row) => ({ ...row, unit_price: row.unit_price === null ? null : Number(row.unit_price) }));
}

/**
 * Names the product of a waiting item: its units become lines of its order (personalisation, price
 * and note as the shop sent them), heard live like any new line. A product with no shop variant
 * yet takes the item's, so the next order of that variant finds it by itself.
 */
export async function matchItem(db: Db, bus: LineBus, itemId: number, productId: number, userId: number): Promise<{ id: number; order_id: number; lines: number }> {
  return bus.write(db, async (trx, record) => {
    const item = await trx.selectFrom('shop_pending_items').selectAll().where('id', '=', itemId).executeTakeFirst();
    if (!item) throw notFound();
    if (item.matched_at !== null) throw conflict('errors:shopifyItemAlreadyMatched', 'ITEM_ALREADY_MATCHED');
    const product = await trx.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirst();
    if (!product) throw badRequest('errors:unknownProduct', 'UNKNOWN_PRODUCT', { id: productId });
    const order = await trx.selectFrom('orders').select(['id', 'order_number', 'customer_id', 'notes', 'canceled_at']).where('id', '=', item.order_id).executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const raw = JSON.parse(item.raw) as ShopItem;
    const units = order.canceled_at
      ? []
      : unitLines(order.id, product, item.quantity, at, {
          ...personalisation(raw.properties ?? []),
          customer_note: order.notes,
          total_price: item.unit_price === null ? undefined : Number(item.unit_price),
          shop_line_item_id: item.line_item_id,
        });
    const stored = await createLines(trx, record, order.order_number, units, order.customer_id, userId);
    await trx.updateTable('shop_pending_items').set({ matched_product_id: product.id, matched_by: userId, matched_at: at }).where('id', '=', item.id).execute();
    if (item.variant_id && product.shopify_variant_id === null) {
      const taken = await trx.selectFrom('products').select('id').where('shopify_variant_id', '=', item.variant_id).executeTakeFirst();
      if (!taken) await trx.updateTable('products').set({ shopify_variant_id: item.variant_id, updated_at: at }).where('id', '=', product.id).execute();
    }
    return { id: item.id, order_id: order.id, lines: stored.length };
  });
}
