import { paginate, type PageArgs, type SortPosition } from './connection';
import { compareId, compareText, compareTime, search, type Matcher, type Term } from './search';
import { gid, parseGid, type BulkOperationRecord, type Store, type UserError } from './store';
import type { FakeAddress, FakeFulfillment, FakeLineItem, FakeOrder, FakeProduct, FakeVariant, FakeWebhookSubscription } from './types';

/**
 * Resolvers as plain "views": objects whose properties are the GraphQL fields, functions where a field
 * takes arguments (graphql-js's default resolver calls them with the arguments and the context).
 */

export interface Context {
  store: Store;
  apiVersion: string;
  /** Inside a bulk operation connections ignore page arguments and return everything. */
  bulk: boolean;
  /** Bulk operations already polled by this request: one request advances one at most once. */
  polled: Set<number>;
  /** Unknown search fields, reported in `extensions.search` as Shopify does. */
  searchWarnings: Array<{ path: string[]; query: string; warnings: Array<{ field: string; message: string }> }>;
  startBulkOperation(query: string): { operation: BulkOperationRecord } | { userErrors: Array<UserError & { code: string }> };
}

type View = Record<string, unknown>;
type Args = Record<string, unknown>;

/** Shopify's GraphQL DateTime: UTC, whole seconds, 'Z'. */
export function dateTime(ms: number | null): string | null {
  return ms === null ? null : new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

const seconds = (ms: number) => Math.floor(ms / 1000);
const lower = (text: string | null) => (text ?? '').toLocaleLowerCase('tr');

function sorted<T>(items: readonly T[], position: (item: T) => SortPosition): T[] {
  return [...items].sort((a, b) => {
    const pa = position(a);
    const pb = position(b);
    if (pa[0] !== pb[0]) return pa[0] < pb[0] ? -1 : 1;
    return pa[1] - pb[1];
  });
}

function page<T>(ctx: Context, items: readonly T[], args: Args, field: string, sort: string, position: (item: T) => SortPosition, node: (item: T) => unknown) {
  return paginate(sorted(items, position), args as PageArgs, { sort, position, node, all: ctx.bulk, field });
}

function searched<T>(ctx: Context, path: string, items: T[], args: Args, fields: Record<string, Matcher<T>>, bare: Matcher<T>): T[] {
  const query = typeof args.query === 'string' ? args.query : null;
  const result = search(items, query, fields, bare);
  if (result.warnings.length && query) ctx.searchWarnings.push({ path: [path], query, warnings: result.warnings });
  return result.items;
}

// ---- Products ----

const productFields: Record<string, Matcher<FakeProduct>> = {
  id: (p, t) => compareId(p.id, t),
  title: (p, t) => compareText(p.title, t),
  handle: (p, t) => p.handle === t.value,
  vendor: (p, t) => compareText(p.vendor, t),
  product_type: (p, t) => compareText(p.productType, t),
  status: (p, t) => t.value.split(',').some((s) => s.trim().toUpperCase() === p.status),
  sku: (p, t) => p.variants.some((v) => v.sku === t.value),
  updated_at: (p, t) => compareTime(p.updatedAt, t),
  created_at: (p, t) => compareTime(p.createdAt, t),
};
const productWords: Matcher<FakeProduct> = (p, t) => compareText(p.title, t) || compareText(p.vendor, t) || compareText(p.productType, t);

function productPosition(sortKey: unknown): (p: FakeProduct) => SortPosition {
  switch (sortKey) {
    case 'TITLE':
      return (p) => [lower(p.title), p.id];
    case 'UPDATED_AT':
      return (p) => [seconds(p.updatedAt), p.id];
    case 'CREATED_AT':
    case 'PUBLISHED_AT':
      return (p) => [seconds(p.createdAt), p.id];
    case 'VENDOR':
      return (p) => [lower(p.vendor), p.id];
    case 'PRODUCT_TYPE':
      return (p) => [lower(p.productType), p.id];
    default:
      return (p) => [p.id, p.id];
  }
}

const variantFields: Record<string, Matcher<FakeVariant>> = {
  id: (v, t) => compareId(v.id, t),
  sku: (v, t) => v.sku === t.value,
  title: (v, t) => compareText(v.title, t),
  product_id: (v, t) => compareId(v.productId, t),
  updated_at: (v, t) => compareTime(v.updatedAt, t),
  created_at: (v, t) => compareTime(v.createdAt, t),
};

function variantPosition(sortKey: unknown): (v: FakeVariant) => SortPosition {
  switch (sortKey) {
    case 'POSITION':
      return (v) => [v.position, v.id];
    case 'SKU':
      return (v) => [v.sku ?? '', v.id];
    case 'TITLE':
    case 'FULL_TITLE':
    case 'NAME':
      return (v) => [lower(v.title), v.id];
    default:
      return (v) => [v.id, v.id];
  }
}

function imageView(p: FakeProduct): View | null {
  if (!p.imageUrl) return null;
  return { id: gid('ProductImage', p.imageId), url: p.imageUrl, altText: p.title, width: 1024, height: 1024 };
}

function mediaImageView(p: FakeProduct): View | null {
  const image = imageView(p);
  if (!image) return null;
  return {
    __typename: 'MediaImage',
    id: gid('MediaImage', p.mediaId),
    alt: p.title,
    mediaContentType: 'IMAGE',
    status: 'READY',
    preview: { image, status: 'READY' },
    image,
    mimeType: p.imageUrl!.endsWith('.png') ? 'image/png' : 'image/jpeg',
    createdAt: dateTime(p.createdAt),
    updatedAt: dateTime(p.updatedAt),
  };
}

function optionValueId(p: FakeProduct, option: number, value: number): string {
  return gid('ProductOptionValue', `${p.id}0${option + 1}0${value + 1}`);
}

function productView(ctx: Context, p: FakeProduct): View {
  return {
    __typename: 'Product',
    id: p.gid,
    legacyResourceId: String(p.id),
    title: p.title,
    handle: p.handle,
    vendor: p.vendor,
    productType: p.productType,
    status: p.status,
    tags: [],
    descriptionHtml: '',
    createdAt: dateTime(p.createdAt),
    updatedAt: dateTime(p.updatedAt),
    publishedAt: p.status === 'ACTIVE' ? dateTime(p.createdAt) : null,
    hasOnlyDefaultVariant: p.variants.length === 1 && p.options.length === 1 && p.options[0].name === 'Title',
    totalInventory: 0,
    onlineStoreUrl: null,
    options: (args: Args) =>
      p.options.slice(0, typeof args.first === 'number' ? args.first : undefined).map((option, i) => ({
        __typename: 'ProductOption',
        id: gid('ProductOption', `${p.id}0${i + 1}`),
        name: option.name,
        position: i + 1,
        values: option.values,
        optionValues: option.values.map((name, j) => ({ id: optionValueId(p, i, j), name, hasVariants: true })),
      })),
    featuredMedia: () => mediaImageView(p),
    media: (args: Args) => page(ctx, p.imageUrl ? [p] : [], args, 'media', 'POSITION', (x) => [1, x.mediaId], mediaImageView),
    featuredImage: () => imageView(p),
    images: (args: Args) => page(ctx, p.imageUrl ? [p] : [], args, 'images', 'POSITION', (x) => [1, x.imageId], imageView),
    variants: (args: Args) =>
      page(ctx, p.variants, args, 'variants', String(args.sortKey ?? 'POSITION'), variantPosition(args.sortKey ?? 'POSITION'), (v) => variantView(ctx, p, v)),
    variantsCount: { count: p.variants.length, precision: 'EXACT' },
  };
}

function variantView(ctx: Context, p: FakeProduct, v: FakeVariant): View {
  return {
    __typename: 'ProductVariant',
    id: v.gid,
    legacyResourceId: String(v.id),
    title: v.title,
    displayName: `${p.title} - ${v.title}`,
    sku: v.sku,
    barcode: null,
    price: v.price,
    compareAtPrice: null,
    position: v.position,
    availableForSale: p.status === 'ACTIVE',
    inventoryQuantity: 0,
    selectedOptions: v.selectedOptions.map(({ name, value }) => {
      const i = p.options.findIndex((o) => o.name === name);
      const j = i < 0 ? -1 : p.options[i].values.indexOf(value);
      return { name, value, optionValue: { id: optionValueId(p, i, j), name: value, hasVariants: true } };
    }),
    // Variants carry no image of their own here; clients fall back to the product's media.
    image: null,
    media: (args: Args) => page(ctx, [] as FakeProduct[], args, 'media', 'POSITION', (x) => [1, x.mediaId], mediaImageView),
    product: () => productView(ctx, p),
    createdAt: dateTime(v.createdAt),
    updatedAt: dateTime(v.updatedAt),
  };
}

// ---- Orders ----

const orderFields: Record<string, Matcher<FakeOrder>> = {
  id: (o, t) => compareId(o.id, t),
  name: (o, t) => o.name === t.value || o.name === `#${t.value}`,
  email: (o, t) => compareText(o.email, t),
  updated_at: (o, t) => compareTime(o.updatedAt, t),
  created_at: (o, t) => compareTime(o.createdAt, t),
  processed_at: (o, t) => compareTime(o.createdAt, t),
  sku: (o, t) => o.lineItems.some((line) => line.sku === t.value),
  status: (o, t) => {
    const wanted = t.value.toLowerCase();
    if (wanted === 'any') return true;
    if (wanted === 'cancelled') return o.cancelledAt !== null;
    if (wanted === 'open') return o.cancelledAt === null;
    return false;
  },
  financial_status: (_o, t) => ['paid', 'any'].includes(t.value.toLowerCase()),
  fulfillment_status: (o, t) => {
    const shipped = o.lineItems.reduce((n, l) => n + l.fulfilledQuantity, 0);
    const total = o.lineItems.reduce((n, l) => n + l.quantity, 0);
    switch (t.value.toLowerCase()) {
      case 'any':
        return true;
      case 'unshipped':
      case 'unfulfilled':
        return shipped === 0;
      case 'shipped':
      case 'fulfilled':
        return shipped >= total;
      case 'partial':
        return shipped > 0 && shipped < total;
      default:
        return false;
    }
  },
};
const orderWords: Matcher<FakeOrder> = (o, t: Term) => compareText(o.name, t) || compareText(o.email, t);

const orderTotal = (o: FakeOrder) => o.lineItems.reduce((sum, line) => sum + Number(line.price) * line.quantity, 0);

function orderPosition(sortKey: unknown): (o: FakeOrder) => SortPosition {
  switch (sortKey) {
    case 'CREATED_AT':
    case 'PROCESSED_AT':
      return (o) => [seconds(o.createdAt), o.id];
    case 'UPDATED_AT':
      return (o) => [seconds(o.updatedAt), o.id];
    case 'ORDER_NUMBER':
      return (o) => [o.number, o.id];
    case 'TOTAL_PRICE':
    case 'CURRENT_TOTAL_PRICE':
      return (o) => [orderTotal(o), o.id];
    default:
      return (o) => [o.id, o.id];
  }
}

const moneyBag = (amount: number | string, currencyCode: string) => {
  const money = { amount: typeof amount === 'number' ? amount.toFixed(2) : amount, currencyCode };
  return { shopMoney: money, presentmentMoney: money };
};

function addressView(id: number, a: FakeAddress | null): View | null {
  if (!a) return null;
  return {
    id: gid('MailingAddress', `${id}`),
    ...a,
    name: [a.firstName, a.lastName].filter(Boolean).join(' ') || null,
    company: null,
    provinceCode: null,
    countryCodeV2: a.countryCode,
  };
}

function orderView(ctx: Context, o: FakeOrder): View {
  const shipped = o.lineItems.reduce((n, l) => n + l.fulfilledQuantity, 0);
  const total = o.lineItems.reduce((n, l) => n + l.quantity, 0);
  const address = addressView(o.id, o.shippingAddress);
  return {
    __typename: 'Order',
    id: o.gid,
    legacyResourceId: String(o.id),
    name: o.name,
    createdAt: dateTime(o.createdAt),
    updatedAt: dateTime(o.updatedAt),
    processedAt: dateTime(o.createdAt),
    cancelledAt: dateTime(o.cancelledAt),
    cancelReason: o.cancelReason,
    closed: false,
    closedAt: null,
    confirmed: true,
    test: false,
    currencyCode: o.currency,
    presentmentCurrencyCode: o.currency,
    note: o.note,
    email: o.email,
    phone: o.phone,
    tags: [],
    customAttributes: [],
    shippingAddress: address,
    billingAddress: address,
    displayFinancialStatus: 'PAID',
    displayFulfillmentStatus: shipped === 0 ? 'UNFULFILLED' : shipped >= total ? 'FULFILLED' : 'PARTIALLY_FULFILLED',
    subtotalPriceSet: moneyBag(orderTotal(o), o.currency),
    totalPriceSet: moneyBag(orderTotal(o), o.currency),
    lineItems: (args: Args) => page(ctx, o.lineItems, args, 'lineItems', 'POSITION', (l) => [0, l.id], (l) => lineItemView(ctx, o, l)),
    fulfillmentOrders: (args: Args) =>
      page(ctx, [o], args, 'fulfillmentOrders', 'ID', (x) => [x.fulfillmentOrderId, x.fulfillmentOrderId], (x) => fulfillmentOrderView(ctx, x)),
    fulfillments: (args: Args) =>
      ctx.store
        .fulfillments()
        .filter((f) => f.orderId === o.id)
        .slice(0, typeof args.first === 'number' ? args.first : undefined)
        .map((f) => fulfillmentView(ctx, f)),
  };
}

function lineItemView(ctx: Context, o: FakeOrder, l: FakeLineItem): View {
  const found = l.variantId === null ? null : ctx.store.findVariant(l.variantId);
  const product = l.productId === null ? null : (ctx.store.products.find((p) => p.id === l.productId) ?? null);
  return {
    __typename: 'LineItem',
    id: l.gid,
    title: l.title,
    name: l.variantTitle ? `${l.title} - ${l.variantTitle}` : l.title,
    variantTitle: l.variantTitle,
    sku: l.sku,
    vendor: product?.vendor ?? null,
    quantity: l.quantity,
    currentQuantity: l.quantity,
    requiresShipping: true,
    isGiftCard: false,
    customAttributes: l.properties.map(({ name, value }) => ({ key: name, value })),
    originalUnitPriceSet: moneyBag(l.price, o.currency),
    originalTotalSet: moneyBag(Number(l.price) * l.quantity, o.currency),
    variant: () => (found ? variantView(ctx, found.product, found.variant) : null),
    product: () => (product ? productView(ctx, product) : null),
  };
}

function fulfillmentOrderView(ctx: Context, o: FakeOrder): View {
  const cancelled = o.cancelledAt !== null;
  return {
    __typename: 'FulfillmentOrder',
    id: gid('FulfillmentOrder', o.fulfillmentOrderId),
    status: ctx.store.fulfillmentOrderStatus(o),
    createdAt: dateTime(o.createdAt),
    updatedAt: dateTime(o.updatedAt),
    orderId: o.gid,
    orderName: o.name,
    order: () => orderView(ctx, o),
    lineItems: (args: Args) =>
      page(ctx, o.lineItems, args, 'lineItems', 'ID', (l) => [l.fulfillmentOrderLineItemId, l.fulfillmentOrderLineItemId], (l) => ({
        __typename: 'FulfillmentOrderLineItem',
        id: gid('FulfillmentOrderLineItem', l.fulfillmentOrderLineItemId),
        totalQuantity: l.quantity,
        remainingQuantity: cancelled ? 0 : l.quantity - l.fulfilledQuantity,
        sku: l.sku,
        productTitle: l.title,
        variantTitle: l.variantTitle,
        lineItem: lineItemView(ctx, o, l),
      })),
  };
}

function fulfillmentView(ctx: Context, f: FakeFulfillment): View {
  const order = ctx.store.order(f.orderId);
  const number = ctx.store.fulfillments().filter((x) => x.orderId === f.orderId).findIndex((x) => x.id === f.id) + 1;
  const tracking = f.trackingNumber || f.company || f.url ? [{ company: f.company, number: f.trackingNumber || null, url: f.url }] : [];
  return {
    __typename: 'Fulfillment',
    id: f.gid,
    legacyResourceId: String(f.id),
    name: `${order.name}-F${number}`,
    status: 'SUCCESS',
    createdAt: dateTime(f.createdAt),
    updatedAt: dateTime(f.createdAt),
    totalQuantity: f.lineItems.reduce((n, l) => n + l.quantity, 0),
    trackingInfo: (args: Args) => tracking.slice(0, typeof args.first === 'number' ? args.first : undefined),
    order: () => orderView(ctx, order),
  };
}

// ---- Webhook subscriptions and bulk operations ----

function subscriptionView(ctx: Context, s: FakeWebhookSubscription): View {
  return {
    __typename: 'WebhookSubscription',
    id: s.id,
    legacyResourceId: String(parseGid(s.id)?.id ?? ''),
    topic: s.topic,
    uri: s.uri,
    callbackUrl: s.uri,
    format: s.format,
    filter: null,
    includeFields: [],
    metafieldNamespaces: [],
    apiVersion: { handle: ctx.apiVersion, displayName: ctx.apiVersion, supported: true },
    createdAt: dateTime(s.createdAt),
    updatedAt: dateTime(s.updatedAt),
  };
}

/** `poll`: a status read by the client, which moves the operation along (see Store.pollBulkOperation). */
function bulkOperationView(ctx: Context, op: BulkOperationRecord, poll: boolean): View {
  if (poll && !ctx.polled.has(op.id)) {
    ctx.polled.add(op.id);
    ctx.store.pollBulkOperation(op);
  }
  const done = op.status === 'COMPLETED';
  const partial = op.status === 'RUNNING' ? Math.floor(op.objectCount / 2) : 0;
  return {
    __typename: 'BulkOperation',
    id: op.gid,
    status: op.status,
    errorCode: op.errorCode,
    type: 'QUERY',
    query: op.query,
    createdAt: dateTime(op.createdAt),
    completedAt: dateTime(op.completedAt),
    objectCount: String(done ? op.objectCount : partial),
    rootObjectCount: String(done ? op.rootObjectCount : Math.min(partial, op.rootObjectCount)),
    fileSize: done && op.objectCount > 0 ? String(Buffer.byteLength(op.jsonl)) : null,
    // Shopify gives no file for an empty result.
    url: done && op.objectCount > 0 ? `${ctx.store.host.baseUrl}/bulk/${op.token}.jsonl` : null,
    partialDataUrl: null,
  };
}

// ---- Roots ----

function nodeById(ctx: Context, id: unknown): View | null {
  const parsed = typeof id === 'string' ? parseGid(id) : null;
  if (!parsed) return null;
  const { store } = ctx;
  switch (parsed.kind) {
    case 'Product': {
      const p = store.products.find((x) => x.id === parsed.id);
      return p ? productView(ctx, p) : null;
    }
    case 'ProductVariant': {
      const found = store.findVariant(parsed.id);
      return found ? variantView(ctx, found.product, found.variant) : null;
    }
    case 'MediaImage': {
      const p = store.products.find((x) => x.mediaId === parsed.id);
      return p ? mediaImageView(p) : null;
    }
    case 'Order': {
      const o = store.orders.find((x) => x.id === parsed.id);
      return o ? orderView(ctx, o) : null;
    }
    case 'LineItem': {
      for (const o of store.orders) {
        const l = o.lineItems.find((x) => x.id === parsed.id);
        if (l) return lineItemView(ctx, o, l);
      }
      return null;
    }
    case 'FulfillmentOrder': {
      const o = store.orders.find((x) => x.fulfillmentOrderId === parsed.id);
      return o ? fulfillmentOrderView(ctx, o) : null;
    }
    case 'Fulfillment': {
      const f = store.fulfillments().find((x) => x.id === parsed.id);
      return f ? fulfillmentView(ctx, f) : null;
    }
    case 'WebhookSubscription': {
      const s = store.webhookSubscriptions().find((x) => x.id === id);
      return s ? subscriptionView(ctx, s) : null;
    }
    case 'BulkOperation': {
      const op = store.bulkOperations.find((x) => x.id === parsed.id);
      return op ? bulkOperationView(ctx, op, true) : null;
    }
    default:
      return null;
  }
}

const idOf = (value: unknown, kind: string): number | null => {
  const parsed = typeof value === 'string' ? parseGid(value) : null;
  return parsed && parsed.kind === kind ? parsed.id : null;
};

/** Root fields of Query and Mutation in one object: graphql-js hands the same root value to both. */
export function rootValue(): Record<string, (args: Args, ctx: Context) => unknown> {
  return {
    shop: (_args, { store }) => ({
      __typename: 'Shop',
      id: gid('Shop', 60_000_000_000 + store.host.index),
      name: store.name,
      email: `info@${store.domain}`,
      myshopifyDomain: store.domain,
      url: `https://${store.domain}`,
      currencyCode: store.currencyCode,
      ianaTimezone: 'Europe/Istanbul',
    }),
    node: (args, ctx) => nodeById(ctx, args.id),
    nodes: (args, ctx) => (args.ids as unknown[]).map((id) => nodeById(ctx, id)),
    product: (args, ctx) => {
      const p = ctx.store.products.find((x) => x.id === idOf(args.id, 'Product'));
      return p ? productView(ctx, p) : null;
    },
    products: (args, ctx) => {
      const items = searched(ctx, 'products', ctx.store.products, args, productFields, productWords);
      return page(ctx, items, args, 'products', String(args.sortKey), productPosition(args.sortKey), (p) => productView(ctx, p));
    },
    productsCount: (args, ctx) => ({ count: searched(ctx, 'productsCount', ctx.store.products, args, productFields, productWords).length, precision: 'EXACT' }),
    // Every variant of the store (the fake's variant search is not needed by any client).
    productVariantsCount: (_args, ctx) => ({ count: ctx.store.products.reduce((sum, p) => sum + p.variants.length, 0), precision: 'EXACT' }),
    productVariant: (args, ctx) => {
      const id = idOf(args.id, 'ProductVariant');
      const found = id === null ? null : ctx.store.findVariant(id);
      return found ? variantView(ctx, found.product, found.variant) : null;
    },
    productVariants: (args, ctx) => {
      const all = ctx.store.products.flatMap((p) => p.variants);
      const items = searched(ctx, 'productVariants', all, args, variantFields, (v, t) => compareText(v.title, t) || v.sku === t.value);
      return page(ctx, items, args, 'productVariants', String(args.sortKey), variantPosition(args.sortKey), (v) => {
        const found = ctx.store.findVariant(v.id)!;
        return variantView(ctx, found.product, v);
      });
    },
    order: (args, ctx) => {
      const o = ctx.store.orders.find((x) => x.id === idOf(args.id, 'Order'));
      return o ? orderView(ctx, o) : null;
    },
    orders: (args, ctx) => {
      const items = searched(ctx, 'orders', ctx.store.orders, args, orderFields, orderWords);
      return page(ctx, items, args, 'orders', String(args.sortKey), orderPosition(args.sortKey), (o) => orderView(ctx, o));
    },
    ordersCount: (args, ctx) => ({ count: searched(ctx, 'ordersCount', ctx.store.orders, args, orderFields, orderWords).length, precision: 'EXACT' }),
    webhookSubscription: (args, ctx) => {
      const s = ctx.store.webhookSubscriptions().find((x) => x.id === args.id);
      return s ? subscriptionView(ctx, s) : null;
    },
    webhookSubscriptions: (args, ctx) => {
      const topics = args.topics as string[] | null | undefined;
      const uri = (args.uri ?? args.callbackUrl) as string | null | undefined;
      const items = ctx.store
        .webhookSubscriptions()
        .filter((s) => (!topics?.length || topics.includes(s.topic)) && (!uri || s.uri === uri) && (!args.format || s.format === args.format));
      const position = (s: FakeWebhookSubscription): SortPosition => {
        const id = parseGid(s.id)!.id;
        return args.sortKey === 'ID' ? [id, id] : [seconds(s.createdAt), id];
      };
      return page(ctx, items, args, 'webhookSubscriptions', String(args.sortKey), position, (s) => subscriptionView(ctx, s));
    },
    currentBulkOperation: (args, ctx) => {
      if (args.type === 'MUTATION') return null;
      const op = ctx.store.bulkOperations[ctx.store.bulkOperations.length - 1];
      return op ? bulkOperationView(ctx, op, true) : null;
    },
    bulkOperation: (args, ctx) => {
      const op = ctx.store.bulkOperations.find((x) => x.id === idOf(args.id, 'BulkOperation'));
      return op ? bulkOperationView(ctx, op, true) : null;
    },

    webhookSubscriptionCreate: (args, ctx) => {
      const input = args.webhookSubscription as { uri?: string | null; callbackUrl?: string | null; format?: 'JSON' | 'XML' | null };
      const result = ctx.store.subscribe(String(args.topic), input.uri ?? input.callbackUrl, input.format ?? 'JSON');
      if ('userErrors' in result) return { webhookSubscription: null, userErrors: result.userErrors };
      return { webhookSubscription: subscriptionView(ctx, result.subscription), userErrors: [] };
    },
    webhookSubscriptionDelete: (args, ctx) =>
      ctx.store.unsubscribe(String(args.id))
        ? { deletedWebhookSubscriptionId: args.id, userErrors: [] }
        : { deletedWebhookSubscriptionId: null, userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }] },
    bulkOperationRunQuery: (args, ctx) => {
      const result = ctx.startBulkOperation(String(args.query));
      if ('userErrors' in result) return { bulkOperation: null, userErrors: result.userErrors };
      return { bulkOperation: bulkOperationView(ctx, result.operation, false), userErrors: [] };
    },
    bulkOperationCancel: (args, ctx) => {
      const op = ctx.store.bulkOperations.find((x) => x.id === idOf(args.id, 'BulkOperation'));
      if (!op) return { bulkOperation: null, userErrors: [{ field: ['id'], message: 'Bulk operation does not exist' }] };
      if (op.status !== 'CREATED' && op.status !== 'RUNNING') {
        return { bulkOperation: bulkOperationView(ctx, op, false), userErrors: [{ field: null, message: `A bulk operation cannot be canceled when it is ${op.status.toLowerCase()}` }] };
      }
      op.status = 'CANCELED';
      return { bulkOperation: bulkOperationView(ctx, op, false), userErrors: [] };
    },
    fulfillmentCreate: (args, ctx) => {
      const input = args.fulfillment as {
        lineItemsByFulfillmentOrder: Array<{ fulfillmentOrderId: string; fulfillmentOrderLineItems?: Array<{ id: string; quantity: number }> | null }>;
        notifyCustomer?: boolean | null;
        trackingInfo?: { number?: string | null; numbers?: string[] | null; company?: string | null; url?: string | null; urls?: string[] | null } | null;
      };
      const tracking = input.trackingInfo ?? {};
      const result = ctx.store.fulfill({
        orders: input.lineItemsByFulfillmentOrder.map((entry) => ({
          fulfillmentOrderId: idOf(entry.fulfillmentOrderId, 'FulfillmentOrder') ?? -1,
          lines: entry.fulfillmentOrderLineItems?.map((line) => ({ id: idOf(line.id, 'FulfillmentOrderLineItem') ?? -1, quantity: line.quantity })) ?? null,
        })),
        trackingNumber: tracking.number ?? tracking.numbers?.[0] ?? '',
        company: tracking.company ?? null,
        url: tracking.url ?? tracking.urls?.[0] ?? null,
        notifyCustomer: input.notifyCustomer ?? false,
      });
      if ('userErrors' in result) return { fulfillment: null, userErrors: result.userErrors };
      return { fulfillment: fulfillmentView(ctx, result.fulfillment), userErrors: [] };
    },
  };
}

