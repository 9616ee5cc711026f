import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import type { NotificationDto, NotificationPreferencesDto, NotificationsDto } from '../../../shared/api';
import { defaultChannel, kindsFor, type NotificationChannel, type NotificationKind } from '../../../shared/notifications';
import { othersTurn } from '../../db/turns';

/*
 * A user's own notifications: every query names the user, so another user's notification answers
 * 404 as if it did not exist. The unread count is one pass over the (user_id, read_at) index.
 */

export interface NotificationsQuery {
  /** true: only the unread; false: only the read; null: all. */
  unread: boolean | null;
  limit: number;
  offset: number;
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of the user's notifications, newest first, and their unread count. */
export async function readNotifications(db: Db, userId: number, { unread, limit, offset }: NotificationsQuery): Promise<NotificationsDto> {
  let query = db.selectFrom('notifications').select(['id', 'kind', 'created_at', 'read_at', 'title', 'body', 'link']).where('user_id', '=', userId);
  if (unread !== null) query = query.where('read_at', unread ? 'is' : 'is not', null);
  const rows = await query.orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { notifications: rows.map((row) => ({ ...row, kind: row.kind as NotificationKind }) satisfies NotificationDto), unread: await unreadCount(db, userId) };
}

/** Marks one of the user's notifications read (once: a second call keeps the first time); answers the unread count. */
export async function markRead(db: Db, userId: number, id: number): Promise<{ unread: number }> {
  const own = await db.selectFrom('notifications').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!own) throw notFound();
  await db.updateTable('notifications').set({ read_at: new Date().toISOString() }).where('id', '=', id).where('read_at', 'is', null).execute();
  return { unread: await unreadCount(db, userId) };
}

/** Marks every unread notification of the user read; answers how many it marked. */
export async function markAllRead(db: Db, userId: number): Promise<{ marked: number; unread: number }> {
  const result = await db.updateTable('notifications').set({ read_at: new Date().toISOString() }).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirst();
  return { marked: Number(result.numUpdatedRows), unread: 0 };
}

/** Every kind the user's role may be told of, with the channel chosen or its default. */
export async function preferencesOf(db: Db, user: { id: number; role: number }): Promise<NotificationPreferencesDto> {
  const chosen = new Map((await db.selectFrom('notification_preferences').select(['kind', 'channel']).where('user_id', '=', user.id).execute()).map((row) => [row.kind, row.channel as NotificationChannel]));
  return { preferences: Object.fromEntries(kindsFor(user.role).map((kind) => [kind, chosen.get(kind) ?? defaultChannel(kind)])) };
}

/** Saves the channels given; a kind the user's role is never told of is a 400. Answers them all, as GET does. */
export async function savePreferences(db: Db, user: { id: number; role: number }, preferences: Partial<Record<string, string>>): Promise<NotificationPreferencesDto> {
  const mine = kindsFor(user.role) as string[];
  const given = Object.entries(preferences).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (given.some(([kind]) => !mine.includes(kind))) throw badRequest('validation:notificationKindUnknown', 'VALIDATION');
  if (given.length > 0) {
    await db.transaction().execute(async (trx) => {
      for (const [kind, channel] of given) {
        await trx
          .insertInto('notification_preferences')
          .values({ user_id: user.id, kind, channel })
          .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ channel }))
          .execute();
      }
    });
  }
  return preferencesOf(db, user);
}

/** A kind's e-mails (or its digest) stopped for a user by the e-mail's unsubscribe link: told in the product only from now on. */
export async function stopMail(db: Db, userId: number, kind: NotificationKind): Promise<void> {
  const chosen = await db.selectFrom('notification_preferences').select('channel').where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  const channel = (chosen?.channel as NotificationChannel | undefined) ?? defaultChannel(kind);
  // Turned off already, or in the product only: nothing to stop.
  if (channel !== 'email' && channel !== 'digest') return;
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, kind, channel: 'app' })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ channel: 'app' }))
    .execute();
}

/** Deletes the notifications made before `before`, a batch per statement; answers how many. */
export async function pruneNotifications(db: Db, before: Date, { batch, stopped }: { batch: number; stopped: () => boolean }): Promise<number> {
  let removed = 0;
  while (!stopped()) {
    if (removed > 0) await othersTurn();
    const result = await db
      .deleteFrom('notifications')
      .where('id', 'in', (eb) => eb.selectFrom('notifications').select('id').where('created_at', '<', before.toISOString()).orderBy('id').limit(batch))
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    if (deleted === 0) break;
    removed += deleted;
  }
  return removed;
}
