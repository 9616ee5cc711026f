import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { API } from '../../../shared/api';
import { failure } from '../../api/failure';
import { http } from '../../api/http';
import { takeLoadOnce } from '../../app/loadOnce';
import {
  balancesLoaded,
  balancesRequested,
  type MetalState,
  puritiesLoaded,
  puritiesRequested,
  puritySaved,
  purityUpdateRequested,
  readFailed,
  receivableLoaded,
  receivableRequested,
  selectMetal,
  selectPuritiesStatus,
  statementLoaded,
  statementRequested,
  voucherConfirmRequested,
  voucherCreateRequested,
  voucherDisputeRequested,
  voucherLoaded,
  voucherRequested,
  voucherSaved,
  vouchersLoaded,
  vouchersRequested,
  writeFailed,
} from './slice';
import type { BalanceDto, PurityDto, ReceivablePieceDto, StatementDto, StatementQuery, VoucherDto, VoucherSummaryDto } from './types';

function* loadPurities() {
  try {
    const { purities }: { purities: PurityDto[] } = yield call(http.get, API.metalPurities);
    yield put(puritiesLoaded(purities));
  } catch (error) {
    yield put(readFailed({ part: 'purities', notice: failure(error, 'metal:purities.failed') }));
  }
}

function* loadVouchers() {
  try {
    const { vouchers }: { vouchers: VoucherSummaryDto[] } = yield call(http.get, API.metalVouchers);
    yield put(vouchersLoaded(vouchers));
  } catch (error) {
    yield put(readFailed({ part: 'vouchers', notice: failure(error, 'metal:vouchers.failed') }));
  }
}

function* loadVoucher(action: ReturnType<typeof voucherRequested>) {
  try {
    const { voucher }: { voucher: VoucherDto } = yield call(http.get, API.metalVoucher(action.payload));
    yield put(voucherLoaded(voucher));
  } catch (error) {
    yield put(readFailed({ part: 'vouchers', notice: failure(error, 'metal:vouchers.failed') }));
  }
}

function* loadBalances() {
  try {
    const { balances }: { balances: BalanceDto[] } = yield call(http.get, API.metalBalances);
    yield put(balancesLoaded(balances));
  } catch (error) {
    yield put(readFailed({ part: 'balances', notice: failure(error, 'metal:balances.failed') }));
  }
}

const statementPath = ({ workshopId, from, to }: StatementQuery) => {
  const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
  return `${API.metalStatement(workshopId)}${query ? `?${query}` : ''}`;
};

function* loadStatement(action: ReturnType<typeof statementRequested>) {
  try {
    const { statement }: { statement: StatementDto } = yield call(http.get, statementPath(action.payload));
    yield put(statementLoaded(statement));
  } catch (error) {
    yield put(readFailed({ part: 'statement', notice: failure(error, 'metal:statement.failed') }));
  }
}

function* loadReceivable(action: ReturnType<typeof receivableRequested>) {
  try {
    const { pieces }: { pieces: ReceivablePieceDto[] } = yield call(http.get, API.metalReceivable(action.payload));
    yield put(receivableLoaded({ workshopId: action.payload, pieces }));
  } catch (error) {
    yield put(readFailed({ part: 'receivable', notice: failure(error, 'metal:form.receivableFailed') }));
  }
}

/** What a written or answered voucher changes besides itself: the balances and the statement shown. */
function* readAgain() {
  const { balances, statement }: MetalState = yield select(selectMetal);
  if (balances.status !== 'idle') yield put(balancesRequested());
  if (statement.query) yield put(statementRequested(statement.query));
}

function* createVoucher(action: ReturnType<typeof voucherCreateRequested>) {
  const reversal = action.payload.reverses_id !== undefined;
  try {
    const { voucher }: { voucher: VoucherDto } = yield call(http.post, API.metalVouchers, action.payload);
    yield put(voucherSaved({ voucher, message: { key: reversal ? 'metal:vouchers.reversed' : 'metal:form.saved', params: { number: voucher.number } } }));
    yield call(readAgain);
  } catch (error) {
    yield put(writeFailed(failure(error, reversal ? 'metal:vouchers.reverseFailed' : 'metal:form.failed')));
  }
}

function* confirmVoucher(action: ReturnType<typeof voucherConfirmRequested>) {
  try {
    const { voucher }: { voucher: VoucherDto } = yield call(http.post, API.metalVoucherConfirm(action.payload));
    yield put(voucherSaved({ voucher, message: { key: 'metal:decide.confirmed', params: { number: voucher.number } } }));
    yield call(readAgain);
  } catch (error) {
    yield put(writeFailed(failure(error, 'metal:decide.failed')));
  }
}

function* disputeVoucher(action: ReturnType<typeof voucherDisputeRequested>) {
  const { id, reason } = action.payload;
  try {
    const { voucher }: { voucher: VoucherDto } = yield call(http.post, API.metalVoucherDispute(id), { reason });
    yield put(voucherSaved({ voucher, message: { key: 'metal:decide.disputed', params: { number: voucher.number } } }));
    yield call(readAgain);
  } catch (error) {
    yield put(writeFailed(failure(error, 'metal:decide.failed')));
  }
}

function* updatePurity(action: ReturnType<typeof purityUpdateRequested>) {
  const { id, milyem } = action.payload;
  try {
    const { purity }: { purity: PurityDto } = yield call(http.put, API.metalPurity(id), { milyem });
    yield put(puritySaved({ purity, message: { key: 'metal:purities.saved', params: { milyem: purity.milyem } } }));
  } catch (error) {
    yield put(writeFailed(failure(error, 'metal:purities.saveFailed')));
  }
}

export function* metalSaga() {
  yield all([
    takeLoadOnce(puritiesRequested.type, selectPuritiesStatus, loadPurities),
    takeLatest(vouchersRequested.type, loadVouchers),
    takeEvery(voucherRequested.type, loadVoucher),
    takeLatest(balancesRequested.type, loadBalances),
    takeLatest(statementRequested.type, loadStatement),
    takeLatest(receivableRequested.type, loadReceivable),
    // One write at a time: a second tap while the first is under way is not a second voucher.
    takeLeading([voucherCreateRequested.type, voucherConfirmRequested.type, voucherDisputeRequested.type, purityUpdateRequested.type], function* write(action: { type: string }) {
      if (voucherCreateRequested.match(action)) yield call(createVoucher, action);
      else if (voucherConfirmRequested.match(action)) yield call(confirmVoucher, action);
      else if (voucherDisputeRequested.match(action)) yield call(disputeVoucher, action);
      else if (purityUpdateRequested.match(action)) yield call(updatePurity, action);
    }),
  ]);
}
