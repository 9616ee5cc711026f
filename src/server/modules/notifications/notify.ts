import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { defaultChannel, linkOf, type NotificationChannel, type NotificationKind, type NotificationTarget } from '../../../shared/notifications';
import { type Concerned, recipientsOf } from './recipients';
import { type NoticeValues, written } from './texts';
import { tellUsers } from './told';
import { queueNotificationMails } from './mail';

/*
 * The one way anything tells users: called in the transaction of the change that causes it, so a
 * notification exists exactly when its change does. Each user the kind concerns (recipients.ts)
 * who has not turned it off gets one row in their language; once the transaction commits, their
 * bells hear of it live (told.ts), and those who chose e-mail for its kind get one, queued in the
 * same transaction (mail.ts); those who chose the digest find it in their daily digest e-mail
 * (digest.ts).
 */

/** What is told: its kind, the values of its sentences, what it links to, and whether it is urgent. */
export interface Notice {
  kind: NotificationKind;
  values: NoticeValues;
  target: NotificationTarget;
  urgent?: boolean;
}

export interface Notified {
  id: number;
  user_id: number;
  kind: NotificationKind;
  channel: NotificationChannel;
}

const CHUNK = 200;

/** Stores each notice for every user it concerns; answers the rows written. */
export async function notify(trx: Transaction<Database>, concerned: Concerned, notices: readonly Notice[], at = new Date().toISOString()): Promise<Notified[]> {
  const stored: Notified[] = [];
  for (const kind of [...new Set(notices.map((notice) => notice.kind))]) {
    const recipients = await recipientsOf(trx, kind, concerned);
    const told = recipients.map((user) => ({ user, channel: user.chosen ?? defaultChannel(kind) })).filter(({ channel }) => channel !== 'off');
    const rows = notices
      .filter((notice) => notice.kind === kind)
      .flatMap((notice) =>
        told.map(({ user, channel }) => ({
          channel,
          row: { user_id: user.id, kind, ...written(user.language, kind, notice.values, notice.urgent), link: linkOf(user.role, notice.target), created_at: at, read_at: null },
        })),
      );
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const ids = await trx.insertInto('notifications').values(chunk.map((r) => r.row)).returning('id').execute();
      // Both databases number a multi-row insert's rows in the order of its values.
      const sorted = ids.map((r) => r.id).sort((a, b) => a - b);
      chunk.forEach(({ row, channel }, index) => stored.push({ id: sorted[index], user_id: row.user_id, kind, channel }));
    }
  }
  tellUsers(trx, stored.map((row) => row.user_id));
  await queueNotificationMails(trx, stored);
  return stored;
}
