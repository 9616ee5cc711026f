import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AUDIENCE_ROLES, NOTIFICATION_AUDIENCES, type NotificationChannel, type NotificationKind } from '../../../shared/notifications';
import type { RoleId } from '../../../shared/roles';

/** Whose change it is: the workshop or customer it concerns, and who acted (never told of their own action). */
export interface Concerned {
  workshopId?: number | null;
  customerId?: number | null;
  /** The acting user; null or absent: the shop, a job, the system. */
  actorId?: number | null;
}

export interface Recipient {
  id: number;
  role: RoleId;
  language: string | null;
  /** The channel the user chose for the kind; null: its default. */
  chosen: NotificationChannel | null;
}

/**
 * The users a kind concerns: the office (admins and office staff) or the admins by role, a
 * workshop's or a customer's users by the record they hold, each in the role of that audience;
 * the actor left out; with the channel each chose for the kind, in the same statement.
 */
export async function recipientsOf(trx: Transaction<Database>, kind: NotificationKind, concerned: Concerned): Promise<Recipient[]> {
  const audience = NOTIFICATION_AUDIENCES[kind];
  let query = trx
    .selectFrom('users')
    .leftJoin('notification_preferences as chosen', (join) => join.onRef('chosen.user_id', '=', 'users.id').on('chosen.kind', '=', kind))
    .select(['users.id', 'users.role_id as role', 'users.language', 'chosen.channel'])
    .where('users.role_id', 'in', [...AUDIENCE_ROLES[audience]]);
  if (audience === 'workshop') {
    if (concerned.workshopId == null) return [];
    const workshopId = concerned.workshopId;
    query = query.where((eb) => eb.exists(eb.selectFrom('workshops').select('workshops.id').whereRef('workshops.user_id', '=', 'users.id').where('workshops.id', '=', workshopId).where('workshops.is_deleted', '=', 0)));
  } else if (audience === 'customer') {
    if (concerned.customerId == null) return [];
    const customerId = concerned.customerId;
    query = query.where((eb) => eb.exists(eb.selectFrom('customers').select('customers.id').whereRef('customers.user_id', '=', 'users.id').where('customers.id', '=', customerId)));
  }
  if (concerned.actorId != null) query = query.where('users.id', '<>', concerned.actorId);
  const rows = await query.orderBy('users.id').execute();
  return rows.map((row) => ({ id: row.id, role: row.role as RoleId, language: row.language, chosen: row.channel as NotificationChannel | null }));
}
