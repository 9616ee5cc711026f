import type { LineHistoryDto } from '../../../shared/api';
import type { Db } from '../../db';
import type { RoleId } from '../../../shared/roles';
import type { Actor } from './actor';
import { ownedLine } from './queries';

/**
 * The line's history for whoever may read the line, oldest first, with the workshops it was in. A
 * customer learns who acted by role only (the screens name it from the catalogues: 'Atölye',
 * 'Yönetici'): the office's and the workshop's login names, and their user ids, stay with the staff.
 */
export async function lineHistory(db: Db, lineId: number, actor: Actor): Promise<LineHistoryDto[]> {
  await ownedLine(db, lineId, actor);
  const rows = await db
    .selectFrom('order_line_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .leftJoin('workshops as fw', 'fw.id', 'h.from_workshop_id')
    .leftJoin('workshops as tw', 'tw.id', 'h.to_workshop_id')
    .select([
      'h.id',
      'h.action',
      'h.from_status',
      'h.to_status',
      'h.from_step',
      'h.to_step',
      'h.from_workshop_id',
      'h.to_workshop_id',
      'fw.name as from_workshop_name',
      'tw.name as to_workshop_name',
      'h.detail',
      'h.created_at',
      'h.user_id',
      'u.username',
      'u.role_id',
    ])
    .$narrowType<{ role_id: RoleId | null }>()
    // The answer is the row, no column more or less.
    .$assertType<LineHistoryDto>()
    .where('h.order_line_id', '=', lineId)
    .orderBy('h.id')
    .execute();
  return actor.isCustomer ? rows.map((row) => ({ ...row, user_id: null, username: null })) : rows;
}
