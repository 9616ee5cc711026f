import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { API } from '../../../shared/api';
import { NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind } from '../../../shared/notifications';
import { DEFAULT_LANGUAGE, formatDay } from '../../../shared/locale';
import { type ComposeMail, type QueuedMail, queueMail } from '../mail/outbox';
import { phrase } from './texts';

/*
 * A notification by e-mail: its mail job is queued in the notification's own transaction (the
 * outbox), naming the notification only; the mail is written when it is sent, in the reader's
 * language, with the way back to the product and a signed one-click unsubscribe from its kind.
 * A user's daily digest e-mail (digest.ts) names the notifications it gathers, written alike.
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

/** The mail job's payload for a user's digest of an office day: the notifications it gathers. */
export interface DigestMailJob {
  digest: { user_id: number; day: string; notification_ids: number[] };
}

/** Queues an e-mail for each notification whose user chose e-mail for its kind. */
export async function queueNotificationMails(trx: Transaction<Database>, stored: ReadonlyArray<{ id: number; channel: NotificationChannel }>): Promise<void> {
  for (const row of stored) {
    if (row.channel !== 'email') continue;
    await queueMail(trx, `notification:${row.id}`, { notification_id: row.id } satisfies NotificationMailJob);
  }
}

/** Queues a user's digest e-mail of `day`, once whatever runs again: its key is the user and the day. */
export async function queueDigestMail(trx: Transaction<Database>, digest: DigestMailJob['digest']): Promise<void> {
  await queueMail(trx, `digest:${digest.user_id}:${digest.day}`, { digest } satisfies DigestMailJob);
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

/** The links of a notification's kind for a user: the product's page that asks, and the one-click address. */
function unsubscribeLinks(links: MailLinks, userId: number, kind: NotificationKind) {
  const query = unsubscribeQuery(links.secret, userId, kind);
  return { page: `${links.publicUrl}/unsubscribe?${query}`, oneClick: `${links.publicUrl}${API.notificationsUnsubscribe}?${query}` };
}

const opened = (links: MailLinks, link: string | null) => (link ? `${links.publicUrl}${link}` : links.publicUrl);

/** The e-mail of a notification, or null when there is none to send (pruned, or its user has no address). */
export async function notificationMail(db: Db, links: MailLinks, notificationId: number): Promise<QueuedMail | null> {
  const row = await db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.id', 'n.user_id', 'n.kind', 'n.title', 'n.body', 'n.link', 'u.email', 'u.language'])
    .where('n.id', '=', notificationId)
    .executeTakeFirst();
  if (!row?.email) return null;
  const { page, oneClick } = unsubscribeLinks(links, row.user_id, row.kind as NotificationKind);
  const open = opened(links, row.link);
  const language = row.language;
  const unsubscribe = phrase(language, 'mail.unsubscribe');
  return {
    to: row.email,
    subject: row.title,
    text: `${row.body}\n\n${phrase(language, 'mail.open')}: ${open}\n\n-- \n${unsubscribe}: ${page}\n`,
    html: `<p>${escaped(row.body)}</p><p><a href="${escaped(open)}">${escaped(phrase(language, 'mail.open'))}</a></p><hr><p style="font-size:12px;color:#555">${escaped(unsubscribe)}: <a href="${escaped(page)}">${escaped(phrase(language, 'mail.unsubscribeLink'))}</a></p>`,
    unsubscribeUrl: oneClick,
  };
}

/**
 * A user's digest e-mail: each notification it gathers (those still kept) with its link, then an
 * unsubscribe link per kind; the one-click header when it gathers one kind only. Null when none is
 * left or the user has no address.
 */
export async function digestMail(db: Db, links: MailLinks, { user_id, day, notification_ids }: DigestMailJob['digest']): Promise<QueuedMail | null> {
  const user = await db.selectFrom('users').select(['email', 'language']).where('id', '=', user_id).executeTakeFirst();
  if (!user?.email || notification_ids.length === 0) return null;
  const rows = await db.selectFrom('notifications').select(['kind', 'title', 'body', 'link']).where('id', 'in', notification_ids).where('user_id', '=', user_id).orderBy('id').execute();
  if (rows.length === 0) return null;
  const { language } = user;
  const values = { day: formatDay(day, language ?? DEFAULT_LANGUAGE), count: rows.length };
  const intro = phrase(language, 'mail.digest.intro', values);
  const open = phrase(language, 'mail.open');
  const kinds = [...new Set(rows.map((row) => row.kind as NotificationKind))];
  const stops = kinds.map((kind) => ({ name: phrase(language, `mail.digest.kinds.${kind}`), ...unsubscribeLinks(links, user_id, kind) }));
  const unsubscribe = phrase(language, 'mail.digest.unsubscribe');
  const text = [
    `${intro}\n`,
    ...rows.map((row) => `* ${row.title}\n  ${row.body}\n  ${open}: ${opened(links, row.link)}\n`),
    `-- \n${unsubscribe}:`,
    ...stops.map((stop) => `  ${stop.name}: ${stop.page}`),
  ].join('\n');
  const html = [
    `<p>${escaped(intro)}</p>`,
    ...rows.map((row) => `<p><strong>${escaped(row.title)}</strong><br>${escaped(row.body)}<br><a href="${escaped(opened(links, row.link))}">${escaped(open)}</a></p>`),
    `<hr><p style="font-size:12px;color:#555">${escaped(unsubscribe)}:</p><ul style="font-size:12px;color:#555">`,
    ...stops.map((stop) => `<li>${escaped(stop.name)}: <a href="${escaped(stop.page)}">${escaped(phrase(language, 'mail.unsubscribeLink'))}</a></li>`),
    '</ul>',
  ].join('');
  return { to: user.email, subject: phrase(language, 'mail.digest.subject', values), text: `${text}\n`, html, unsubscribeUrl: stops.length === 1 ? stops[0].oneClick : undefined };
}

/** What the mail worker sends for a job's payload: a notification's e-mail or a digest, written now, or a mail queued whole. */
export function composeMail(db: Db, links: MailLinks): ComposeMail {
  return async (payload) => {
    const job = (payload ?? {}) as Partial<NotificationMailJob & DigestMailJob>;
    if (typeof job.notification_id === 'number') return notificationMail(db, links, job.notification_id);
    if (job.digest) return digestMail(db, links, job.digest);
    return payload as QueuedMail;
  };
}
