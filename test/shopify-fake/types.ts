/**
 * The public shapes of the local Shopify-protocol server: what tests hand in (inputs) and what they
 * read back (plain data). Times are epoch milliseconds from the fake's clock.
 */

export interface FakeStoreOptions {
  domain: string;
  name?: string;
  /** A static Admin API token (`shpat_...`); one is generated when left out (see `FakeStore.accessToken`). */
  accessToken?: string;
  /** Client id and secret for the client-credentials grant; without them the grant answers invalid_client. */
  clientId?: string;
  clientSecret?: string;
  /** Lifetime of tokens from the grant; default 86399 s like Shopify. */
  tokenLifetimeSeconds?: number;
  /** Default 1000 points, 100 points/s (Shopify's standard plan). */
  bucket?: { maximumAvailable: number; restoreRate: number };
  /** Default TRY. */
  currencyCode?: string;
  /** Secret that signs this store's webhooks (control endpoint, subscriptions); default clientSecret, else a fixed one. */
  webhookSecret?: string;
}

export interface FakeVariantInput {
  sku?: string | null;
  title?: string;
  price?: string;
  /** Option name -> value; products without options get Shopify's single "Title: Default Title" option. */
  options?: Record<string, string>;
}

export interface FakeProductInput {
  title: string;
  vendor?: string;
  productType?: string;
  imageUrl?: string | null;
  status?: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  variants: FakeVariantInput[];
}

export interface FakeLineItemInput {
  /** Legacy numeric variant id; null for a custom item. */
  variantId: number | null;
  quantity: number;
  price?: string;
  title?: string;
  sku?: string | null;
  /** Line item properties (Shopify's `properties` / GraphQL `customAttributes`), e.g. the engraved name. */
  properties?: Record<string, string>;
}

export interface FakeAddressInput {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip: string;
  country: string;
  countryCode: string;
  phone: string;
}

export interface FakeOrderInput {
  name?: string;
  email?: string;
  phone?: string;
  note?: string | null;
  currency?: string;
  shippingAddress?: Partial<FakeAddressInput>;
  lineItems: FakeLineItemInput[];
}

export interface FakeSelectedOption {
  name: string;
  value: string;
}

export interface FakeVariant {
  id: number;
  gid: string;
  productId: number;
  title: string;
  sku: string | null;
  price: string;
  /** 1-based, like Shopify. */
  position: number;
  selectedOptions: FakeSelectedOption[];
  createdAt: number;
  updatedAt: number;
}

export interface FakeProduct {
  id: number;
  gid: string;
  title: string;
  handle: string;
  vendor: string;
  productType: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  imageUrl: string | null;
  /** Ids of the product's one image as media (MediaImage) and as legacy ProductImage. */
  mediaId: number;
  imageId: number;
  options: Array<{ name: string; values: string[] }>;
  variants: FakeVariant[];
  createdAt: number;
  updatedAt: number;
}

export interface FakeAddress {
  firstName: string | null;
  lastName: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  zip: string | null;
  country: string | null;
  countryCode: string | null;
  phone: string | null;
}

export interface FakeLineItem {
  id: number;
  gid: string;
  variantId: number | null;
  productId: number | null;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
  price: string;
  properties: Array<{ name: string; value: string }>;
  /** The line's entry in the order's fulfillment order, and how much of it is shipped. */
  fulfillmentOrderLineItemId: number;
  fulfilledQuantity: number;
}

export interface FakeOrder {
  id: number;
  gid: string;
  /** '#1001', '#1002', ... */
  name: string;
  number: number;
  email: string | null;
  phone: string | null;
  note: string | null;
  currency: string;
  shippingAddress: FakeAddress | null;
  lineItems: FakeLineItem[];
  createdAt: number;
  updatedAt: number;
  cancelledAt: number | null;
  /** OrderCancelReason: CUSTOMER, DECLINED, FRAUD, INVENTORY, OTHER, STAFF. */
  cancelReason: string | null;
  /** Every order has one fulfillment order holding all its lines. */
  fulfillmentOrderId: number;
}

export interface FakeFulfillment {
  id: number;
  gid: string;
  orderId: number;
  trackingNumber: string;
  company: string | null;
  url: string | null;
  notifyCustomer: boolean;
  lineItems: Array<{ lineItemId: number; quantity: number }>;
  createdAt: number;
}

export interface FakeWebhookSubscription {
  id: string;
  /** WebhookSubscriptionTopic, e.g. ORDERS_CREATE. */
  topic: string;
  uri: string;
  format: 'JSON' | 'XML';
  createdAt: number;
  updatedAt: number;
}

export interface FakeCall {
  /** When the request arrived (fake clock). */
  at: number;
  requestedCost: number;
  actualCost: number;
  throttled: boolean;
  /** HTTP status answered; 0 while a 'hang' fault holds the request. */
  status: number;
  /** Operation name, else the first root field. */
  operation: string;
}

export type FaultKind = 'throttled' | 'http429' | 'http503' | 'slow' | 'hang';

export interface Fault {
  kind: FaultKind;
  /** How many following GraphQL requests get it (default 1). */
  times?: number;
  /** Retry-After for http429 (default 2) and, when given, for http503. */
  retryAfterSeconds?: number;
  /** For 'slow' (default 1000). */
  delayMs?: number;
}

export interface FakeStore {
  domain: string;
  /** The static token in use (given or generated). */
  accessToken: string;
  addProduct(input: FakeProductInput): FakeProduct;
  addProducts(count: number, variantsPerProduct?: number): FakeProduct[];
  updateProduct(id: number, change: Partial<FakeProductInput> & { removeVariantIds?: number[] }): FakeProduct;
  deleteProduct(id: number): void;
  addOrder(input: FakeOrderInput): FakeOrder;
  updateOrder(id: number, change: Partial<FakeOrderInput>): FakeOrder;
  cancelOrder(id: number, reason?: string): FakeOrder;
  products: FakeProduct[];
  orders: FakeOrder[];
  webhookSubscriptions(): FakeWebhookSubscription[];
  fulfillments(): FakeFulfillment[];
  calls(): FakeCall[];
  failNext(fault: Fault): void;
  setBucket(bucket: { maximumAvailable: number; restoreRate: number }): void;
  bulkCompletesAfterPolls(n: number): void;
  webhookPayload(topic: string, orderOrProductId: number): Record<string, unknown>;
}

export interface ShopifyFake {
  /** Base address, e.g. http://127.0.0.1:4010 (what SHOPIFY_API_BASE_URL takes). */
  url: string;
  addStore(options: FakeStoreOptions): FakeStore;
  store(domain: string): FakeStore;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** 0 or left out: a free port. */
  port?: number;
  host?: string;
  /** The clock for bucket refill, token expiry and timestamps; default Date.now. */
  now?: () => number;
}
