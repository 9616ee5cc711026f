import { CUSTOMER_APPROVED, LineStatus, NOT_STARTED, PackingStatus, QualityControl, WORKSHOP_APPROVED } from './statuses';

/*
 * The life cycle of an order line (DESIGN.md): every action, who may take it in which state, and
 * the state it leads to. Pure: the server applies it in a transaction and records the history.
 */

/** What an action looks at and changes of a line. */
export interface LineState {
  status: number;
  /** The production step the line is at; NOT_STARTED (-1) before the first. */
  step: number;
  workshopApproved: boolean;
  qualityControl: number | null;
  gram: number | null;
  packingStatus: number | null;
  customerApproved: boolean;
  /** Canceled (by the admin or the shop's cancellation): nothing more is done to it. */
  canceled: boolean;
  /** Received into the metal ledger: its gram is final but for a reversal of that receipt. */
  received: boolean;
}

/** The stored columns of a line that make its state (order_lines, OrderLineDto). */
export interface LineColumns {
  order_line_status_id: number;
  current_order_line_process: number;
  workshop_started_process_id: number | null;
  quality_control_id: number | null;
  product_gram: number | null;
  packing_status_id: number | null;
  customer_approval_status_id: number | null;
  canceled_at: string | null;
  /** When a confirmed receipt voucher took the piece into the metal ledger. */
  metal_received_at?: string | null;
}

/** A stored line's life-cycle state, read the same way by the server and the screens. */
export function lineState(line: LineColumns): LineState {
  return {
    status: line.order_line_status_id,
    step: line.current_order_line_process,
    workshopApproved: line.workshop_started_process_id === WORKSHOP_APPROVED,
    qualityControl: line.quality_control_id,
    gram: line.product_gram,
    packingStatus: line.packing_status_id,
    customerApproved: line.customer_approval_status_id === CUSTOMER_APPROVED,
    canceled: line.canceled_at !== null,
    received: (line.metal_received_at ?? null) !== null,
  };
}

/** The state of a line as an order creates it: waiting, at no step, nothing decided. */
export const CREATED_STATE: LineState = lineState({
  order_line_status_id: LineStatus.Waiting,
  current_order_line_process: NOT_STARTED,
  workshop_started_process_id: null,
  quality_control_id: null,
  product_gram: null,
  packing_status_id: null,
  customer_approval_status_id: null,
  canceled_at: null,
});

export type LineAction =
  /** `routing`: the product's step ids in order (the built-in process when it has none). */
  | { type: 'nextStep'; routing: readonly number[] }
  | { type: 'workshopApprove' }
  | { type: 'qcApprove' }
  | { type: 'qcReject'; returnStep: number; routing: readonly number[] }
  /** The workshop's weighing; entered again, it corrects its own entry until packing is approved. */
  | { type: 'enterGram'; gram: number }
  | { type: 'approvePacking' }
  | { type: 'customerApprove' }
  /** The admin's correction: back to an earlier step of the routing, to be made (and weighed) again. */
  | { type: 'stepBack'; step: number; routing: readonly number[] }
  /** Allowed from any state before completion. */
  | { type: 'cancel' }
  /** A completed, packed piece handed to the carrier with its tracking number. */
  | { type: 'ship' };

/** Why an action is refused; each has a sentence in the errors catalogue (see refusalKey). */
export type Refusal =
  | 'notInProduction'
  | 'noRouting'
  | 'stepNotInRouting'
  | 'alreadyApproved'
  | 'notAwaitingQuality'
  | 'returnStepInvalid'
  | 'gramNotAllowed'
  | 'gramInvalid'
  | 'gramReceived'
  | 'packingNotAllowed'
  | 'customerAlreadyApproved'
  | 'canceled'
  | 'stepBackNotAllowed'
  | 'stepBackInvalid'
  | 'cancelNotAllowed'
  | 'notPacked';

/** The errors catalogue key of a refusal: `notInProduction` -> `lineNotInProduction`. */
export function refusalKey(refusal: Refusal): string {
  return `line${refusal[0].toUpperCase()}${refusal.slice(1)}`;
}

export type Outcome =
  | { ok: true; next: LineState; /** The line left the workshop for the office (after its last step). */ deliveredToOffice: boolean }
  | { ok: false; refusal: Refusal };

const refuse = (refusal: Refusal): Outcome => ({ ok: false, refusal });
const to = (state: LineState, change: Partial<LineState>, deliveredToOffice = false): Outcome => ({
  ok: true,
  next: { ...state, ...change },
  deliveredToOffice,
});

const awaitingQuality = (status: number) => status === LineStatus.QualityControl || status === LineStatus.Packing;

export function applyAction(state: LineState, action: LineAction): Outcome {
  if (state.canceled) return refuse('canceled');
  switch (action.type) {
    case 'nextStep': {
      if (state.status !== LineStatus.Waiting && state.status !== LineStatus.InProcess) return refuse('notInProduction');
      if (action.routing.length === 0) return refuse('noRouting');
      if (state.step === NOT_STARTED) return to(state, { status: LineStatus.InProcess, step: action.routing[0] });
      const at = action.routing.indexOf(state.step);
      if (at < 0) return refuse('stepNotInRouting');
      if (at === action.routing.length - 1) return to(state, { status: LineStatus.QualityControl }, true);
      return to(state, { status: LineStatus.InProcess, step: action.routing[at + 1] });
    }
    case 'workshopApprove':
      return state.workshopApproved ? refuse('alreadyApproved') : to(state, { workshopApproved: true });
    case 'qcApprove':
      return awaitingQuality(state.status) ? to(state, { status: LineStatus.Packing, qualityControl: QualityControl.Approved }) : refuse('notAwaitingQuality');
    case 'qcReject':
      if (!awaitingQuality(state.status)) return refuse('notAwaitingQuality');
      if (!action.routing.includes(action.returnStep)) return refuse('returnStepInvalid');
      // Back to production: the piece will be weighed and packed again after the rework.
      return to(state, { status: LineStatus.InProcess, step: action.returnStep, qualityControl: QualityControl.Rejected, gram: null, packingStatus: null });
    case 'enterGram':
      if (state.received) return refuse('gramReceived');
      if (state.status !== LineStatus.Packing) return refuse('gramNotAllowed');
      if (!Number.isFinite(action.gram) || action.gram <= 0) return refuse('gramInvalid');
      return to(state, { gram: action.gram });
    case 'approvePacking':
      if (state.status !== LineStatus.Packing || state.gram === null) return refuse('packingNotAllowed');
      return to(state, { status: LineStatus.Completed, packingStatus: PackingStatus.Packed });
    case 'stepBack': {
      if (state.status < LineStatus.InProcess || state.status > LineStatus.Packing) return refuse('stepBackNotAllowed');
      const at = action.routing.indexOf(state.step);
      const back = action.routing.indexOf(action.step);
      // In production the step must lie behind the current one; after the last step (quality
      // control, packing) the last step itself is earlier too: the piece goes back to be made again.
      const earlier = state.status === LineStatus.InProcess ? back < at : back <= at;
      if (back < 0 || at < 0 || !earlier) return refuse('stepBackInvalid');
      return to(state, { status: LineStatus.InProcess, step: action.step, qualityControl: null, gram: null, packingStatus: null });
    }
    case 'customerApprove':
      return state.customerApproved ? refuse('customerAlreadyApproved') : to(state, { customerApproved: true });
    case 'cancel':
      return state.status >= LineStatus.Completed ? refuse('cancelNotAllowed') : to(state, { canceled: true });
    case 'ship':
      return state.status === LineStatus.Completed && state.packingStatus === PackingStatus.Packed ? to(state, { packingStatus: PackingStatus.HandedToCarrier }) : refuse('notPacked');
  }
}

/** What tells whether a line is still open (OrderLineDto has these fields). */
export interface OpenLine {
  order_line_status_id: number;
  /** When the line was canceled. */
  canceled_at: string | null;
}

/**
 * A line is open while work on it remains: not completed, not canceled. Screens split
 * their lists by it (the tablet's open and finished work); the server's figures count open lines
 * by the same rule in SQL (`open` in server/modules/order-lines/figures.ts).
 */
export const isOpenLine = (line: OpenLine) => line.canceled_at === null && line.order_line_status_id < LineStatus.Completed;

/** What tells whether a line is closed. */
export interface ClosingLine {
  canceled_at: string | null;
  packing_status_id: number | null;
}

/**
 * A line is closed when nothing is left to do for it: canceled, or handed to the carrier. A
 * completed line not yet shipped is not (the office still ships it). The line writer records when
 * a line closes (`closed_at`), by the same rule in SQL (`closedSql` in
 * server/modules/order-lines/figures.ts).
 */
export const isClosedLine = (line: ClosingLine) => line.canceled_at !== null || line.packing_status_id === PackingStatus.HandedToCarrier;

/** Default tolerance of a weighed piece against the product's expected weight (beyond the spec; a setting). */
export const DEFAULT_GRAM_TOLERANCE_PERCENT = 10;

/** True when a weighed gram differs from the expected weight by more than the tolerance in percent. */
export function gramDeviates(gram: number, expected: number | null, tolerancePercent = DEFAULT_GRAM_TOLERANCE_PERCENT): boolean {
  if (expected === null || expected <= 0) return false;
  return (Math.abs(gram - expected) / expected) * 100 > tolerancePercent;
}

/** Defaults of the two bounds of a typed gram (settings): the confirm band in % of the expected weight, and the hard bound as its multiple. */
export const DEFAULT_GRAM_CONFIRM_PERCENT = 50;
export const DEFAULT_GRAM_MAX_FACTOR = 10;
/** The hard bound of a piece whose product names no expected weight. */
export const GRAM_MAX_WITHOUT_EXPECTED = 1000;

/** The bounds as the general settings hold them. */
export interface GramBounds {
  gram_confirm_percent: number;
  gram_max_factor: number;
}

/**
 * A gram typed for a piece against its expected weight (issue 24): above the hard bound (a multiple
 * of the expected weight, else GRAM_MAX_WITHOUT_EXPECTED) it is refused whatever anyone confirms;
 * beyond the confirm band either way (a slipped comma, a wrong scale) it needs the person's yes.
 * The verdict, and but for 'fine' its sentence with the grams it names. The server decides; a
 * screen asks the same before sending.
 */
export function checkGram(gram: number, expected: number | null, bounds: GramBounds) {
  const known = expected !== null && expected > 0;
  // To the milligram: 0.57 x 100 is 56.99999999999999 in floating point, and 57 g is within it.
  const max = known ? Math.round(expected * bounds.gram_max_factor * 1000) / 1000 : GRAM_MAX_WITHOUT_EXPECTED;
  if (gram > max) return { verdict: 'refused', key: 'errors:gramImplausible', params: { gram, max } } as const;
  if (known && (Math.abs(gram - expected) / expected) * 100 > bounds.gram_confirm_percent) return { verdict: 'confirm', key: 'errors:gramConfirm', params: { gram, expected } } as const;
  return { verdict: 'fine' } as const;
}

/*
 * What a screen may offer for a line, asked of the same rules the server applies, so a button is
 * enabled exactly when its action would be accepted, and a disabled one says why.
 */
export type Offer = 'advance' | 'workshopApprove' | 'enterGram' | 'decideQuality' | 'approvePacking' | 'customerApprove' | 'ship' | 'stepBack' | 'cancel';

/** An action of each offer whose acceptance depends on the line alone (a routing is needed only to know where to). */
const PROBES: Record<Offer, (state: LineState) => LineAction> = {
  advance: (state) => ({ type: 'nextStep', routing: [state.step] }),
  workshopApprove: () => ({ type: 'workshopApprove' }),
  enterGram: () => ({ type: 'enterGram', gram: 1 }),
  decideQuality: () => ({ type: 'qcApprove' }),
  approvePacking: () => ({ type: 'approvePacking' }),
  customerApprove: () => ({ type: 'customerApprove' }),
  ship: () => ({ type: 'ship' }),
  // Some step before the current one: whether the routing has one is the screen's to show.
  stepBack: (state) => ({ type: 'stepBack', step: Number.MIN_SAFE_INTEGER, routing: [Number.MIN_SAFE_INTEGER, state.step] }),
  cancel: () => ({ type: 'cancel' }),
};

export const offers = (state: LineState, offer: Offer) => applyAction(state, PROBES[offer](state)).ok;

/** The reasons a screen shows beside a disabled action: `orders:why.<reason>`. */
export type Why =
  | 'canceled'
  | 'notStarted'
  | 'inProduction'
  | 'awaitingQuality'
  | 'atPacking'
  | 'gramMissing'
  | 'packingApproved'
  | 'completed'
  | 'alreadyApproved'
  | 'notPacked'
  | 'shipped'
  | 'received';

/** Why an offer is not open for the line, by where the line stands; null when it is open. */
export function whyNot(state: LineState, offer: Offer): Why | null {
  if (offers(state, offer)) return null;
  if (state.canceled) return 'canceled';
  if (offer === 'enterGram' && state.received) return 'received';
  if (offer === 'workshopApprove' || offer === 'customerApprove') return 'alreadyApproved';
  if (offer === 'ship') return state.status === LineStatus.Completed && state.packingStatus === PackingStatus.HandedToCarrier ? 'shipped' : 'notPacked';
  if (state.status === LineStatus.Completed) return offer === 'enterGram' ? 'packingApproved' : 'completed';
  if (offer === 'stepBack') return 'notStarted';
  if (state.status === LineStatus.QualityControl) return 'awaitingQuality';
  if (state.status === LineStatus.Packing) return offer === 'approvePacking' ? 'gramMissing' : 'atPacking';
  return 'inProduction';
}

export const canAdvance = (state: LineState) => offers(state, 'advance');
export const canWorkshopApprove = (state: LineState) => offers(state, 'workshopApprove');
export const canEnterGram = (state: LineState) => offers(state, 'enterGram');
export const canDecideQuality = (state: LineState) => offers(state, 'decideQuality');
export const canApprovePacking = (state: LineState) => offers(state, 'approvePacking');
export const canCustomerApprove = (state: LineState) => offers(state, 'customerApprove');
export const canShip = (state: LineState) => offers(state, 'ship');
/**
 * The office corrects a gram the workshop has entered (a gram is never first entered from the
 * office), until the piece is received into the metal ledger; a canceled line is only read.
 */
export const canCorrectGram = (state: LineState) => state.gram !== null && !state.received && !state.canceled;
