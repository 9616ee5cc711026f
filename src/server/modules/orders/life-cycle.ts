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
import { answerOf, changeLines, type Written } from './line-writer';

/*
 * The life cycle on the server: every move of a line (shared/lifecycle.ts decides which), the
 * admin's gram correction, cancellations and shipments, each checked against the line as read and
 * written by the line writer (line-writer.ts) with its history row and live change; a correction
 * also gets its audit row. An action answers the changed line with the version of its change.
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

/** The one line an action changed, as its actor reads it, and the version of its change. */
async function lineAnswer(trx: Db, actor: Actor, written: Written) {
  const { orders, versions } = await answerOf(trx, actor, [written.id], [written]);
  return { order: orders[0], versions };
}

/** The live event of a change from one status to another (SPEC section 9 names them). */
function eventType(from: number, to: number): LineEventType {
  if (from === to) return 'order_update';
  return to === LineStatus.Completed ? 'order_completed' : 'status_change';
}

/**
 * Applies one life-cycle action in a transaction: checks it against the rules, writes the new
 * state only if the line is still as read (so two simultaneous requests advance it once) and
 * appends a history row. Answers the changed line; a refused action changes nothing and answers
 * 409 with its sentence.
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
    // The routing, once read for the action, serves the forecast too.
    const routings = new Map<number, number[]>();
    const action = await build(async () => {
      const routing = await routingOf(trx, line.product_id);
      routings.set(line.product_id, routing);
      return routing;
    });
    const state = lineState(line);
    const outcome = applyAction(state, action);
    if (!outcome.ok) throw refused(outcome.refusal);
    const next = outcome.next;
    const flag = action.type === 'enterGram' ? await weighed(trx, action.gram, line.expected_weight, options.gramConfirmed === true) : null;
    const at = now();
    const written = await changeLines(trx, record, [line], {
      userId: actor.userId,
      at,
      set: {
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
      },
      // Written only if the line is still as read, so two simultaneous requests advance it once.
      still: (eb) =>
        eb.and([
          eb('canceled_at', 'is', null),
          state.received ? eb('metal_received_at', 'is not', null) : eb('metal_received_at', 'is', null),
          eb('order_line_status_id', '=', state.status),
          eb('current_order_line_process', '=', state.step),
          state.gram === null ? eb('product_gram', 'is', null) : eb('product_gram', '=', state.gram),
          state.workshopApproved
            ? eb('workshop_started_process_id', '=', WORKSHOP_APPROVED)
            : eb.or([eb('workshop_started_process_id', 'is', null), eb('workshop_started_process_id', '!=', WORKSHOP_APPROVED)]),
          state.customerApproved
            ? eb('customer_approval_status_id', '=', CUSTOMER_APPROVED)
            : eb.or([eb('customer_approval_status_id', 'is', null), eb('customer_approval_status_id', '!=', CUSTOMER_APPROVED)]),
        ]),
      // The workshop weighing again corrects its own entry: the history says so, with both values.
      action: action.type === 'enterGram' && state.gram !== null ? 'gram_correction' : ACTION_NAMES[action.type],
      detail: action.type === 'enterGram' ? gramDetail(state.gram, action.gram) : (options.detail ?? null),
      event: eventType(state.status, next.status),
      routings,
    });
    if (written.length !== 1) throw new AppError(409, 'LINE_CHANGED', 'errors:lineChanged');
    const kind = auditKindOf(action, state);
    if (kind) await recordLineCorrections(trx, [{ userId: actor.userId, lineId, kind, before: auditedColumns(state), after: auditedColumns(next), reason: options.detail }]);
    return lineAnswer(trx, actor, written[0]);
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
    const written = await changeLines(trx, record, [line], {
      userId: actor.userId,
      at,
      set: { product_gram: gram, gram_flagged: flag, updated_at: at },
      // Received meanwhile by a receipt confirmed on a tablet: the ledger's weight stands; canceled meanwhile, it is only read.
      still: (eb) => eb.and([eb('metal_received_at', 'is', null), eb('canceled_at', 'is', null)]),
      action: 'gram_correction',
      detail: gramDetail(line.product_gram, gram),
      event: 'order_update',
    });
    if (written.length !== 1) throw new AppError(409, 'LINE_CHANGED', 'errors:lineChanged');
    await recordLineCorrections(trx, [{ userId: actor.userId, lineId, kind: 'line_gram', before: { product_gram: line.product_gram }, after: { product_gram: gram } }]);
    return lineAnswer(trx, actor, written[0]);
  });
}

/** A line as `cancelLines` reads it: its state and who hears of its change. */
export type CancelableLine = { id: number; order_id: number; workshop_id: number | null; customer_id: number | null } & Parameters<typeof lineState>[0];

/**
 * Cancels lines by the life cycle's rule (any state before completion; a completed or already
 * canceled line stays as it is), inside the caller's transaction (the shop's cancellation of an
 * order): each canceled line gets its history row, its audit row and an `order_canceled` event.
 * Returns the lines canceled.
 */
export async function cancelLines(trx: Transaction<Database>, record: RecordChanges, lines: readonly CancelableLine[], reason: string, userId: number | null): Promise<Written[]> {
  const at = now();
  const cancelable = lines.filter((line) => applyAction(lineState(line), { type: 'cancel' }).ok);
  const canceled = await changeLines(trx, record, cancelable, {
    userId,
    at,
    set: { canceled_at: at, cancel_reason: reason, updated_at: at },
    still: (eb) => eb('canceled_at', 'is', null),
    action: ACTION_NAMES.cancel,
    detail: reason,
    event: 'order_canceled',
  });
  await recordLineCorrections(trx, canceled.map((line) => ({ userId, lineId: line.id, kind: 'line_cancel', before: {}, after: {}, reason })));
  return canceled;
}

/** The admin cancels one line with a reason; a line the life cycle won't cancel answers its 409. */
export async function cancelLine(db: Db, bus: LineBus, lineId: number, actor: Actor, reason: string) {
  return bus.write(db, async (trx, record) => {
    const line = await ownedLine(trx, lineId, actor);
    const outcome = applyAction(lineState(line), { type: 'cancel' });
    if (!outcome.ok) throw refused(outcome.refusal);
    const canceled = await cancelLines(trx, record, [line], reason, actor.userId);
    if (canceled.length !== 1) throw new AppError(409, 'LINE_CHANGED', 'errors:lineChanged');
    return lineAnswer(trx, actor, canceled[0]);
  });
}

/**
 * The admin cancels an order with a reason: every line still open is canceled (completed ones stay
 * as they are) and the order keeps when and why. An order with nothing left to cancel answers 409.
 * Returns the ids canceled, and every line of the order as the admin reads it.
 */
export async function cancelOrder(db: Db, bus: LineBus, orderId: number, actor: Actor, reason: string) {
  return bus.write(db, async (trx, record) => {
    const order = await trx.selectFrom('orders').select(['id', 'customer_id']).where('id', '=', orderId).executeTakeFirst();
    if (!order) throw notFound();
    const lines = await trx.selectFrom('order_lines as l').select(['l.id', 'l.order_id', 'l.workshop_id', ...LINE_STATE_COLUMNS]).where('l.order_id', '=', orderId).orderBy('l.id').execute();
    const canceled = await cancelLines(trx, record, lines.map((line) => ({ ...line, customer_id: order.customer_id })), reason, actor.userId);
    if (canceled.length === 0) throw new AppError(409, 'ORDER_NOTHING_TO_CANCEL', 'errors:orderNothingToCancel');
    await trx.updateTable('orders').set({ canceled_at: now(), cancel_reason: reason, updated_at: now() }).where('id', '=', orderId).where('canceled_at', 'is', null).execute();
    return { canceled: canceled.map((line) => line.id), ...(await answerOf(trx, actor, lines.map((line) => line.id), canceled)) };
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
 * transaction with what was shipped (the shop's fulfilment is stored there as a job). Returns the
 * lines shipped as the actor reads them.
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
    const written = await changeLines(trx, record, shipping, {
      userId: actor.userId,
      at,
      set: { packing_status_id: PackingStatus.HandedToCarrier, shipment_tracking_number: tracking, updated_at: at },
      still: (eb) => eb.and([eb('packing_status_id', '=', PackingStatus.Packed), eb('canceled_at', 'is', null)]),
      action: ACTION_NAMES.ship,
      detail: tracking,
      event: 'order_update',
    });
    if (!written.some((line) => line.id === lineId)) throw new AppError(409, 'LINE_CHANGED', 'errors:lineChanged');
    const shipped = new Set(written.map((line) => line.id));
    const items: Record<string, number> = {};
    for (const line of shipping) if (line.shop_line_item_id && shipped.has(line.id)) items[line.shop_line_item_id] = (items[line.shop_line_item_id] ?? 0) + 1;
    const [first] = shipping;
    await also(trx, { orderId: first.order_id, shopConnectionId: first.shop_connection_id, shopOrderId: first.shop_order_id, tracking, items });
    return answerOf(trx, actor, written.map((line) => line.id), written);
  });
}
