import type { NotificationChannel, NotificationKind } from '../notifications';

/* A user's notifications and how they want to be told. */

/** One notification as stored for its user, its title and body in that user's language. */
export interface NotificationDto {
  id: number;
  kind: NotificationKind;
  created_at: string;
  /** null while unread. */
  read_at: string | null;
  title: string;
  body: string;
  /** The product's path of what it is about (a line, an order, a voucher, a store, a report); null: none. */
  link: string | null;
}

/** GET /api/v1/notifications: a page of the user's notifications, newest first, and how many are unread in all. */
export interface NotificationsDto {
  notifications: NotificationDto[];
  unread: number;
}

/** GET and PUT /api/v1/notifications/preferences: every kind the user may be told of, with its channel. */
export interface NotificationPreferencesDto {
  preferences: Partial<Record<NotificationKind, NotificationChannel>>;
}
