/* Store connections, their webhooks and jobs, waiting line items and catalogue syncs. */

/** A store connection or webhook record as routes return it: never with its secrets. */
export interface ShopConnectionDto {
  id: number;
  kind: 'store' | 'webhook';
  user_id: number;
  shop_name: string;
  shop_domain: string | null;
  /** 'uninstalled' once the shop removed the app. */
  status: 'active' | 'uninstalled';
  /** The shop's update time of the latest order taken (webhook or reconciliation). */
  last_order_seen_at: string | null;
  created_at: string;
}

/** A stored store job (a received webhook, a subscription, a reconciliation) as GET API.shopEvents answers it. */
export interface ShopEventDto {
  id: number;
  kind: string;
  /** The webhook's topic; null for jobs the product made itself. */
  topic: string | null;
  shop_domain: string | null;
  shop_name: string | null;
  status: 'waiting' | 'running' | 'done' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
  run_after: string;
}

/** A shop line item waiting for its product, as GET API.shopPendingItems answers it. */
export interface PendingItemDto {
  id: number;
  order_id: number;
  order_number: string;
  shop_name: string;
  shop_domain: string | null;
  line_item_id: string;
  variant_id: string | null;
  sku: string | null;
  title: string;
  quantity: number;
  unit_price: number | null;
  /** The currency of unit_price: the shop order's. */
  currency: string;
  created_at: string;
}

/** A webhook subscription of a store, as the store reports it. */
export interface ShopSubscriptionDto {
  id: string;
  topic: string;
  uri: string;
}

/** A catalogue sync of one store as its routes answer it. */
export interface CatalogueSyncDto {
  id: number;
  connection_id: number;
  shop_name: string;
  status: 'running' | 'done' | 'failed';
  started_at: string;
  finished_at: string | null;
  /** Variants the shop is expected to hold: an estimate while running (null before the store answered), exact once done. */
  total: number | null;
  /** Variants read and written so far. */
  done: number;
  added: number;
  updated: number;
  unchanged: number;
  failed: number;
  /** Variants marked as gone from the shop (their products stay, with their lines). */
  removed: number;
  /** Why a failed sync stopped, in the server's words. */
  error: string | null;
}

/** Webhooks refused from one domain (an unknown shop, a wrong signature), as GET API.shopRefusedWebhooks answers it: never a body. */
export interface RefusedWebhookDto {
  shop_domain: string;
  /** Why the latest was refused. */
  reason: 'unknownShop' | 'badSignature';
  count: number;
  last_at: string;
}

/** An e-mail that failed its last try ('Gönderilemeyen e-postalar'): to whom, what, how often tried, and why it failed. */
export interface FailedMailDto {
  id: number;
  to: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}
