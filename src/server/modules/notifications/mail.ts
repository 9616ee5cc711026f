import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { API } from '../../../shared/api';
import { NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind } from '../../../shared/notifications';
import { enqueue, MAIL_JOB_KIND } from '../jobs/queue';
import type { QueuedMail } from '../mail/outbox';
import { phrase } from './texts';

/*
 * A notification by e-mail: its mail job is queued in the notification's own transaction (the
 * outbox), naming the notification only; the mail is written when it is sent, in the reader's
 * language, with the way back to the product and a signed one-click unsubscribe from its kind.
 */

/** What an e-mail's links need: where the product is, and the key its unsubscribe links are signed with. */
export interface MailLinks {
  publicUrl: string;
  secret: string;
}

/** The mail job's payload for a notification. */
export interface NotificationMailJob {
  notification_id: number;
}

/** Queues an e-mail for each notification whose user chose e-mail for its kind. */
export async function queueNotificationMails(trx: Transaction<Database>, stored: ReadonlyArray<{ id: number; channel: NotificationChannel }>): Promise<void> {
  for (const row of stored) {
    if (row.channel !== 'email') continue;
    const payload: NotificationMailJob = { notification_id: row.id };
    await enqueue(trx, { kind: MAIL_JOB_KIND, key: `notification:${row.id}`, connectionId: null, payload });
  }
}

const tokenOf = (secret: string, userId: number, kind: string) => createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url');

/** The query that unsubscribes a user from a kind's e-mails, signed so no login is needed and nothing else can be changed with it. */
export function unsubscribeQuery(secret: string, userId: number, kind: NotificationKind): string {
  return new URLSearchParams({ u: String(userId), k: kind, t: tokenOf(secret, userId, kind) }).toString();
}

/** The user and kind a signed unsubscribe query names, or null when it is not one this product signed. */
export function unsubscribeOf(secret: string, query: unknown): { userId: number; kind: NotificationKind } | null {
  const { u, k, t } = (query ?? {}) as Record<string, unknown>;
  if (typeof u !== 'string' || typeof k !== 'string' || typeof t !== 'string' || !/^\d{1,10}$/.test(u)) return null;
  if (!(NOTIFICATION_KINDS as string[]).includes(k)) return null;
  const expected = Buffer.from(tokenOf(secret, Number(u), k));
  const given = Buffer.from(t);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: Number(u), kind: k as NotificationKind };
}

const escaped = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail of a notification, or null when there is none to send (pruned, or its user has no address). */
export async function notificationMail(db: Db, links: MailLinks, notificationId: number): Promise<QueuedMail | null> {
  const row = await db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.id', 'n.user_id', 'n.kind', 'n.title', 'n.body', 'n.link', 'u.email', 'u.language'])
    .where('n.id', '=', notificationId)
    .executeTakeFirst();
  if (!row?.email) return null;
  const query = unsubscribeQuery(links.secret, row.user_id, row.kind as NotificationKind);
  const open = row.link ? `${links.publicUrl}${row.link}` : links.publicUrl;
  const page = `${links.publicUrl}/unsubscribe?${query}`;
  const language = row.language;
  const unsubscribe = phrase(language, 'mail.unsubscribe');
  return {
    key: `notification:${row.id}`,
    to: row.email,
    subject: row.title,
    text: `${row.body}\n\n${phrase(language, 'mail.open')}: ${open}\n\n-- \n${unsubscribe}: ${page}\n`,
    html: `<p>${escaped(row.body)}</p><p><a href="${escaped(open)}">${escaped(phrase(language, 'mail.open'))}</a></p><hr><p style="font-size:12px;color:#555">${escaped(unsubscribe)}: <a href="${escaped(page)}">${escaped(phrase(language, 'mail.unsubscribeLink'))}</a></p>`,
    unsubscribeUrl: `${links.publicUrl}${API.notificationsUnsubscribe}?${query}`,
  };
}

/** What the mail worker sends for a job's payload: a notification's e-mail, written now, or a mail queued whole. */
export function composeMail(db: Db, links: MailLinks) {
  return async (payload: unknown): Promise<QueuedMail | null> => {
    const id = (payload as Partial<NotificationMailJob> | null)?.notification_id;
    return typeof id === 'number' ? notificationMail(db, links, id) : (payload as QueuedMail);
  };
}
