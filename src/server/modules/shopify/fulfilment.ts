import type { Shipped } from '../orders/life-cycle';
import type { ShopifyClient } from './client';

/*
 * A shop order's pieces handed to the carrier become a fulfilment in the shop, with the tracking
 * number, so the shop sends its buyer the shop's shipping mail. Only the units shipped are
 * fulfilled (a partly shipped order stays open in the shop for the rest), and units the shop
 * already counts as fulfilled are not sent again: a job retried after a success does nothing.
 */

// Five fulfilment orders of up to 50 line items: about 520 points, under the 1,000 a query may cost.
const FULFILLMENT_ORDERS = `query FulfillmentOrders($id: ID!) {
  order(id: $id) { fulfillmentOrders(first: 5) { nodes { id status lineItems(first: 50) { nodes { id remainingQuantity lineItem { id } } } } } }
}`;

const CREATE = `mutation Fulfil($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment, message: null) { fulfillment { id status } userErrors { field message } }
}`;

interface FulfillmentOrders {
  order: { fulfillmentOrders: { nodes: Array<{ id: string; status: string; lineItems: { nodes: Array<{ id: string; remainingQuantity: number; lineItem: { id: string } }> } }> } } | null;
}

/** Fulfillment orders the shop still expects to be shipped. */
const OPEN = new Set(['OPEN', 'IN_PROGRESS']);
const numberOf = (gid: string) => /\/(\d+)$/.exec(gid)?.[1] ?? gid;

/** Fulfils the shipped units of a shop order in the shop; the number of units sent there. */
export async function fulfilShipment(client: ShopifyClient, shipment: Shipped): Promise<number> {
  const { data } = await client.request<FulfillmentOrders>(FULFILLMENT_ORDERS, { id: `gid://shopify/Order/${shipment.shopOrderId}` });
  if (!data.order) throw new Error(`the shop has no order ${shipment.shopOrderId}`);
  const left = { ...shipment.items };
  const byOrder: Array<{ fulfillmentOrderId: string; fulfillmentOrderLineItems: Array<{ id: string; quantity: number }> }> = [];
  for (const fulfillmentOrder of data.order.fulfillmentOrders.nodes.filter((f) => OPEN.has(f.status))) {
    const items = fulfillmentOrder.lineItems.nodes.flatMap((item) => {
      const key = numberOf(item.lineItem.id);
      const quantity = Math.min(item.remainingQuantity, left[key] ?? 0);
      if (quantity <= 0) return [];
      left[key] -= quantity;
      return [{ id: item.id, quantity }];
    });
    if (items.length > 0) byOrder.push({ fulfillmentOrderId: fulfillmentOrder.id, fulfillmentOrderLineItems: items });
  }
  if (byOrder.length === 0) return 0;
  const { data: created } = await client.request<{ fulfillmentCreate: { userErrors: Array<{ message: string }> } }>(CREATE, {
    fulfillment: { lineItemsByFulfillmentOrder: byOrder, trackingInfo: { number: shipment.tracking }, notifyCustomer: true },
  });
  const errors = created.fulfillmentCreate.userErrors;
  if (errors.length > 0) throw new Error(`the shop refused the fulfilment: ${errors.map((e) => e.message).join('; ')}`);
  return byOrder.reduce((sum, f) => sum + f.fulfillmentOrderLineItems.reduce((s, i) => s + i.quantity, 0), 0);
}
