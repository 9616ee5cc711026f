import { randomBytes } from 'node:crypto';
import { generatedCatalogue, handleize } from './catalogue';
import { LeakyBucket } from './cost';
import { COUNTRY_CODES, CURRENCY_CODES } from './schema';
import type {
  Fault,
  FakeAddress,
  FakeCall,
  FakeFulfillment,
  FakeLineItem,
  FakeLineItemInput,
  FakeOrder,
  FakeOrderInput,
  FakeProduct,
  FakeProductInput,
  FakeStore,
  FakeStoreOptions,
  FakeVariant,
  FakeVariantInput,
  FakeWebhookSubscription,
} from './types';
import { webhookPayload } from './webhooks';

/** What a store needs from the server it lives in. */
export interface StoreHost {
  now(): number;
  baseUrl: string;
  /** Order of the store on the server; keeps ids of different stores apart. */
  index: number;
}

/** Shopify's id ranges look like this: 13-14 digit numbers, beyond 32 bits, inside JavaScript's safe integers. */
const ID_BASES = {
  Product: 8_000_000_000_000,
  ProductVariant: 45_000_000_000_000,
  Order: 6_000_000_000_000,
  LineItem: 15_000_000_000_000,
  FulfillmentOrder: 7_000_000_000_000,
  FulfillmentOrderLineItem: 16_000_000_000_000,
  Fulfillment: 5_000_000_000_000,
  MediaImage: 31_000_000_000_000,
  ProductImage: 40_000_000_000_000,
  WebhookSubscription: 1_000_000_000_000,
  BulkOperation: 4_000_000_000_000,
} as const;

export type IdKind = keyof typeof ID_BASES;

export const gid = (kind: string, id: number | string) => `gid://shopify/${kind}/${id}`;

/** `gid://shopify/Order/123` -> { kind: 'Order', id: 123 }. */
export function parseGid(value: string): { kind: string; id: number } | null {
  const match = /^gid:\/\/shopify\/(\w+)\/(\d+)(?:\?.*)?$/.exec(value);
  return match ? { kind: match[1], id: Number(match[2]) } : null;
}

export const CANCEL_REASONS = ['CUSTOMER', 'DECLINED', 'FRAUD', 'INVENTORY', 'OTHER', 'STAFF'];

export interface BulkOperationRecord {
  id: number;
  gid: string;
  query: string;
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELED';
  errorCode: string | null;
  createdAt: number;
  completedAt: number | null;
  /** Where the JSONL is served once complete: /bulk/{token}.jsonl. */
  token: string;
  jsonl: string;
  objectCount: number;
  rootObjectCount: number;
  /** Polls that still answer RUNNING before COMPLETED. */
  pollsLeft: number;
}

export interface FulfillmentRequest {
  orders: Array<{ fulfillmentOrderId: number; lines: Array<{ id: number; quantity: number }> | null }>;
  trackingNumber: string;
  company: string | null;
  url: string | null;
  notifyCustomer: boolean;
}

export type UserError = { field: string[] | null; message: string };

const DEFAULT_BUCKET = { maximumAvailable: 1000, restoreRate: 100 };

export class Store implements FakeStore {
  readonly domain: string;
  readonly name: string;
  readonly accessToken: string;
  readonly clientId: string | null;
  readonly clientSecret: string | null;
  readonly tokenLifetimeSeconds: number;
  readonly currencyCode: string;
  readonly webhookSecret: string;
  readonly bucket: LeakyBucket;
  products: FakeProduct[] = [];
  orders: FakeOrder[] = [];
  readonly bulkOperations: BulkOperationRecord[] = [];
  private readonly grantedTokens = new Map<string, number>();
  private readonly faults: Array<Fault & { left: number }> = [];
  private readonly callLog: FakeCall[] = [];
  private readonly subscriptions: FakeWebhookSubscription[] = [];
  private readonly fulfillmentLog: FakeFulfillment[] = [];
  private readonly counters = new Map<IdKind, number>();
  private orderNumber = 1000;
  private generated = 0;
  private pollsBeforeCompletion = 1;

  constructor(
    options: FakeStoreOptions,
    readonly host: StoreHost,
  ) {
    if (!/^[a-z0-9][a-z0-9.-]*$/i.test(options.domain)) throw new Error(`Invalid store domain: ${options.domain}`);
    const currency = options.currencyCode ?? 'TRY';
    if (!CURRENCY_CODES.has(currency)) throw new Error(`Unknown currency code ${currency}`);
    this.domain = options.domain;
    this.name = options.name ?? options.domain.split('.')[0];
    this.accessToken = options.accessToken ?? `shpat_${randomBytes(16).toString('hex')}`;
    this.clientId = options.clientId ?? null;
    this.clientSecret = options.clientSecret ?? null;
    this.tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 86399;
    this.currencyCode = currency;
    this.webhookSecret = options.webhookSecret ?? options.clientSecret ?? 'shpss_fake_webhook_secret';
    const bucket = options.bucket ?? DEFAULT_BUCKET;
    this.bucket = new LeakyBucket(bucket.maximumAvailable, bucket.restoreRate, host.now());
  }

  nextId(kind: IdKind): number {
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    return ID_BASES[kind] + this.host.index * 1_000_000_000 + n;
  }

  // ---- Catalogue ----

  addProduct(input: FakeProductInput): FakeProduct {
    if (!input.variants?.length) throw new Error('A product needs at least one variant');
    const now = this.host.now();
    const id = this.nextId('Product');
    const product: FakeProduct = {
      id,
      gid: gid('Product', id),
      title: input.title,
      handle: this.uniqueHandle(input.title),
      vendor: input.vendor ?? this.name,
      productType: input.productType ?? '',
      status: input.status ?? 'ACTIVE',
      imageUrl: input.imageUrl === undefined ? null : input.imageUrl,
      mediaId: this.nextId('MediaImage'),
      imageId: this.nextId('ProductImage'),
      options: [],
      variants: [],
      createdAt: now,
      updatedAt: now,
    };
    product.variants = input.variants.map((variant, i) => this.newVariant(product, variant, i + 1, now));
    this.settleOptions(product);
    this.products.push(product);
    return product;
  }

  addProducts(count: number, variantsPerProduct = 3): FakeProduct[] {
    const inputs = generatedCatalogue(count, variantsPerProduct, this.host.index * 7919 + this.generated, this.name);
    this.generated += count;
    return inputs.map((input, i) => {
      const product = this.addProduct(input);
      // Served by the fake itself, so a client that downloads images gets a real (tiny) one;
      // every seventh product has none, as happens in real shops.
      product.imageUrl = i % 7 === 6 ? null : `${this.host.baseUrl}/cdn/products/${product.handle}.png`;
      return product;
    });
  }

  updateProduct(id: number, change: Partial<FakeProductInput> & { removeVariantIds?: number[] }): FakeProduct {
    const product = this.product(id);
    const now = this.host.now();
    if (change.title !== undefined) product.title = change.title;
    if (change.vendor !== undefined) product.vendor = change.vendor;
    if (change.productType !== undefined) product.productType = change.productType;
    if (change.imageUrl !== undefined) product.imageUrl = change.imageUrl;
    if (change.status !== undefined) product.status = change.status;
    if (change.removeVariantIds?.length) {
      product.variants = product.variants.filter((v) => !change.removeVariantIds!.includes(v.id));
    }
    // `variants` updates the variants in place by position (keeping their ids) and adds any beyond them.
    change.variants?.forEach((input, i) => {
      const existing = product.variants[i];
      if (!existing) {
        product.variants.push(this.newVariant(product, input, i + 1, now));
        return;
      }
      if (input.sku !== undefined) existing.sku = input.sku;
      if (input.price !== undefined) existing.price = input.price;
      if (input.options) existing.selectedOptions = Object.entries(input.options).map(([name, value]) => ({ name, value }));
      if (input.title !== undefined || input.options) existing.title = input.title ?? variantTitle(existing.selectedOptions);
      existing.updatedAt = now;
    });
    if (product.variants.length === 0) throw new Error('A product keeps at least one variant');
    product.variants.forEach((variant, i) => (variant.position = i + 1));
    this.settleOptions(product);
    product.updatedAt = now;
    return product;
  }

  deleteProduct(id: number): void {
    this.product(id);
    this.products = this.products.filter((p) => p.id !== id);
  }

  product(id: number): FakeProduct {
    const product = this.products.find((p) => p.id === id);
    if (!product) throw new Error(`No product ${id} in ${this.domain}`);
    return product;
  }

  findVariant(id: number): { product: FakeProduct; variant: FakeVariant } | null {
    for (const product of this.products) {
      const variant = product.variants.find((v) => v.id === id);
      if (variant) return { product, variant };
    }
    return null;
  }

  private uniqueHandle(title: string): string {
    const stem = handleize(title);
    let handle = stem;
    for (let n = 1; this.products.some((p) => p.handle === handle); n++) handle = `${stem}-${n}`;
    return handle;
  }

  private newVariant(product: FakeProduct, input: FakeVariantInput, position: number, now: number): FakeVariant {
    const id = this.nextId('ProductVariant');
    const selectedOptions = Object.entries(input.options ?? {}).map(([name, value]) => ({ name, value }));
    return {
      id,
      gid: gid('ProductVariant', id),
      productId: product.id,
      title: input.title ?? variantTitle(selectedOptions),
      sku: input.sku === undefined ? null : input.sku,
      price: input.price ?? '0.00',
      position,
      selectedOptions,
      createdAt: now,
      updatedAt: now,
    };
  }

  /** Options follow the variants: names and values in order of first use; none at all is Shopify's "Title". */
  private settleOptions(product: FakeProduct): void {
    const options = new Map<string, string[]>();
    for (const variant of product.variants) {
      for (const { name, value } of variant.selectedOptions) {
        const values = options.get(name) ?? [];
        if (!values.includes(value)) values.push(value);
        options.set(name, values);
      }
    }
    if (options.size === 0) {
      for (const variant of product.variants) {
        variant.selectedOptions = [{ name: 'Title', value: 'Default Title' }];
      }
      options.set('Title', ['Default Title']);
    }
    product.options = [...options].map(([name, values]) => ({ name, values }));
  }

  // ---- Orders ----

  addOrder(input: FakeOrderInput): FakeOrder {
    const now = this.host.now();
    const id = this.nextId('Order');
    const number = ++this.orderNumber;
    const order: FakeOrder = {
      id,
      gid: gid('Order', id),
      name: input.name ?? `#${number}`,
      number,
      email: input.email ?? null,
      phone: input.phone ?? null,
      note: input.note ?? null,
      currency: this.currency(input.currency),
      shippingAddress: input.shippingAddress ? address(input.shippingAddress) : null,
      lineItems: [],
      createdAt: now,
      updatedAt: now,
      cancelledAt: null,
      cancelReason: null,
      fulfillmentOrderId: this.nextId('FulfillmentOrder'),
    };
    order.lineItems = this.lineItems(input.lineItems);
    this.orders.push(order);
    return order;
  }

  updateOrder(id: number, change: Partial<FakeOrderInput>): FakeOrder {
    const order = this.order(id);
    if (change.name !== undefined) order.name = change.name;
    if (change.email !== undefined) order.email = change.email;
    if (change.phone !== undefined) order.phone = change.phone;
    if (change.note !== undefined) order.note = change.note;
    if (change.currency !== undefined) order.currency = this.currency(change.currency);
    if (change.shippingAddress !== undefined) order.shippingAddress = address({ ...(order.shippingAddress ?? {}), ...change.shippingAddress });
    // New lines replace the old ones (an order edit), with new line ids.
    if (change.lineItems !== undefined) order.lineItems = this.lineItems(change.lineItems);
    order.updatedAt = this.host.now();
    return order;
  }

  cancelOrder(id: number, reason = 'CUSTOMER'): FakeOrder {
    const order = this.order(id);
    const code = reason.toUpperCase();
    if (!CANCEL_REASONS.includes(code)) throw new Error(`Unknown cancel reason ${reason}; one of ${CANCEL_REASONS.join(', ')}`);
    const now = this.host.now();
    order.cancelledAt = now;
    order.cancelReason = code;
    order.updatedAt = now;
    return order;
  }

  order(id: number): FakeOrder {
    const order = this.orders.find((o) => o.id === id);
    if (!order) throw new Error(`No order ${id} in ${this.domain}`);
    return order;
  }

  private currency(code: string | undefined): string {
    const currency = code ?? this.currencyCode;
    if (!CURRENCY_CODES.has(currency)) throw new Error(`Unknown currency code ${currency}`);
    return currency;
  }

  private lineItems(inputs: FakeLineItemInput[]): FakeLineItem[] {
    if (!inputs?.length) throw new Error('An order needs at least one line item');
    return inputs.map((input) => {
      if (!Number.isInteger(input.quantity) || input.quantity < 1) throw new Error(`Invalid quantity ${input.quantity}`);
      const found = input.variantId == null ? null : this.findVariant(input.variantId);
      if (input.variantId != null && !found) throw new Error(`No variant ${input.variantId} in ${this.domain}`);
      const id = this.nextId('LineItem');
      return {
        id,
        gid: gid('LineItem', id),
        variantId: found?.variant.id ?? null,
        productId: found?.product.id ?? null,
        title: input.title ?? found?.product.title ?? 'Özel ürün',
        variantTitle: found && found.variant.title !== 'Default Title' ? found.variant.title : null,
        sku: input.sku !== undefined ? input.sku : (found?.variant.sku ?? null),
        quantity: input.quantity,
        price: input.price ?? found?.variant.price ?? '0.00',
        properties: Object.entries(input.properties ?? {}).map(([name, value]) => ({ name, value })),
        fulfillmentOrderLineItemId: this.nextId('FulfillmentOrderLineItem'),
        fulfilledQuantity: 0,
      };
    });
  }

  /** CLOSED once cancelled or fully shipped, IN_PROGRESS when partly shipped, else OPEN. */
  fulfillmentOrderStatus(order: FakeOrder): 'OPEN' | 'IN_PROGRESS' | 'CLOSED' {
    if (order.cancelledAt !== null) return 'CLOSED';
    if (order.lineItems.every((line) => line.fulfilledQuantity >= line.quantity)) return 'CLOSED';
    return order.lineItems.some((line) => line.fulfilledQuantity > 0) ? 'IN_PROGRESS' : 'OPEN';
  }

  fulfill(request: FulfillmentRequest): { fulfillment: FakeFulfillment } | { userErrors: UserError[] } {
    const errors: UserError[] = [];
    const shipped: Array<{ line: FakeLineItem; quantity: number }> = [];
    let order: FakeOrder | null = null;
    for (const [i, entry] of request.orders.entries()) {
      const field = ['fulfillment', 'lineItemsByFulfillmentOrder', String(i), 'fulfillmentOrderId'];
      const owner = this.orders.find((o) => o.fulfillmentOrderId === entry.fulfillmentOrderId);
      if (!owner) {
        errors.push({ field, message: 'Fulfillment order does not exist.' });
        continue;
      }
      if (order && order !== owner) {
        errors.push({ field, message: 'Fulfillment orders must belong to the same order.' });
        continue;
      }
      order = owner;
      if (this.fulfillmentOrderStatus(owner) === 'CLOSED') {
        errors.push({ field, message: `Fulfillment order ${gid('FulfillmentOrder', owner.fulfillmentOrderId)} has an unfulfillable status= closed.` });
        continue;
      }
      // Without line items Shopify ships everything still open on the fulfillment order.
      const wanted = entry.lines ?? owner.lineItems.map((line) => ({ id: line.fulfillmentOrderLineItemId, quantity: line.quantity - line.fulfilledQuantity }));
      for (const [j, want] of wanted.entries()) {
        const line = owner.lineItems.find((l) => l.fulfillmentOrderLineItemId === want.id);
        const lineField = ['fulfillment', 'lineItemsByFulfillmentOrder', String(i), 'fulfillmentOrderLineItems', String(j)];
        if (!line) errors.push({ field: [...lineField, 'id'], message: 'Fulfillment order line item does not exist.' });
        else if (want.quantity > line.quantity - line.fulfilledQuantity || (entry.lines && want.quantity < 1)) {
          errors.push({ field: [...lineField, 'quantity'], message: 'Invalid fulfillment order line item quantity requested.' });
        } else if (want.quantity > 0) shipped.push({ line, quantity: want.quantity });
      }
    }
    if (!order || errors.length > 0) {
      return { userErrors: errors.length ? errors : [{ field: ['fulfillment', 'lineItemsByFulfillmentOrder'], message: 'Line items by fulfillment order must not be empty.' }] };
    }
    const now = this.host.now();
    for (const { line, quantity } of shipped) line.fulfilledQuantity += quantity;
    order.updatedAt = now;
    const id = this.nextId('Fulfillment');
    const fulfillment: FakeFulfillment = {
      id,
      gid: gid('Fulfillment', id),
      orderId: order.id,
      trackingNumber: request.trackingNumber,
      company: request.company,
      url: request.url,
      notifyCustomer: request.notifyCustomer,
      lineItems: shipped.map(({ line, quantity }) => ({ lineItemId: line.id, quantity })),
      createdAt: now,
    };
    this.fulfillmentLog.push(fulfillment);
    return { fulfillment };
  }

  fulfillments(): FakeFulfillment[] {
    return [...this.fulfillmentLog];
  }

  // ---- Webhook subscriptions ----

  webhookSubscriptions(): FakeWebhookSubscription[] {
    return [...this.subscriptions];
  }

  subscribe(topic: string, uri: string | null | undefined, format: 'JSON' | 'XML'): { subscription: FakeWebhookSubscription } | { userErrors: UserError[] } {
    const field = ['webhookSubscription', 'uri'];
    if (!uri) return { userErrors: [{ field, message: "Address can't be blank" }] };
    if (!/^(https?:\/\/[^\s]+|pubsub:\/\/[^\s:]+:[^\s]+|arn:aws:events:[^\s]+)$/.test(uri)) {
      return { userErrors: [{ field, message: 'Address is invalid' }] };
    }
    if (this.subscriptions.some((s) => s.topic === topic && s.uri === uri)) {
      return { userErrors: [{ field, message: 'Address for this topic has already been taken' }] };
    }
    const now = this.host.now();
    const subscription: FakeWebhookSubscription = { id: gid('WebhookSubscription', this.nextId('WebhookSubscription')), topic, uri, format, createdAt: now, updatedAt: now };
    this.subscriptions.push(subscription);
    return { subscription };
  }

  unsubscribe(id: string): boolean {
    const index = this.subscriptions.findIndex((s) => s.id === id);
    if (index < 0) return false;
    this.subscriptions.splice(index, 1);
    return true;
  }

  // ---- Access ----

  acceptsToken(token: string | undefined, now: number): boolean {
    if (!token) return false;
    if (token === this.accessToken) return true;
    const expires = this.grantedTokens.get(token);
    return expires !== undefined && now < expires;
  }

  /** The client-credentials grant: a token good for `tokenLifetimeSeconds`. */
  grant(params: Record<string, string | undefined>, now: number): { status: number; body: Record<string, unknown> } {
    if (params.grant_type !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' } };
    if (!this.clientId || params.client_id !== this.clientId || params.client_secret !== this.clientSecret) {
      return { status: 400, body: { error: 'invalid_client' } };
    }
    const token = `shpat_${randomBytes(16).toString('hex')}`;
    this.grantedTokens.set(token, now + this.tokenLifetimeSeconds * 1000);
    return { status: 200, body: { access_token: token, scope: 'read_products,read_orders', expires_in: this.tokenLifetimeSeconds } };
  }

  // ---- Faults, calls, throttling ----

  failNext(fault: Fault): void {
    this.faults.push({ ...fault, left: fault.times ?? 1 });
  }

  takeFault(): Fault | null {
    const fault = this.faults[0];
    if (!fault) return null;
    if (--fault.left <= 0) this.faults.shift();
    return fault;
  }

  recordCall(call: FakeCall): FakeCall {
    this.callLog.push(call);
    return call;
  }

  calls(): FakeCall[] {
    return this.callLog.map((call) => ({ ...call }));
  }

  setBucket(bucket: { maximumAvailable: number; restoreRate: number }): void {
    this.bucket.reset(bucket.maximumAvailable, bucket.restoreRate, this.host.now());
  }

  // ---- Bulk operations ----

  bulkCompletesAfterPolls(n: number): void {
    if (!Number.isInteger(n) || n < 0) throw new Error(`Invalid poll count ${n}`);
    this.pollsBeforeCompletion = n;
  }

  get pollsForNewBulkOperations(): number {
    return this.pollsBeforeCompletion;
  }

  /** A status read: CREATED/RUNNING answers RUNNING until its polls run out, then COMPLETED. */
  pollBulkOperation(operation: BulkOperationRecord): void {
    if (operation.status !== 'CREATED' && operation.status !== 'RUNNING') return;
    if (operation.pollsLeft > 0) {
      operation.pollsLeft--;
      operation.status = 'RUNNING';
      return;
    }
    operation.status = 'COMPLETED';
    operation.completedAt = this.host.now();
  }

  // ---- Webhooks ----

  webhookPayload(topic: string, orderOrProductId: number): Record<string, unknown> {
    return webhookPayload(this, topic, orderOrProductId);
  }
}

function variantTitle(options: Array<{ value: string }>): string {
  return options.length ? options.map((o) => o.value).join(' / ') : 'Default Title';
}

function address(input: Partial<FakeAddress> & { countryCode?: string | null }): FakeAddress {
  const code = input.countryCode ?? null;
  if (code !== null && !COUNTRY_CODES.has(code)) throw new Error(`Unknown country code ${code}`);
  return {
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    address1: input.address1 ?? null,
    address2: input.address2 ?? null,
    city: input.city ?? null,
    province: input.province ?? null,
    zip: input.zip ?? null,
    country: input.country ?? null,
    countryCode: code,
    phone: input.phone ?? null,
  };
}
