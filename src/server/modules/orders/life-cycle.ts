import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { applyAction, canCorrectGram, checkGram, gramDeviates, type LineAction, lineState, type Refusal, refusalKey } from '../../../shared/lifecycle';
import { DEFAULT_LANGUAGE, formatGram } from '../../../shared/locale';
import type { LineEventType } from '../../../shared/live';
import { CUSTOMER_APPROVED, LineStatus, PackingStatus, WORKSHOP_APPROVED } from '../../../shared/statuses';
import { auditedColumns, auditKindOf, recordLineCorrections } from '../audit/lines';
import type { LineBus, RecordChanges } from '../live/bus';
import type { Actor } from '../order-lines/actor';
import { LINE_STATE_COLUMNS, ownedLine } from '../order-lines/queries';
import { routingOf } from '../products/service';
import { getGeneralSettings } from '../settings/service';

/*
 * The one code path that writes an order line and its history row: every move of the life cycle
 * and the admin's gram correction. Each also records its change for the live channel (bus.ts),
 * which tells the sockets once the transaction has committed, and a correction its audit row.
 */

const now = () => new Date().toISOString();

/**
 * A typed gram against the bounds of the general settings (shared/lifecycle.ts checkGram): beyond the
 * hard bound a 400, beyond the confirm band a 409 GRAM_CONFIRM unless the person confirmed it.
 * Taken, it answers the stored flag of the weighed piece, against the configured tolerance.
 */
async function weighed(db: Db, gram: number, expected: number | null, confirmed: boolean): Promise<0 | 1> {
  const settings = await getGeneralSettings(db);
  const check = checkGram(gram, expected, settings);
  if (check.verdict !== 'fine') {
    const values = Object.fromEntries(Object.entries(check.params).map(([name, value]) => [name, formatGram(value, DEFAULT_LANGUAGE)]));
    if (check.verdict === 'refused') throw badRequest(check.key, 'GRAM_IMPLAUSIBLE', values);
    if (!confirmed) throw conflict(check.key, 'GRAM_CONFIRM', values);
  }
  return gramDeviates(gram, expected, settings.gram_tolerance_percent) ? 1 : 0;
}

export const ACTION_NAMES: Record<LineAction['type'], string> = {
  nextStep: 'next_step',
  workshopApprove: 'workshop_approve',
  qcApprove: 'quality_approve',
  qcReject: 'quality_reject',
  enterGram: 'gram',
  approvePacking: 'packing_approve',
  customerApprove: 'customer_approve',
  stepBack: 'step_back',
  cancel: 'cancel',
  ship: 'ship',
};

/** A gram's history detail: the value entered, or what it corrected. */
const gramDetail = (before: number | null, after: number) => (before === null ? String(after) : `${before} -> ${after}`);

/** The 409 of a refused action: LINE_<REFUSAL> with its sentence. */
const refused = (refusal: Refusal) => new AppError(409, `LINE_${refusal.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`, `errors:${refusalKey(refusal)}`);

/** The live event of a change from one status to another (SPEC section 9 names them). */
function eventType(from: number, to: number): LineEventType {
  if (from === to) return 'order_update';
  return to === LineStatus.Completed ? 'order_completed' : 'status_change';
}

/** The live change of a line as ownedLine read it. */
const changeOf = (line: { id: number; order_id: number; workshop_id: number | null; customer_id: number | null }, type: LineEventType) => ({
  type,
  line_id: line.id,
  order_id: line.order_id,
  workshop_id: line.workshop_id,
  customer_id: line.customer_id,
});

/**
 * Applies one life-cycle action in a transaction: checks it against the rules, writes the new
 * state only if the line is still as read (so two simultaneous requests advance it once) and
 * appends a history row. A refused action changes nothing and answers 409 with its sentence.
 */
export async function actOnLine(
  db: Db,
  bus: LineBus,
  lineId: number,
  actor: Actor,
  build: (routing: () => Promise<number[]>) => Promise<LineAction> | LineAction,
  options: {
    /** The step the client saw; a line elsewhere by now is not moved again. */
    expectedStep?: number;
    /** What the history row keeps beside the move (the admin's reason). */
    detail?: string;
    /** The person's yes to a gram beyond the confirm band. */
    gramConfirmed?: boolean;
  } = {},
) {
  return bus.write(db, async (trx, record) => {
    const line = await ownedLine(trx, lineId, actor);
    if (options.expectedStep !== undefined && options.expectedStep !== line.current_order_line_process) {
      throw new AppError(409, 'LINE_CHANGED', 'errors:lineChanged');
    }
    const action = await build(() => routingOf(trx, line.product_id));
    const state = lineState(line);
    const outcome = applyAction(state, action);
    if (!outcome.ok) throw refused(outcome.refusal);
    const next = outcome.next;
    const flag = action.type === 'enterGram' ? await weighed(trx, action.gram, line.expected_weight, options.gramConfirmed === true) : null;
    const at = now();
    const updated = await trx
      .updateTable('order_lines')
      .set({
        order_line_status_id: next.status,
        current_order_line_process: next.step,
        workshop_started_process_id: next.workshopApproved ? WORKSHOP_APPROVED : line.workshop_started_process_id,
        quality_control_id: next.qualityControl,
        product_gram: next.gram,
        packing_status_id: next.packingStatus,
        customer_approval_status_id: next.customerApproved ? CUSTOMER_APPROVED : line.customer_approval_status_id,
        ...(outcome.deliveredToOffice ? { delivery_to_office: at } : {}),
        ...(flag === null ? {} : { gram_flagged: flag }),
        updated_at: at,
      })
      .where('id', '=', lineId)
      .where('canceled_at', 'is', null)
      .where((eb) => (state.received ? eb('metal_received_at', 'is not', null) : eb('metal_received_at', 'is', null)))
      .where('order_line_status_id', '=', state.status)
      .where('current_order_line_process', '=', state.step)
      .where((eb) => (state.gram === null ? eb('product_gram', 'is', null) : eb('product_gram', '=', state.gram)))
      .where((eb) =>
        state.workshopApproved
          ? eb('workshop_started_process_id', '=', WORKSHOP_APPROVED)
          : eb.or([eb('workshop_started_process_id', 'is', null), eb('workshop_started_process_id', '!=', WORKSHOP_APPROVED)]),
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
        // The workshop weighing again corrects its own entry: the history says so, with both values.
        action: action.type === 'enterGram' && state.gram !== null ? 'gram_correction' : ACTION_NAMES[action.type],
        from_status: state.status,
        to_status: next.status,
        from_step: state.step,
        to_step: next.step,
        detail: action.type === 'enterGram' ? gramDetail(state.gram, action.gram) : (options.detail ?? null),
        created_at: at,
      })
      .execute();
    const kind = auditKindOf(action, state);
    if (kind) await recordLineCorrections(trx, [{ userId: actor.userId, lineId, kind, before: auditedColumns(state), after: auditedColumns(next), reason: options.detail }]);
    await record([changeOf(line, eventType(state.status, next.status))]);
    return { id: lineId, order_line_status_id: next.status, current_order_line_process: next.step };
  });
}

/**
 * The admin's correction of a weighed gram (order screen); recorded in the history like any change.
 * Only a gram the workshop has entered is corrected: the office never weighs a piece first. The
 * gram is held to the same bounds as the workshop's (`confirmed`: the admin's yes).
 */
export async function correctGram(db: Db, bus: LineBus, lineId: number, actor: Actor, gram: number, confirmed = false) {
  return bus.write(db, async (trx, record) => {
    const line = await ownedLine(trx, lineId, actor);
    const state = lineState(line);
    if (state.canceled) throw refused('canceled');
    if (state.received) throw refused('gramReceived');
    if (!canCorrectGram(state)) throw new AppError(409, 'LINE_GRAM_NOT_ENTERED', 'errors:lineGramNotEntered');
    const flag = await weighed(trx, gram, line.expected_weight, confirmed);
    const at = now();
    const updated = await trx
      .updateTable('order_lines')
      .set({ product_gram: gram, gram_flagged: flag, updated_at: at })
      .where('id', '=', lineId)
      // Received meanwhile by a receipt confirmed on a tablet: the ledger's weight stands; canceled meanwhile, it is only read.
      .where('metal_received_at', 'is', null)
      .where('canceled_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, 'LINE_CHANGED', 'errors:lineChanged');
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
        detail: gramDetail(line.product_gram, gram),
        created_at: at,
      })
      .execute();
    await recordLineCorrections(trx, [{ userId: actor.userId, lineId, kind: 'line_gram', before: { product_gram: line.product_gram }, after: { product_gram: gram } }]);
    await record([changeOf(line, 'order_update')]);
    return { id: lineId, product_gram: gram };
  });
}

/** A line as `cancelLines` reads it: its state and who hears of its change. */
export type CancelableLine = { id: number; order_id: number; workshop_id: number | null; customer_id: number | null } & Parameters<typeof lineState>[0];

/**
 * Cancels lines by the life cycle's rule (any state before completion; a completed or already
 * canceled line stays as it is), inside the caller's transaction (the shop's cancellation of an
 * order): each canceled line gets its history row, its audit row and an `order_canceled` event.
 * Returns the ids canceled.
 */
export async function cancelLines(trx: Transaction<Database>, record: RecordChanges, lines: readonly CancelableLine[], reason: string, userId: number | null): Promise<number[]> {
  const at = now();
  const canceled = lines.filter((line) => applyAction(lineState(line), { type: 'cancel' }).ok);
  if (canceled.length === 0) return [];
  const ids = canceled.map((line) => line.id);
  await trx.updateTable('order_lines').set({ canceled_at: at, cancel_reason: reason, updated_at: at }).where('id', 'in', ids).where('canceled_at', 'is', null).execute();
  await trx
    .insertInto('order_line_history')
    .values(
      canceled.map((line) => ({
        order_line_id: line.id,
        user_id: userId,
        action: ACTION_NAMES.cancel,
        from_status: line.order_line_status_id,
        to_status: line.order_line_status_id,
        from_step: line.current_order_line_process,
        to_step: line.current_order_line_process,
        detail: reason,
        created_at: at,
      })),
    )
    .execute();
  await recordLineCorrections(trx, canceled.map((line) => ({ userId, lineId: line.id, kind: 'line_cancel', before: {}, after: {}, reason })));
  await record(canceled.map((line) => changeOf(line, 'order_canceled')));
  return ids;
}

/** The admin cancels one line with a reason; a line the life cycle won't cancel answers its 409. */
export async function cancelLine(db: Db, bus: LineBus, lineId: number, actor: Actor, reason: string) {
  return bus.write(db, async (trx, record) => {
    const line = await ownedLine(trx, lineId, actor);
    const outcome = applyAction(lineState(line), { type: 'cancel' });
    if (!outcome.ok) throw refused(outcome.refusal);
    if ((await cancelLines(trx, record, [line], reason, actor.userId)).length !== 1) throw new AppError(409, 'LINE_CHANGED', 'errors:lineChanged');
  });
}

/**
 * The admin cancels an order with a reason: every line still open is canceled (completed ones stay
 * as they are) and the order keeps when and why. An order with nothing left to cancel answers 409.
 * Returns the lines canceled and every line of the order.
 */
export async function cancelOrder(db: Db, bus: LineBus, orderId: number, actor: Actor, reason: string): Promise<{ canceled: number[]; lines: number[] }> {
  return bus.write(db, async (trx, record) => {
    const order = await trx.selectFrom('orders').select(['id', 'customer_id']).where('id', '=', orderId).executeTakeFirst();
    if (!order) throw notFound();
    const lines = await trx.selectFrom('order_lines as l').select(['l.id', 'l.order_id', 'l.workshop_id', ...LINE_STATE_COLUMNS]).where('l.order_id', '=', orderId).orderBy('l.id').execute();
    const ids = await cancelLines(trx, record, lines.map((line) => ({ ...line, customer_id: order.customer_id })), reason, actor.userId);
    if (ids.length === 0) throw new AppError(409, 'ORDER_NOTHING_TO_CANCEL', 'errors:orderNothingToCancel');
    await trx.updateTable('orders').set({ canceled_at: now(), cancel_reason: reason, updated_at: now() }).where('id', '=', orderId).where('canceled_at', 'is', null).execute();
    return { canceled: ids, lines: lines.map((line) => line.id) };
  });
}

/** The shop order behind a shipment, and the shop's line items of the lines shipped (units per item). */
export interface Shipped {
  orderId: number;
  shopConnectionId: number | null;
  shopOrderId: string | null;
  tracking: string;
  /** Units shipped per shop line item id. */
  items: Record<string, number>;
}

/**
 * Hands the packed pieces of a line's order to the carrier under one tracking number: every line
 * of that order the life cycle lets ship (completed, packed, not canceled), each with its history
 * row and an order_update event; the line asked for must be one of them. `also` runs in the same
 * transaction with what was shipped (the shop's fulfilment is stored there as a job).
 */
export async function shipOrderLines(db: Db, bus: LineBus, lineId: number, actor: Actor, tracking: string, also: (trx: Db, shipped: Shipped) => Promise<void>) {
  return bus.write(db, async (trx, record) => {
    const asked = await ownedLine(trx, lineId, actor);
    const lines = await trx
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select([
        'l.id',
        'l.order_id',
        'l.workshop_id',
        'o.customer_id',
        'o.shop_connection_id',
        'o.shop_order_id',
        'l.shop_line_item_id',
        ...LINE_STATE_COLUMNS,
      ])
      .where('l.order_id', '=', asked.order_id)
      .orderBy('l.id')
      .execute();
    const shipping = lines.filter((line) => applyAction(lineState(line), { type: 'ship' }).ok);
    if (!shipping.some((line) => line.id === lineId)) {
      const outcome = applyAction(lineState(asked), { type: 'ship' });
      throw outcome.ok ? new AppError(409, 'LINE_CHANGED', 'errors:lineChanged') : refused(outcome.refusal);
    }
    const at = now();
    const ids = shipping.map((line) => line.id);
    await trx
      .updateTable('order_lines')
      .set({ packing_status_id: PackingStatus.HandedToCarrier, shipment_tracking_number: tracking, updated_at: at })
      .where('id', 'in', ids)
      .where('packing_status_id', '=', PackingStatus.Packed)
      .where('canceled_at', 'is', null)
      .execute();
    await trx
      .insertInto('order_line_history')
      .values(
        shipping.map((line) => ({
          order_line_id: line.id,
          user_id: actor.userId,
          action: ACTION_NAMES.ship,
          from_status: line.order_line_status_id,
          to_status: line.order_line_status_id,
          from_step: line.current_order_line_process,
          to_step: line.current_order_line_process,
          detail: tracking,
          created_at: at,
        })),
      )
      .execute();
    await record(shipping.map((line) => changeOf(line, 'order_update')));
    const items: Record<string, number> = {};
    for (const line of shipping) if (line.shop_line_item_id) items[line.shop_line_item_id] = (items[line.shop_line_item_id] ?? 0) + 1;
    const [first] = shipping;
    await also(trx, { orderId: first.order_id, shopConnectionId: first.shop_connection_id, shopOrderId: first.shop_order_id, tracking, items });
    return ids;
  });
}
