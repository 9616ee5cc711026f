import type { LineHistoryDto } from '../../../shared/api';
import type { Db } from '../../db';
import { AppError, notFound } from '../../errors';
import { applyAction, gramDeviates, type LineAction, type LineState, refusalKey } from '../../../shared/lifecycle';
import { FALLBACK_ROUTING } from '../../../shared/routing';
import { CUSTOMER_APPROVED } from '../../../shared/statuses';
import { getGeneralSettings } from '../settings/service';
import { visibleTo } from './queries';

/** Who acts on a line; workshops and customers may only touch their own lines. */
export interface Actor {
  userId: number;
  workshopId?: number;
  customerId?: number;
}

const now = () => new Date().toISOString();

/** The stored flag of a weighed piece, against the tolerance configured in the general settings. */
async function gramFlag(db: Db, gram: number, expected: number | null): Promise<0 | 1> {
  const { gram_tolerance_percent } = await getGeneralSettings(db);
  return gramDeviates(gram, expected, gram_tolerance_percent) ? 1 : 0;
}

/** A product's routing as step ids; without one, the built-in process (its steps created on first use). */
export async function routingOf(db: Db, productId: number): Promise<number[]> {
  const steps = await db
    .selectFrom('product_production_steps')
    .select('step_id')
    .where('product_id', '=', productId)
    .orderBy('position_in_process')
    .execute();
  if (steps.length > 0) return steps.map((s) => s.step_id);
  const ids: number[] = [];
  for (const { stepName } of FALLBACK_ROUTING) {
    const existing = await db.selectFrom('production_steps').select('id').where('step_name', '=', stepName).orderBy('id').executeTakeFirst();
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const at = now();
    const created = await db
      .insertInto('production_steps')
      .values({ step_name: stepName, description: '', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(created.id);
  }
  return ids;
}

/** The line, if the actor may see it; another workshop's or customer's line is "not found". */
async function ownedLine(db: Db, lineId: number, actor: Actor) {
  const line = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'l.id',
      'l.product_id',
      'l.order_line_status_id',
      'l.current_order_line_process',
      'l.workshop_started_process_id',
      'l.quality_control_id',
      'l.product_gram',
      'l.packing_status_id',
      'l.customer_approval_status_id',
      'p.expected_weight',
    ])
    .where('l.id', '=', lineId)
    .where(visibleTo(actor))
    .executeTakeFirst();
  if (!line) throw notFound();
  return line;
}

const ACTION_NAMES: Record<LineAction['type'], string> = {
  nextStep: 'next_step',
  workshopApprove: 'workshop_approve',
  qcApprove: 'quality_approve',
  qcReject: 'quality_reject',
  enterGram: 'gram',
  approvePacking: 'packing_approve',
  customerApprove: 'customer_approve',
};

/**
 * Applies one life-cycle action in a transaction: checks it against the rules, writes the new
 * state only if the line is still as read (so two simultaneous requests advance it once) and
 * appends a history row. A refused action changes nothing and answers 409 with its sentence.
 */
export async function actOnLine(
  db: Db,
  lineId: number,
  actor: Actor,
  build: (routing: () => Promise<number[]>) => Promise<LineAction> | LineAction,
  options: { /** The step the client saw; a line elsewhere by now is not moved again. */ expectedStep?: number } = {},
) {
  return db.transaction().execute(async (trx) => {
    const line = await ownedLine(trx, lineId, actor);
    if (options.expectedStep !== undefined && options.expectedStep !== line.current_order_line_process) {
      throw new AppError(409, 'LINE_CHANGED', 'errors:lineChanged');
    }
    const action = await build(() => routingOf(trx, line.product_id));
    const state: LineState = {
      status: line.order_line_status_id,
      step: line.current_order_line_process,
      workshopApproved: line.workshop_started_process_id === 2,
      qualityControl: line.quality_control_id,
      gram: line.product_gram,
      packingStatus: line.packing_status_id,
      customerApproved: line.customer_approval_status_id === CUSTOMER_APPROVED,
    };
    const outcome = applyAction(state, action);
    if (!outcome.ok) throw new AppError(409, `LINE_${outcome.refusal.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`, `errors:${refusalKey(outcome.refusal)}`);
    const next = outcome.next;
    const at = now();
    const updated = await trx
      .updateTable('order_lines')
      .set({
        order_line_status_id: next.status,
        current_order_line_process: next.step,
        workshop_started_process_id: next.workshopApproved ? 2 : line.workshop_started_process_id,
        quality_control_id: next.qualityControl,
        product_gram: next.gram,
        packing_status_id: next.packingStatus,
        customer_approval_status_id: next.customerApproved ? CUSTOMER_APPROVED : line.customer_approval_status_id,
        ...(outcome.deliveredToOffice ? { delivery_to_office: at } : {}),
        ...(action.type === 'enterGram' ? { gram_flagged: await gramFlag(trx, action.gram, line.expected_weight) } : {}),
        updated_at: at,
      })
      .where('id', '=', lineId)
      .where('order_line_status_id', '=', state.status)
      .where('current_order_line_process', '=', state.step)
      .where((eb) => (state.gram === null ? eb('product_gram', 'is', null) : eb('product_gram', '=', state.gram)))
      .where((eb) =>
        state.workshopApproved ? eb('workshop_started_process_id', '=', 2) : eb.or([eb('workshop_started_process_id', 'is', null), eb('workshop_started_process_id', '!=', 2)]),
      )
      .where((eb) =>
        state.customerApproved
          ? eb('customer_approval_status_id', '=', CUSTOMER_APPROVED)
          : eb.or([eb('customer_approval_status_id', 'is', null), eb('customer_approval_status_id', '!=', CUSTOMER_APPROVED)]),
      )
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, 'LINE_CHANGED', 'errors:lineChanged');
    await trx
      .insertInto('order_line_history')
      .values({
        order_line_id: lineId,
        user_id: actor.userId,
        action: ACTION_NAMES[action.type],
        from_status: state.status,
        to_status: next.status,
        from_step: state.step,
        to_step: next.step,
        detail: action.type === 'enterGram' ? String(action.gram) : null,
        created_at: at,
      })
      .execute();
    return { id: lineId, order_line_status_id: next.status, current_order_line_process: next.step };
  });
}

/** The admin's correction of a weighed gram (order screen); recorded in the history like any change. */
export async function correctGram(db: Db, lineId: number, actor: Actor, gram: number) {
  return db.transaction().execute(async (trx) => {
    const line = await ownedLine(trx, lineId, actor);
    const at = now();
    await trx
      .updateTable('order_lines')
      .set({ product_gram: gram, gram_flagged: await gramFlag(trx, gram, line.expected_weight), updated_at: at })
      .where('id', '=', lineId)
      .execute();
    await trx
      .insertInto('order_line_history')
      .values({
        order_line_id: lineId,
        user_id: actor.userId,
        action: 'gram_correction',
        from_status: line.order_line_status_id,
        to_status: line.order_line_status_id,
        from_step: line.current_order_line_process,
        to_step: line.current_order_line_process,
        detail: `${line.product_gram ?? '-'} -> ${gram}`,
        created_at: at,
      })
      .execute();
    return { id: lineId, product_gram: gram };
  });
}

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

