import { applyAction, canAdvance, canCorrectGram, canApprovePacking, canCustomerApprove, canDecideQuality, canEnterGram, canShip, canWorkshopApprove, checkGram, gramDeviates, isOpenLine, type LineAction, lineState, type LineState, type Refusal, refusalKey, whyNot, type Why } from './lifecycle';
import { foldCase } from './text';
import { isUrgent } from './urgent';

const ROUTING = [11, 12, 13];
const fresh: LineState = { status: 1, step: -1, workshopApproved: false, qualityControl: null, gram: null, packingStatus: null, customerApproved: false, canceled: false, received: false };
const at = (change: Partial<LineState>): LineState => ({ ...fresh, ...change });

function next(state: LineState, action: LineAction): LineState {
  const outcome = applyAction(state, action);
  if (!outcome.ok) throw new Error(`refused: ${outcome.refusal}`);
  return outcome.next;
}

describe('next step', () => {
  test('walks the routing and, after the last step, goes to quality control delivered to the office', () => {
    let state = next(fresh, { type: 'nextStep', routing: ROUTING });
    expect(state).toMatchObject({ status: 2, step: 11 });
    state = next(state, { type: 'nextStep', routing: ROUTING });
    state = next(state, { type: 'nextStep', routing: ROUTING });
    expect(state).toMatchObject({ status: 2, step: 13 });
    const last = applyAction(state, { type: 'nextStep', routing: ROUTING });
    expect(last).toEqual({ ok: true, next: { ...state, status: 3 }, deliveredToOffice: true });
  });

  test.each([3, 4, 5])('is refused in status %i', (status) => {
    expect(applyAction(at({ status, step: 13 }), { type: 'nextStep', routing: ROUTING })).toEqual({ ok: false, refusal: 'notInProduction' });
  });

  test('is refused without a routing or at a step the routing does not have', () => {
    expect(applyAction(fresh, { type: 'nextStep', routing: [] })).toEqual({ ok: false, refusal: 'noRouting' });
    expect(applyAction(at({ status: 2, step: 99 }), { type: 'nextStep', routing: ROUTING })).toEqual({ ok: false, refusal: 'stepNotInRouting' });
  });
});

test('workshop approval happens once, in any status', () => {
  for (const status of [1, 2, 3, 4, 5]) expect(next(at({ status }), { type: 'workshopApprove' }).workshopApproved).toBe(true);
  expect(applyAction(at({ workshopApproved: true }), { type: 'workshopApprove' })).toEqual({ ok: false, refusal: 'alreadyApproved' });
});

describe('quality control', () => {
  test.each([3, 4])('approval in status %i leads to packing', (status) => {
    expect(next(at({ status, step: 13 }), { type: 'qcApprove' })).toMatchObject({ status: 4, qualityControl: 1 });
  });

  test.each([1, 2, 5])('approval and rejection are refused in status %i', (status) => {
    expect(applyAction(at({ status }), { type: 'qcApprove' })).toEqual({ ok: false, refusal: 'notAwaitingQuality' });
    expect(applyAction(at({ status }), { type: 'qcReject', returnStep: 12, routing: ROUTING })).toEqual({ ok: false, refusal: 'notAwaitingQuality' });
  });

  test('rejection returns the line to a step of its routing and clears gram and packing', () => {
    const state = at({ status: 4, step: 13, qualityControl: 1, gram: 5.2, packingStatus: 1 });
    expect(next(state, { type: 'qcReject', returnStep: 12, routing: ROUTING })).toMatchObject({
      status: 2,
      step: 12,
      qualityControl: 2,
      gram: null,
      packingStatus: null,
    });
    expect(applyAction(state, { type: 'qcReject', returnStep: 77, routing: ROUTING })).toEqual({ ok: false, refusal: 'returnStepInvalid' });
  });
});

describe('gram and packing', () => {
  test('the gram is entered above 0 only in packing, and corrected there until packing is approved', () => {
    const packing = at({ status: 4, step: 13, qualityControl: 1 });
    expect(next(packing, { type: 'enterGram', gram: 4.35 }).gram).toBe(4.35);
    expect(applyAction(at({ status: 3 }), { type: 'enterGram', gram: 4 })).toEqual({ ok: false, refusal: 'gramNotAllowed' });
    expect(next({ ...packing, gram: 4 }, { type: 'enterGram', gram: 5 }).gram).toBe(5);
    const packed = next({ ...packing, gram: 4 }, { type: 'approvePacking' });
    expect(applyAction(packed, { type: 'enterGram', gram: 5 })).toEqual({ ok: false, refusal: 'gramNotAllowed' });
    // Received into the metal ledger, the gram is final: neither the workshop nor the office changes it.
    const received = { ...packing, gram: 4, received: true };
    expect(applyAction(received, { type: 'enterGram', gram: 5 })).toEqual({ ok: false, refusal: 'gramReceived' });
    expect([canEnterGram(received), canCorrectGram(received), canCorrectGram({ ...received, received: false })]).toEqual([false, false, true]);
    expect(whyNot(received, 'enterGram')).toBe('received');
    // Canceled, the weighed piece is only read: no correction from the office either.
    expect(canCorrectGram({ ...packing, gram: 4, canceled: true })).toBe(false);
    for (const gram of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(applyAction(packing, { type: 'enterGram', gram })).toEqual({ ok: false, refusal: 'gramInvalid' });
    }
  });

  test('packing approval needs status 4 with a gram and completes the line', () => {
    expect(next(at({ status: 4, gram: 3 }), { type: 'approvePacking' })).toMatchObject({ status: 5, packingStatus: 2 });
    expect(applyAction(at({ status: 4 }), { type: 'approvePacking' })).toEqual({ ok: false, refusal: 'packingNotAllowed' });
    expect(applyAction(at({ status: 3, gram: 3 }), { type: 'approvePacking' })).toEqual({ ok: false, refusal: 'packingNotAllowed' });
  });
});

describe('step back', () => {
  test('moves a line in production to an earlier step only', () => {
    const state = at({ status: 2, step: 12 });
    expect(next(state, { type: 'stepBack', step: 11, routing: ROUTING })).toMatchObject({ status: 2, step: 11 });
    for (const step of [12, 13, 77]) expect(applyAction(state, { type: 'stepBack', step, routing: ROUTING })).toEqual({ ok: false, refusal: 'stepBackInvalid' });
  });

  test.each([3, 4])('from status %i returns the piece to production at any step, to be checked and weighed again', (status) => {
    const state = at({ status, step: 13, qualityControl: 1, gram: status === 4 ? 5 : null, packingStatus: status === 4 ? 1 : null });
    expect(next(state, { type: 'stepBack', step: 13, routing: ROUTING })).toMatchObject({ status: 2, step: 13, qualityControl: null, gram: null, packingStatus: null });
    expect(next(state, { type: 'stepBack', step: 11, routing: ROUTING })).toMatchObject({ status: 2, step: 11 });
  });

  test.each([1, 5])('is refused in status %i', (status) => {
    expect(applyAction(at({ status, step: status === 1 ? -1 : 13 }), { type: 'stepBack', step: 11, routing: ROUTING })).toEqual({ ok: false, refusal: 'stepBackNotAllowed' });
  });

  test('nothing but reading once canceled', () => {
    expect(applyAction(at({ status: 2, step: 12, canceled: true }), { type: 'stepBack', step: 11, routing: ROUTING })).toEqual({ ok: false, refusal: 'canceled' });
  });
});

test('the customer approves once', () => {
  expect(next(fresh, { type: 'customerApprove' }).customerApproved).toBe(true);
  expect(applyAction(at({ customerApproved: true }), { type: 'customerApprove' })).toEqual({ ok: false, refusal: 'customerAlreadyApproved' });
});

test('a line is open until it is completed or its order is canceled', () => {
  const line = (status: number, canceled_at: string | null = null) => ({ order_line_status_id: status, canceled_at });
  expect([1, 2, 3, 4, 5].map((status) => isOpenLine(line(status)))).toEqual([true, true, true, true, false]);
  expect([1, 2, 3, 4, 5].some((status) => isOpenLine(line(status, '2026-11-20T09:00:00.000Z')))).toBe(false);
});

test('a weighed piece is flagged beyond the tolerance of its expected weight', () => {
  expect(gramDeviates(11.1, 10)).toBe(true);
  expect(gramDeviates(10.9, 10)).toBe(false);
  expect(gramDeviates(8.9, 10)).toBe(true);
  expect(gramDeviates(9, 10, 5)).toBe(true);
  expect(gramDeviates(12, 10, 25)).toBe(false);
  expect(gramDeviates(9, null)).toBe(false);
});

test('a typed gram beyond the confirm band needs a yes, beyond the hard bound it is refused (issue 24)', () => {
  const bounds = { gram_confirm_percent: 50, gram_max_factor: 10 };
  // Expected 2 g: within ±50 % it is taken, beyond it asked, above 20 g refused.
  expect([1, 2, 3, 2.9].map((gram) => checkGram(gram, 2, bounds).verdict)).toEqual(['fine', 'fine', 'fine', 'fine']);
  expect(checkGram(3.1, 2, bounds)).toEqual({ verdict: 'confirm', key: 'errors:gramConfirm', params: { gram: 3.1, expected: 2 } });
  expect(checkGram(0.9, 2, bounds)).toEqual({ verdict: 'confirm', key: 'errors:gramConfirm', params: { gram: 0.9, expected: 2 } });
  expect(checkGram(20, 2, bounds).verdict).toBe('confirm');
  expect(checkGram(20.001, 2, bounds)).toEqual({ verdict: 'refused', key: 'errors:gramImplausible', params: { gram: 20.001, max: 20 } });
  expect(checkGram(99_999, 2, bounds)).toEqual({ verdict: 'refused', key: 'errors:gramImplausible', params: { gram: 99_999, max: 20 } });
  // No expected weight: nothing to confirm against, and 1,000 g at most.
  expect(checkGram(1000, null, bounds)).toEqual({ verdict: 'fine' });
  expect(checkGram(1000.5, null, bounds)).toEqual({ verdict: 'refused', key: 'errors:gramImplausible', params: { gram: 1000.5, max: 1000 } });
  expect(checkGram(5, 0, bounds)).toEqual({ verdict: 'fine' });
  // The bounds are settings; the hard bound is counted to the milligram.
  expect(checkGram(3.1, 2, { gram_confirm_percent: 60, gram_max_factor: 10 }).verdict).toBe('fine');
  expect(checkGram(5, 2, { gram_confirm_percent: 50, gram_max_factor: 2 }).verdict).toBe('refused');
  expect(checkGram(57, 0.57, { gram_confirm_percent: 10_000, gram_max_factor: 100 }).verdict).toBe('fine');
});

test('urgent rows: any text containing an urgent word, whatever its case', () => {
  expect(isUrgent({ fulfilment_style: 'EXPRESS Kargo' })).toBe(true);
  expect(isUrgent({ customer_note: 'Lütfen HIZLI gönderin' })).toBe(true);
  expect(isUrgent({ customer_note: 'acil', id: 5 })).toBe(true);
  expect(isUrgent({ customer_note: 'ACIL' })).toBe(true);
  expect(isUrgent({ customer_note: 'ACİL' })).toBe(true);
  expect(isUrgent({ customer_note: 'FAST', location: 'RUSH' })).toBe(true);
  expect(foldCase('İSTANBUL Işık')).toBe('istanbul işik');
  expect(isUrgent({ customer_note: 'normal teslimat', id: 5, fast: null })).toBe(false);
});

test('every refusal has a sentence in both catalogues', () => {
  // A record over the type: a new refusal without an entry here does not compile.
  const refusals: Record<Refusal, true> = {
    notInProduction: true,
    noRouting: true,
    stepNotInRouting: true,
    alreadyApproved: true,
    notAwaitingQuality: true,
    returnStepInvalid: true,
    gramNotAllowed: true,
    gramInvalid: true,
    gramReceived: true,
    packingNotAllowed: true,
    customerAlreadyApproved: true,
    canceled: true,
    stepBackNotAllowed: true,
    stepBackInvalid: true,
    cancelNotAllowed: true,
    notPacked: true,
  };
  for (const language of ['tr', 'en']) {
    const errors = require(`../../locales/${language}/errors.json`) as Record<string, string>;
    for (const refusal of Object.keys(refusals)) expect(errors[refusalKey(refusal as Refusal)]).toEqual(expect.any(String));
  }
});

describe('what a screen may offer', () => {
  test('follows the rules the server applies', () => {
    expect(canAdvance(fresh)).toBe(true);
    expect(canAdvance(at({ status: 2, step: 12 }))).toBe(true);
    expect(canAdvance(at({ status: 3, step: 13 }))).toBe(false);
    expect(canWorkshopApprove(fresh)).toBe(true);
    expect(canWorkshopApprove(at({ workshopApproved: true }))).toBe(false);
    expect(canEnterGram(at({ status: 4 }))).toBe(true);
    expect(canEnterGram(at({ status: 4, gram: 4.2 }))).toBe(true);
    expect(canEnterGram(at({ status: 5, gram: 4.2 }))).toBe(false);
    expect(canDecideQuality(at({ status: 3 }))).toBe(true);
    expect(canDecideQuality(at({ status: 2 }))).toBe(false);
    expect(canApprovePacking(at({ status: 4 }))).toBe(false);
    expect(canApprovePacking(at({ status: 4, gram: 4.2 }))).toBe(true);
    expect(canCustomerApprove(at({ customerApproved: true }))).toBe(false);
  });

  test('a disabled action says why, by where the line stands', () => {
    const why = (state: LineState) =>
      (['advance', 'enterGram', 'decideQuality', 'approvePacking', 'ship', 'stepBack', 'cancel'] as const).map((offer) => whyNot(state, offer));
    expect(why(fresh)).toEqual([null, 'inProduction', 'inProduction', 'inProduction', 'notPacked', 'notStarted', null]);
    expect(why(at({ status: 3, step: 13 }))).toEqual(['awaitingQuality', 'awaitingQuality', null, 'awaitingQuality', 'notPacked', null, null]);
    expect(why(at({ status: 4, step: 13 }))).toEqual(['atPacking', null, null, 'gramMissing', 'notPacked', null, null]);
    expect(why(at({ status: 5, step: 13, gram: 4, packingStatus: 2 }))).toEqual(['completed', 'packingApproved', 'completed', 'completed', null, 'completed', 'completed']);
    expect(whyNot(at({ status: 5, packingStatus: 3 }), 'ship')).toBe('shipped');
    expect(whyNot(at({ workshopApproved: true }), 'workshopApprove')).toBe('alreadyApproved');
    expect(whyNot(at({ status: 2, step: 12, canceled: true }), 'advance')).toBe('canceled');
    // Every reason has its sentence in both catalogues.
    const reasons: Record<Why, true> = {
      canceled: true,
      notStarted: true,
      inProduction: true,
      awaitingQuality: true,
      atPacking: true,
      gramMissing: true,
      packingApproved: true,
      completed: true,
      alreadyApproved: true,
      notPacked: true,
      shipped: true,
      received: true,
    };
    for (const language of ['tr', 'en']) {
      const orders = require(`../../locales/${language}/orders.json`) as { why: Record<string, string> };
      for (const reason of Object.keys(reasons)) expect(orders.why[reason]).toEqual(expect.any(String));
    }
  });

  test('a stored line reads as its state', () => {
    const stored = {
      order_line_status_id: 4,
      current_order_line_process: 13,
      workshop_started_process_id: 2,
      quality_control_id: 1,
      product_gram: 4.5,
      packing_status_id: null,
      customer_approval_status_id: 1,
      canceled_at: null,
    };
    expect(lineState(stored)).toEqual({ status: 4, step: 13, workshopApproved: true, qualityControl: 1, gram: 4.5, packingStatus: null, customerApproved: false, canceled: false, received: false });
    expect(lineState({ ...stored, metal_received_at: '2026-11-24T10:00:00.000Z' }).received).toBe(true);
    expect(lineState({ ...stored, canceled_at: '2026-11-24T10:00:00.000Z' }).canceled).toBe(true);
  });
});

describe('cancel', () => {
  test('is allowed from every state before completion, and nothing is done to a canceled line', () => {
    for (const status of [1, 2, 3, 4]) expect(next(at({ status }), { type: 'cancel' })).toMatchObject({ status, canceled: true });
    expect(applyAction(at({ status: 5 }), { type: 'cancel' })).toEqual({ ok: false, refusal: 'cancelNotAllowed' });
    const canceled = at({ status: 4, canceled: true });
    const actions: LineAction[] = [
      { type: 'nextStep', routing: ROUTING },
      { type: 'workshopApprove' },
      { type: 'qcApprove' },
      { type: 'qcReject', returnStep: 11, routing: ROUTING },
      { type: 'enterGram', gram: 4 },
      { type: 'approvePacking' },
      { type: 'customerApprove' },
      { type: 'cancel' },
    ];
    for (const action of actions) expect(applyAction(canceled, action)).toEqual({ ok: false, refusal: 'canceled' });
    expect([canAdvance, canWorkshopApprove, canEnterGram, canDecideQuality, canApprovePacking, canCustomerApprove].map((can) => can(canceled))).toEqual([false, false, false, false, false, false]);
    expect(refusalKey('cancelNotAllowed')).toBe('lineCancelNotAllowed');
  });
});

describe('ship', () => {
  test('hands a completed, packed piece to the carrier, once; nothing else ships', () => {
    const packed = at({ status: 5, packingStatus: 2, gram: 4 });
    expect(next(packed, { type: 'ship' })).toMatchObject({ status: 5, packingStatus: 3 });
    expect(canShip(packed)).toBe(true);
    for (const state of [at({ status: 4, gram: 4 }), at({ status: 5, packingStatus: 3 }), at({ status: 5, packingStatus: 2, canceled: true })]) expect(canShip(state)).toBe(false);
    expect(applyAction(at({ status: 4 }), { type: 'ship' })).toEqual({ ok: false, refusal: 'notPacked' });
  });
});
