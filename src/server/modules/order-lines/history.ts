import type { LineHistoryDto } from '../../../shared/api';
import type { Db } from '../../db';
import type { Actor } from './actor';
import { ownedLine } from './queries';

/** The line's history for whoever may read the line, oldest first. */
export async function lineHistory(db: Db, lineId: number, actor: Actor): Promise<LineHistoryDto[]> {
  await ownedLine(db, lineId, actor);
  return db
    .selectFrom('order_line_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.action', 'h.from_status', 'h.to_status', 'h.from_step', 'h.to_step', 'h.detail', 'h.created_at', 'h.user_id', 'u.username'])
    .where('h.order_line_id', '=', lineId)
    .orderBy('h.id')
    .execute();
}
