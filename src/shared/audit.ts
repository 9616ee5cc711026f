/**
 * The kinds of change the audit log records, and which record each one names. Both the server
 * (writing and filtering) and the audit screen (its kind select, its entity column) read them.
 * Besides the admin's records, the corrections of an order line: a gram replaced (by the office, or
 * a workshop weighing again), a quality decision, a step back and a cancellation (also the shop's);
 * and an order the office placed for a customer (a phone order), named by the customer.
 */
export const AUDIT_KINDS = [
  'user_role',
  'user_created',
  'customer_credit',
  'product_created',
  'product_changed',
  'product_routing',
  'product_workshop',
  'settings',
  'shop_store',
  'shop_webhook',
  'line_gram',
  'line_quality',
  'line_step_back',
  'line_cancel',
  'phone_order',
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number];

export function isAuditKind(value: unknown): value is AuditKind {
  return typeof value === 'string' && (AUDIT_KINDS as readonly string[]).includes(value);
}

/** The record an entry's `entity_id` is the id of; the general settings are one record without an id. */
export const AUDIT_ENTITY: Record<AuditKind, 'user' | 'customer' | 'product' | 'settings' | 'shop' | 'order_line'> = {
  user_role: 'user',
  user_created: 'user',
  customer_credit: 'customer',
  product_created: 'product',
  product_changed: 'product',
  product_routing: 'product',
  product_workshop: 'product',
  settings: 'settings',
  shop_store: 'shop',
  shop_webhook: 'shop',
  line_gram: 'order_line',
  line_quality: 'order_line',
  line_step_back: 'order_line',
  line_cancel: 'order_line',
  phone_order: 'customer',
};

/** What a shop credential is recorded as: that it was given, never its value. */
export const SECRET_SET = 'set';

/** Entries per page of the audit screen, and the most one request may ask for. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;
