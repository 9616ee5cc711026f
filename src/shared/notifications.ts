import { Role, type RoleId } from './roles';

/*
 * What a user is told of, who is told, and how (issue 29). Each kind names its audience: the office
 * (admins and office staff), the admins alone, the workshop of the lines, or the customer of the
 * order. A notification is stored for each user of its audience but the one whose action caused
 * it, its title and body written in that user's language from the `notifications` catalogue
 * (`kinds.<kind>.title` and `.body`, filled with the values its emitter gives).
 */

export const NOTIFICATION_AUDIENCES = {
  credit_exceeded: 'office',
  shop_item_unmatched: 'office',
  shop_job_failed: 'office',
  store_uninstalled: 'office',
  voucher_disputed: 'office',
  user_registered: 'admins',
  lines_late: 'office',
  late_risk: 'office',
  lines_assigned: 'workshop',
  lines_moved_away: 'workshop',
  qc_rejected: 'workshop',
  voucher_waiting: 'workshop',
  order_received: 'customer',
  line_shipped: 'customer',
  order_canceled: 'customer',
} as const;

export type NotificationKind = keyof typeof NOTIFICATION_AUDIENCES;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[NotificationKind];

export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_AUDIENCES) as NotificationKind[];

/** The roles each audience is made of; a workshop's and a customer's users are also theirs alone. */
export const AUDIENCE_ROLES: Readonly<Record<NotificationAudience, readonly RoleId[]>> = {
  office: [Role.Admin, Role.Office],
  admins: [Role.Admin],
  workshop: [Role.Workshop],
  customer: [Role.Customer],
};

/** The kinds a user of this role may be told of: what its preferences list. */
export const kindsFor = (role: number): NotificationKind[] => NOTIFICATION_KINDS.filter((kind) => (AUDIENCE_ROLES[NOTIFICATION_AUDIENCES[kind]] as readonly number[]).includes(role));

/** How a user is told of a kind: in the product only, also by e-mail, in the daily digest e-mail, or not at all. */
export const NOTIFICATION_CHANNELS = ['app', 'email', 'digest', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Kinds the daily digest gathers by their nature, whatever else a user chose. */
export const DIGEST_KINDS: readonly NotificationKind[] = ['lines_late', 'late_risk'];

/** A kind's channel until its user chooses: the customer's shipment and cancellation by e-mail, the office's digest daily. */
export function defaultChannel(kind: NotificationKind): NotificationChannel {
  if (kind === 'line_shipped' || kind === 'order_canceled') return 'email';
  if (DIGEST_KINDS.includes(kind)) return 'digest';
  return 'app';
}

/** Days a notification is kept. */
export const NOTIFICATION_KEEP_DAYS = 90;

/** Notifications one page of the list shows when the request names no limit. */
export const NOTIFICATIONS_PAGE = 20;

/** What a notification is about, by which its link is made for each reader's role. */
export type NotificationTarget =
  | { line: number }
  | { customer: number }
  | { voucher: number }
  | { store: number }
  | { report: 'late' | 'lateRisk' | 'users' }
  | null;

/** The path of the product's screen a reader of this role opens for the target; null when it has none. */
export function linkOf(role: number, target: NotificationTarget): string | null {
  if (target === null) return null;
  const area = role === Role.Admin ? '/admin' : '/office';
  if ('line' in target) {
    if (role === Role.Workshop) return `/workshop/orders/${target.line}`;
    if (role === Role.Customer) return `/customer/orders/${target.line}`;
    return `${area}/orders`;
  }
  if (role === Role.Workshop) return 'voucher' in target ? '/workshop/metal' : null;
  if (role === Role.Customer) return null;
  if ('customer' in target) return `${area}/customers/${target.customer}`;
  if ('voucher' in target) return `${area}/metal`;
  if ('store' in target) return '/dashboard';
  if (target.report === 'users') return role === Role.Admin ? '/admin/user-roles' : null;
  // The order grid's built-in view of that name (shared/views.ts LINE_VIEWS).
  return `${area}/orders?view=${target.report}`;
}
