import { type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db';
import { isPostgres } from '../../db/ddl';
import type { Database, ProductsTable } from '../../db/schema';
import { foldCase } from '../../../shared/text';
import type { RecordChanges } from '../live/bus';
import { LINE_STATE_COLUMNS } from '../order-lines/queries';
import { cancelLines } from '../orders/life-cycle';
import { createLines } from '../orders/line-writer';
import { tellOrderReceived } from '../orders/order-notices';
import { tellUnmatched } from './intake-notices';
import { unitLines, type UnitFields } from '../orders/units';
import { shopCancelReason } from './cancel-reason';

/** A shop order as the product reads it, whether a webhook or the Admin API brought it. */
export interface ShopOrder {
  /** The shop's numeric order id, as text. */
  id: string;
  /** The shop's order name ('#1001'): our order number. */
  name: string;
  email: string | null;
  phone: string | null;
  note: string | null;
  currency: string | null;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  shipping: { firstName: string | null; lastName: string | null; address: string | null; city: string | null; province: string | null; zip: string | null; country: string | null; phone: string | null };
  items: ShopItem[];
}

export interface ShopItem {
  id: string;
  variantId: string | null;
  sku: string | null;
  title: string;
  quantity: number;
  /** The unit's price in the order's currency. */
  price: number | null;
  properties: Array<{ name: string; value: string }>;
}

/** A store connection as intake needs it: whose orders it brings. */
export interface IntakeStore {
  id: number;
  user_id: number;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null);
const idText = (value: unknown): string | null => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' && /^\d+$/.test(value) ? value : null);
const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const instant = (value: unknown): string | null => {
  const raw = text(value);
  if (raw === null) return null;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
};

/** A body that is not an order of the shop: the job fails with this, visibly, and is retried no more than any other. */
export class NotAnOrder extends Error {}

/**
 * Reads an order webhook's body (Shopify's REST JSON: orders/create, orders/updated,
 * orders/cancelled). Throws NotAnOrder when the order's id, name, times or items are missing.
 */
export function orderFromWebhook(body: unknown): ShopOrder {
  const order = record(body);
  const id = idText(order.id);
  const name = text(order.name);
  const createdAt = instant(order.created_at);
  const updatedAt = instant(order.updated_at) ?? createdAt;
  if (id === null || name === null || createdAt === null || updatedAt === null || !Array.isArray(order.line_items)) {
    throw new NotAnOrder('the body is not a shop order (id, name, created_at, line_items)');
  }
  const address = record(order.shipping_address);
  const items = order.line_items.map((raw): ShopItem => {
    const item = record(raw);
    const itemId = idText(item.id);
    const quantity = Number(item.quantity);
    if (itemId === null || !Number.isInteger(quantity) || quantity < 0) throw new NotAnOrder('a line item without an id or a quantity');
    const price = Number(item.price);
    return {
      id: itemId,
      variantId: idText(item.variant_id),
      sku: text(item.sku),
      title: text(item.title) ?? text(item.name) ?? '',
      quantity,
      price: text(item.price) !== null && Number.isFinite(price) ? price : null,
      properties: Array.isArray(item.properties)
        ? item.properties.flatMap((p) => {
            const { name: key, value } = record(p);
            return typeof key === 'string' && value !== undefined && value !== null ? [{ name: key, value: String(value) }] : [];
          })
        : [],
    };
  });
  const street = [text(address.address1), text(address.address2)].filter(Boolean).join(' ');
  return {
    id,
    name,
    email: text(order.email) ?? text(order.contact_email),
    phone: text(order.phone) ?? text(address.phone),
    note: text(order.note),
    currency: text(order.currency),
    createdAt,
    updatedAt,
    cancelledAt: instant(order.cancelled_at),
    cancelReason: text(order.cancel_reason),
    shipping: {
      firstName: text(address.first_name),
      lastName: text(address.last_name),
      address: street || null,
      city: text(address.city),
      province: text(address.province),
      zip: text(address.zip),
      country: text(address.country),
      phone: text(address.phone),
    },
    items,
  };
}

/** The number at the end of a Shopify global id (gid://shopify/LineItem/123 -> '123'). */
const gidNumber = (value: unknown): string | null => (typeof value === 'string' ? (/\/(\d+)$/.exec(value)?.[1] ?? null) : null);

/** A line item as `orderFromGraphql` reads it. */
export const LINE_ITEM_FIELDS = 'id quantity sku title variant { legacyResourceId } originalUnitPriceSet { shopMoney { amount } } customAttributes { key value }';

/**
 * What `orderFromGraphql` reads. Line items come 30 at a time (a query may cost at most 1,000
 * points); an order with more has the rest read page by page (reconcile.ts).
 */
export const ORDER_FIELDS = `id legacyResourceId name email phone note createdAt updatedAt cancelledAt cancelReason currencyCode
  shippingAddress { firstName lastName address1 address2 city province zip country phone }
  lineItems(first: 30) { nodes { ${LINE_ITEM_FIELDS} } pageInfo { hasNextPage endCursor } }`;

/**
 * Reads an order as the Admin API answers it (ORDER_FIELDS), into the same shape as a webhook's:
 * the numeric ids a webhook carries, the cancel reason in the webhook's lower case.
 */
export function orderFromGraphql(node: unknown): ShopOrder {
  const order = record(node);
  const address = record(order.shippingAddress);
  const items = Array.isArray(record(order.lineItems).nodes) ? (record(order.lineItems).nodes as unknown[]) : [];
  return orderFromWebhook({
    id: idText(order.legacyResourceId),
    name: order.name,
    email: order.email,
    phone: order.phone,
    note: order.note,
    currency: order.currencyCode,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    cancelled_at: order.cancelledAt,
    cancel_reason: typeof order.cancelReason === 'string' ? order.cancelReason.toLowerCase() : null,
    shipping_address: {
      first_name: address.firstName,
      last_name: address.lastName,
      address1: address.address1,
      address2: address.address2,
      city: address.city,
      province: address.province,
      zip: address.zip,
      country: address.country,
      phone: address.phone,
    },
    line_items: items.map((raw) => {
      const item = record(raw);
      return {
        id: gidNumber(item.id),
        variant_id: idText(record(item.variant).legacyResourceId),
        sku: item.sku,
        title: item.title,
        quantity: item.quantity,
        price: record(record(item.originalUnitPriceSet).shopMoney).amount,
        properties: Array.isArray(item.customAttributes) ? item.customAttributes.map((a) => ({ name: record(a).key, value: record(a).value })) : [],
      };
    }),
  });
}

/*
 * Line item properties a buyer filled in on the shop (engraved names, fonts, gift notes), by the
 * names shops give them, compared case-folded. Properties starting with '_' are the shop's own.
 * Any other property is kept in the personalisation as 'name: value', so nothing the buyer wrote is lost.
 */
const PROPERTY_FIELDS: Array<[field: 'customization_option' | 'font' | 'gift_note', names: string[]]> = [
  ['font', ['font', 'yazı tipi', 'yazi tipi', 'typeface']],
  ['gift_note', ['gift note', 'gift message', 'hediye notu', 'hediye mesajı', 'not']],
  ['customization_option', ['isim', 'name', 'yazı', 'metin', 'text', 'engraving', 'gravür', 'kişiselleştirme', 'personalization', 'personalisation']],
];
const FIELD_BY_NAME = new Map(PROPERTY_FIELDS.flatMap(([field, names]) => names.map((name) => [foldCase(name), field] as const)));

/** The personalisation of a line item from its properties. */
export function personalisation(properties: ShopItem['properties']): Pick<UnitFields, 'customization_option' | 'font' | 'gift_note'> {
  const found: Record<'customization_option' | 'font' | 'gift_note', string[]> = { customization_option: [], font: [], gift_note: [] };
  for (const { name, value } of properties) {
    if (name.startsWith('_') || value.trim() === '') continue;
    const field = FIELD_BY_NAME.get(foldCase(name.trim()));
    if (field) found[field].push(value.trim());
    else found.customization_option.push(`${name.trim()}: ${value.trim()}`);
  }
  const joined = (values: string[], max: number) => (values.length ? values.join('; ').slice(0, max) : null);
  return { customization_option: joined(found.customization_option, 1000), font: joined(found.font, 100), gift_note: joined(found.gift_note, 1000) };
}

/** The order's fields from the shop's order (what an update may change too). */
function orderFields(order: ShopOrder) {
  return {
    first_name: order.shipping.firstName?.slice(0, 100) ?? null,
    last_name: order.shipping.lastName?.slice(0, 100) ?? null,
    email: order.email?.slice(0, 254) ?? null,
    phone: (order.shipping.phone ?? order.phone)?.slice(0, 50) ?? null,
    address: order.shipping.address?.slice(0, 500) ?? null,
    city: order.shipping.city?.slice(0, 100) ?? null,
    province: order.shipping.province?.slice(0, 100) ?? null,
    country: order.shipping.country?.slice(0, 100) ?? null,
    zip_code: order.shipping.zip?.slice(0, 20) ?? null,
    notes: order.note?.slice(0, 2000) ?? null,
  };
}

/** The products of a store's line items: by the shop's variant id, then by SKU among the customer's own products; never by title. */
async function productsFor(trx: Db, store: IntakeStore, items: ShopItem[]): Promise<Map<string, Selectable<ProductsTable>>> {
  const found = new Map<string, Selectable<ProductsTable>>();
  const variantIds = [...new Set(items.flatMap((item) => (item.variantId ? [item.variantId] : [])))];
  const byVariant = variantIds.length ? await trx.selectFrom('products').selectAll().where('shopify_variant_id', 'in', variantIds).orderBy('id').execute() : [];
  const variant = new Map(byVariant.map((product) => [product.shopify_variant_id!, product]));
  const skus = [...new Set(items.flatMap((item) => (item.sku && !(item.variantId && variant.has(item.variantId)) ? [item.sku] : [])))];
  const bySku = skus.length ? await trx.selectFrom('products').selectAll().where('user_id', '=', store.user_id).where('sku', 'in', skus).orderBy('id').execute() : [];
  const sku = new Map<string, Selectable<ProductsTable>>();
  for (const product of bySku) if (!sku.has(product.sku!)) sku.set(product.sku!, product);
  for (const item of items) {
    const product = (item.variantId ? variant.get(item.variantId) : undefined) ?? (item.sku ? sku.get(item.sku) : undefined);
    if (product) found.set(item.id, product);
  }
  return found;
}

export interface IntakeOutcome {
  order_id: number;
  /** False when the shop order was already here (a webhook sent again, or out of order). */
  created: boolean;
  lines: number;
  /** Line items held as 'Eşleşme bekliyor' (no product matched). */
  pending: number;
  canceled: number;
}

/**
 * Takes a shop order into the store's customer's orders, inside the caller's transaction: the
 * first time, one order (number = the shop's order name) and one line per unit of every matched
 * item, the others held for a match; later, whatever arrives again or late changes no line: a newer
 * version updates the order's address and note, an older one changes nothing, and a cancellation
 * cancels the lines not completed. The unique (store, shop order) key is the last guard against
 * an order made twice.
 */
export async function takeShopOrder(trx: Transaction<Database>, recordChanges: RecordChanges, store: IntakeStore, order: ShopOrder): Promise<IntakeOutcome> {
  const customer = await trx.selectFrom('customers').select(['id']).where('user_id', '=', store.user_id).executeTakeFirst();
  if (!customer) throw new Error(`the store's user ${store.user_id} has no customer`);
  // Two topics of one shop order worked on at once (PostgreSQL, several workers) take turns: the
  // second then finds the order the first made instead of failing on the unique key.
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${store.id}, hashtext(${order.id}))`.execute(trx);
  const existing = await trx
    .selectFrom('orders')
    .select(['id', 'shop_updated_at'])
    .where('shop_connection_id', '=', store.id)
    .where('shop_order_id', '=', order.id)
    .executeTakeFirst();
  let orderId: number;
  let created = false;
  let lines = 0;
  let pending = 0;
  if (existing) {
    orderId = existing.id;
    if (existing.shop_updated_at === null || order.updatedAt > existing.shop_updated_at) {
      await trx.updateTable('orders').set({ ...orderFields(order), shop_updated_at: order.updatedAt, updated_at: new Date().toISOString() }).where('id', '=', orderId).execute();
      const shown = await trx.selectFrom('order_lines').select(['id', 'workshop_id']).where('order_id', '=', orderId).execute();
      await recordChanges(shown.map((line) => ({ type: 'order_update', line_id: line.id, order_id: orderId, workshop_id: line.workshop_id, customer_id: customer.id })));
    }
  } else {
    created = true;
    const at = new Date().toISOString();
    const orderNumber = order.name.slice(0, 50);
    ({ id: orderId } = await trx
      .insertInto('orders')
      .values({
        order_number: orderNumber,
        customer_id: customer.id,
        source: 'shopify',
        shop_connection_id: store.id,
        shop_order_id: order.id,
        shop_updated_at: order.updatedAt,
        currency: (order.currency ?? 'TRY').slice(0, 3),
        ...orderFields(order),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
    const products = await productsFor(trx, store, order.items);
    const units = order.items.flatMap((item) => {
      const product = products.get(item.id);
      if (!product || item.quantity === 0) return [];
      return unitLines(orderId, product, item.quantity, at, {
        ...personalisation(item.properties),
        customer_note: order.note?.slice(0, 2000) ?? null,
        total_price: item.price,
        shop_line_item_id: item.id,
      });
    });
    const made = await createLines(trx, recordChanges, orderNumber, units, customer.id, null);
    lines = made.length;
    const held = order.items.filter((item) => item.quantity > 0 && !products.has(item.id));
    pending = held.length;
    const placed = { id: orderId, order_number: orderNumber, lines, first_line_id: made[0]?.id ?? null, credit_exceeded: false };
    await tellOrderReceived(trx, placed, customer.id, null);
    if (held.length > 0) await tellUnmatched(trx, store, placed, held.map((item) => item.title));
    if (held.length > 0) {
      await trx
        .insertInto('shop_pending_items')
        .values(
          held.map((item) => ({
            connection_id: store.id,
            order_id: orderId,
            line_item_id: item.id,
            variant_id: item.variantId,
            sku: item.sku?.slice(0, 100) ?? null,
            title: item.title.slice(0, 500),
            quantity: item.quantity,
            unit_price: item.price,
            raw: JSON.stringify(item),
            created_at: at,
          })),
        )
        .execute();
    }
  }
  let canceled = 0;
  if (order.cancelledAt !== null) {
    await trx.updateTable('orders').set({ canceled_at: order.cancelledAt, cancel_reason: order.cancelReason }).where('id', '=', orderId).where('canceled_at', 'is', null).execute();
    const open = await trx
      .selectFrom('order_lines as l')
      .select(['l.id', 'l.order_id', 'l.workshop_id', ...LINE_STATE_COLUMNS])
      .where('l.order_id', '=', orderId)
      .execute();
    canceled = (await cancelLines(trx, recordChanges, open.map((line) => ({ ...line, customer_id: customer.id })), shopCancelReason(order.cancelReason), null)).length;
  }
  await trx
    .updateTable('shop_connections')
    .set({ last_order_seen_at: order.updatedAt })
    .where('id', '=', store.id)
    .where((eb) => eb.or([eb('last_order_seen_at', 'is', null), eb('last_order_seen_at', '<', order.updatedAt)]))
    .execute();
  return { order_id: orderId, created, lines, pending, canceled };
}
