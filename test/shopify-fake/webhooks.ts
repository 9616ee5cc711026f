import { createHmac, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Store } from './store';
import type { FakeAddress, FakeOrder, FakeProduct } from './types';

/** Shopify's signature: base64 HMAC-SHA256 of the raw body bytes. */
export function signWebhook(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** REST payload times carry the shop's offset, as Shopify's do; the demo shops are in Istanbul (UTC+3, no DST). */
function restTime(ms: number | null): string | null {
  if (ms === null) return null;
  const local = new Date(Math.floor(ms / 1000) * 1000 + 3 * 3600_000).toISOString();
  return `${local.slice(0, 19)}+03:00`;
}

const money = (n: number) => n.toFixed(2);

function restAddress(a: FakeAddress | null): Record<string, unknown> | null {
  if (!a) return null;
  const name = [a.firstName, a.lastName].filter(Boolean).join(' ');
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    name: name || null,
    company: null,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    province: a.province,
    province_code: null,
    zip: a.zip,
    country: a.country,
    country_code: a.countryCode,
    phone: a.phone,
    latitude: null,
    longitude: null,
  };
}

/** An order as Shopify's orders/* webhooks (REST JSON) carry it. */
export function orderPayload(store: Store, order: FakeOrder): Record<string, unknown> {
  const subtotal = order.lineItems.reduce((sum, line) => sum + Number(line.price) * line.quantity, 0);
  const shipped = order.lineItems.reduce((n, line) => n + line.fulfilledQuantity, 0);
  const total = order.lineItems.reduce((n, line) => n + line.quantity, 0);
  const priceSet = (amount: string) => ({
    shop_money: { amount, currency_code: order.currency },
    presentment_money: { amount, currency_code: order.currency },
  });
  return {
    id: order.id,
    admin_graphql_api_id: order.gid,
    name: order.name,
    order_number: order.number,
    number: order.number - 1000,
    email: order.email,
    contact_email: order.email,
    phone: order.phone,
    created_at: restTime(order.createdAt),
    updated_at: restTime(order.updatedAt),
    processed_at: restTime(order.createdAt),
    cancelled_at: restTime(order.cancelledAt),
    cancel_reason: order.cancelReason?.toLowerCase() ?? null,
    closed_at: null,
    currency: order.currency,
    presentment_currency: order.currency,
    note: order.note,
    note_attributes: [],
    tags: '',
    test: false,
    confirmed: true,
    financial_status: 'paid',
    fulfillment_status: shipped === 0 ? null : shipped >= total ? 'fulfilled' : 'partial',
    subtotal_price: money(subtotal),
    total_price: money(subtotal),
    total_tax: '0.00',
    total_discounts: '0.00',
    shipping_address: restAddress(order.shippingAddress),
    billing_address: restAddress(order.shippingAddress),
    line_items: order.lineItems.map((line) => ({
      id: line.id,
      admin_graphql_api_id: line.gid,
      variant_id: line.variantId,
      product_id: line.productId,
      product_exists: line.productId !== null && store.products.some((p) => p.id === line.productId),
      sku: line.sku,
      title: line.title,
      variant_title: line.variantTitle,
      name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
      vendor: store.products.find((p) => p.id === line.productId)?.vendor ?? null,
      quantity: line.quantity,
      current_quantity: line.quantity,
      fulfillable_quantity: order.cancelledAt ? 0 : line.quantity - line.fulfilledQuantity,
      fulfillment_status: line.fulfilledQuantity === 0 ? null : line.fulfilledQuantity >= line.quantity ? 'fulfilled' : 'partial',
      price: line.price,
      price_set: priceSet(line.price),
      total_discount: '0.00',
      requires_shipping: true,
      taxable: true,
      gift_card: false,
      properties: line.properties.map(({ name, value }) => ({ name, value })),
    })),
    fulfillments: store
      .fulfillments()
      .filter((f) => f.orderId === order.id)
      .map((f) => ({
        id: f.id,
        admin_graphql_api_id: f.gid,
        status: 'success',
        tracking_company: f.company,
        tracking_number: f.trackingNumber,
        tracking_url: f.url,
        created_at: restTime(f.createdAt),
      })),
  };
}

/** A product as products/create and products/update carry it. */
export function productPayload(product: FakeProduct): Record<string, unknown> {
  const image = product.imageUrl
    ? { id: product.imageId, admin_graphql_api_id: `gid://shopify/ProductImage/${product.imageId}`, product_id: product.id, position: 1, alt: null, src: product.imageUrl, variant_ids: [] }
    : null;
  return {
    id: product.id,
    admin_graphql_api_id: product.gid,
    title: product.title,
    handle: product.handle,
    body_html: '',
    vendor: product.vendor,
    product_type: product.productType,
    status: product.status.toLowerCase(),
    tags: '',
    created_at: restTime(product.createdAt),
    updated_at: restTime(product.updatedAt),
    published_at: restTime(product.createdAt),
    options: product.options.map((option, i) => ({ product_id: product.id, name: option.name, position: i + 1, values: option.values })),
    variants: product.variants.map((variant) => {
      const values = product.options.map((option) => variant.selectedOptions.find((s) => s.name === option.name)?.value ?? null);
      return {
        id: variant.id,
        admin_graphql_api_id: variant.gid,
        product_id: product.id,
        title: variant.title,
        sku: variant.sku,
        price: variant.price,
        position: variant.position,
        option1: values[0] ?? null,
        option2: values[1] ?? null,
        option3: values[2] ?? null,
        image_id: null,
        created_at: restTime(variant.createdAt),
        updated_at: restTime(variant.updatedAt),
      };
    }),
    images: image ? [image] : [],
    image,
  };
}

function shopPayload(store: Store): Record<string, unknown> {
  return {
    id: 60_000_000_000 + store.host.index,
    name: store.name,
    email: `info@${store.domain}`,
    domain: store.domain,
    myshopify_domain: store.domain,
    currency: store.currencyCode,
    iana_timezone: 'Europe/Istanbul',
    country_code: 'TR',
  };
}

/**
 * The body Shopify would send for `topic` about order or product `id`. Deletions carry only the id,
 * as Shopify's do (the record is gone); app/uninstalled and shop/update carry the shop.
 */
export function webhookPayload(store: Store, topic: string, id: number): Record<string, unknown> {
  // Both spellings: 'orders/create' (the header) and ORDERS_CREATE (the GraphQL enum).
  const [resource, action] = (topic.includes('/') ? topic : topic.replace('_', '/')).toLowerCase().split('/');
  if (resource === 'app' || resource === 'shop') return shopPayload(store);
  if (action === 'delete') return { id };
  if (resource === 'orders') return orderPayload(store, store.order(id));
  if (resource === 'products') return productPayload(store.product(id));
  throw new Error(`No payload for webhook topic ${topic}`);
}

export interface SendWebhookArgs {
  url: string;
  domain: string;
  topic: string;
  /** An object is sent as JSON; a string or Buffer is sent as these exact bytes. */
  payload: unknown;
  secret: string;
  webhookId?: string;
  /** Sign with a wrong secret, to see the receiver refuse it. */
  badHmac?: boolean;
  apiVersion?: string;
  eventId?: string;
  triggeredAt?: string;
}

/** Delivers one webhook as Shopify does (POST, signed, its headers); a fresh connection every time. */
export function sendWebhook(args: SendWebhookArgs): Promise<{ status: number; ms: number; body: string }> {
  const body = typeof args.payload === 'string' || Buffer.isBuffer(args.payload) ? Buffer.from(args.payload) : Buffer.from(JSON.stringify(args.payload));
  const hmac = signWebhook(body, args.badHmac ? `${args.secret}-wrong` : args.secret);
  const target = new URL(args.url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(body.length),
          'User-Agent': 'Shopify-Captain-Hook',
          'X-Shopify-Topic': args.topic,
          'X-Shopify-Hmac-Sha256': hmac,
          'X-Shopify-Shop-Domain': args.domain,
          'X-Shopify-Webhook-Id': args.webhookId ?? randomUUID(),
          'X-Shopify-Event-Id': args.eventId ?? randomUUID(),
          'X-Shopify-Triggered-At': args.triggeredAt ?? new Date().toISOString(),
          'X-Shopify-API-Version': args.apiVersion ?? '2026-10',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
