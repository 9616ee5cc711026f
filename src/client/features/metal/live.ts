import { all, call, debounce, put, select, takeEvery } from 'redux-saga/effects';
import { LIVE_BATCH_MS } from '../../../shared/live';
import { voucherHeard } from '../live';
import { balancesRequested, lossRequested, type MetalState, receivableRequested, selectMetal, statementRequested, voucherRequested, vouchersRequested } from './slice';

/** What a voucher changes besides itself, as far as it has been read: the balances, the statement and the loss shown. */
export function* readFiguresAgain() {
  const { balances, statement, loss }: MetalState = yield select(selectMetal);
  if (balances.status !== 'idle') yield put(balancesRequested());
  if (statement.query) yield put(statementRequested(statement.query));
  if (loss.query) yield put(lossRequested(loss.query));
}

/**
 * What a voucher heard on the live channel changes on the metal screens open now: the vouchers
 * and the pieces a receipt offers, beside the figures. Only what has been read is read again, once
 * per burst of vouchers.
 */
function* readShown() {
  const { vouchers, receivable }: MetalState = yield select(selectMetal);
  if (vouchers.status !== 'idle') yield put(vouchersRequested());
  if (receivable.workshopId !== null) yield put(receivableRequested(receivable.workshopId));
  yield call(readFiguresAgain);
}

/** A voucher read whole (its lines on a card) is read again when heard of; all of them after a drop. */
function* readDetails(action: ReturnType<typeof voucherHeard>) {
  const { details }: MetalState = yield select(selectMetal);
  const heard = action.payload === null ? Object.keys(details).map(Number) : [action.payload.voucher_id];
  for (const id of heard) if (details[id]) yield put(voucherRequested(id));
}

export function* metalLiveSaga() {
  yield all([takeEvery(voucherHeard.type, readDetails), debounce(LIVE_BATCH_MS.workshopDetail, voucherHeard.type, readShown)]);
}
