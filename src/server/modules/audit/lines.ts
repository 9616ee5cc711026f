import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditKind } from '../../../shared/audit';
import type { LineAction, LineState } from '../../../shared/lifecycle';
import { type AuditFields, changedFields, recordChanges } from './record';

/*
 * The corrections of an order line as the audit log keeps them, beside the line's own history:
 * the line's columns that changed, before and after, and the reason given. The everyday moves
 * (a step forward, a first weighing, an approval, packing, shipping) stay in the history only.
 */

/** A line's columns a correction may change, as an audit row names them. */
export function auditedColumns(state: LineState): AuditFields {
  return { order_line_status_id: state.status, current_order_line_process: state.step, quality_control_id: state.qualityControl, product_gram: state.gram };
}

/** The audit kind of a life-cycle action on a line in `state`, or null for an everyday move; weighing again replaces a gram. */
export function auditKindOf(action: LineAction, state: LineState): AuditKind | null {
  if (action.type === 'qcApprove' || action.type === 'qcReject') return 'line_quality';
  if (action.type === 'stepBack') return 'line_step_back';
  if (action.type === 'enterGram' && state.gram !== null) return 'line_gram';
  return null;
}

export interface LineCorrection {
  /** Null for the shop's cancellation. */
  userId: number | null;
  lineId: number;
  kind: AuditKind;
  before: AuditFields;
  after: AuditFields;
  /** Why, when the correction was given a reason: kept after the changed columns. */
  reason?: string | null;
}

/** Writes the audit rows of line corrections in the caller's transaction: only the columns that changed, then the reason. */
export function recordLineCorrections(trx: Transaction<Database>, corrections: readonly LineCorrection[]): Promise<void> {
  return recordChanges(
    trx,
    corrections.map(({ userId, lineId, kind, reason, ...change }) => {
      const { before, after } = changedFields(change.before, change.after);
      return { userId, kind, entityId: lineId, before, after: reason ? { ...after, reason } : after };
    }),
  );
}
