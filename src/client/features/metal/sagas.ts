import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { API } from '../../../shared/api';
import type { BalanceDto, KaratDto, LossRowDto, NormDto, PurityDto, ReceivablePieceDto, RefiningLotDto, StatementDto, VoucherDto, VoucherSummaryDto, WorkshopLossDto } from '../../../shared/metal-api';
import { failure } from '../../api/failure';
import { http } from '../../api/http';
import { takeLoadOnce } from '../session';
import { metalLiveSaga, readFiguresAgain } from './live';
import {
  balancesLoaded,
  balancesRequested,
  karatSaved,
  karatsLoaded,
  karatsRequested,
  karatUpdateRequested,
  lockLoaded,
  lockRequested,
  lockSaved,
  lockUpdateRequested,
  lossLoaded,
  lossRequested,
  type MetalState,
  normAddRequested,
  normSaved,
  normsLoaded,
  normsRequested,
  puritiesLoaded,
  puritiesRequested,
  puritySaved,
  purityUpdateRequested,
  readFailed,
  receivableLoaded,
  receivableRequested,
  refiningLoaded,
  refiningLotCreateRequested,
  refiningLotSaved,
  refiningRequested,
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
import type { LossQuery, StatementQuery } from './types';

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

/** A path with the period's days that are set as its query. */
const withPeriod = (path: string, { from, to }: LossQuery) => {
  const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
  return `${path}${query ? `?${query}` : ''}`;
};

const statementPath = ({ workshopId, ...period }: StatementQuery) => withPeriod(API.metalStatement(workshopId), period);

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

function* loadLoss(action: ReturnType<typeof lossRequested>) {
  try {
    const { loss, workshops }: { loss: LossRowDto[]; workshops: WorkshopLossDto[] } = yield call(http.get, withPeriod(API.metalLoss, action.payload));
    yield put(lossLoaded({ loss, workshops }));
  } catch (error) {
    yield put(readFailed({ part: 'loss', notice: failure(error, 'metal:loss.failed') }));
  }
}

function* loadNorms() {
  try {
    const { norms }: { norms: NormDto[] } = yield call(http.get, API.metalNorms);
    yield put(normsLoaded(norms));
  } catch (error) {
    yield put(readFailed({ part: 'norms', notice: failure(error, 'metal:norms.failed') }));
  }
}

function* createVoucher(action: ReturnType<typeof voucherCreateRequested>) {
  const reversal = action.payload.reverses_id !== undefined;
  try {
    const { voucher }: { voucher: VoucherDto } = yield call(http.post, API.metalVouchers, action.payload);
    yield put(voucherSaved({ voucher, message: { key: reversal ? 'metal:vouchers.reversed' : 'metal:form.saved', params: { number: voucher.number } } }));
    yield call(readFiguresAgain);
  } catch (error) {
    yield put(writeFailed(failure(error, reversal ? 'metal:vouchers.reverseFailed' : 'metal:form.failed')));
  }
}

function* confirmVoucher(action: ReturnType<typeof voucherConfirmRequested>) {
  try {
    const { voucher }: { voucher: VoucherDto } = yield call(http.post, API.metalVoucherConfirm(action.payload));
    yield put(voucherSaved({ voucher, message: { key: 'metal:decide.confirmed', params: { number: voucher.number } } }));
    yield call(readFiguresAgain);
  } catch (error) {
    yield put(writeFailed(failure(error, 'metal:decide.failed')));
  }
}

function* disputeVoucher(action: ReturnType<typeof voucherDisputeRequested>) {
  const { id, reason } = action.payload;
  try {
    const { voucher }: { voucher: VoucherDto } = yield call(http.post, API.metalVoucherDispute(id), { reason });
    yield put(voucherSaved({ voucher, message: { key: 'metal:decide.disputed', params: { number: voucher.number } } }));
    yield call(readFiguresAgain);
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

function* loadKarats() {
  try {
    const { karats }: { karats: KaratDto[] } = yield call(http.get, API.metalKarats);
    yield put(karatsLoaded(karats));
  } catch (error) {
    yield put(readFailed({ part: 'karats', notice: failure(error, 'metal:karats.failed') }));
  }
}

function* updateKarat(action: ReturnType<typeof karatUpdateRequested>) {
  const { optionValueId, purityId } = action.payload;
  try {
    const { karat }: { karat: KaratDto } = yield call(http.put, API.metalKarat(optionValueId), { purity_id: purityId });
    yield put(karatSaved({ karat, message: { key: 'metal:karats.saved', params: { value: karat.value_name } } }));
  } catch (error) {
    yield put(writeFailed(failure(error, 'metal:karats.saveFailed')));
  }
}

function* addNorm(action: ReturnType<typeof normAddRequested>) {
  try {
    const { norm }: { norm: NormDto } = yield call(http.post, API.metalNorms, action.payload);
    yield put(normSaved({ norm, message: { key: 'metal:norms.saved' } }));
    // The loss shown is judged against the norms: a new one may change its verdict.
    const { loss }: MetalState = yield select(selectMetal);
    if (loss.query) yield put(lossRequested(loss.query));
  } catch (error) {
    yield put(writeFailed(failure(error, 'metal:norms.saveFailed')));
  }
}

function* loadRefining() {
  try {
    const { lots }: { lots: RefiningLotDto[] } = yield call(http.get, API.metalRefining);
    yield put(refiningLoaded(lots));
  } catch (error) {
    yield put(readFailed({ part: 'refining', notice: failure(error, 'metal:refining.failed') }));
  }
}

function* loadLock() {
  try {
    const { locked_before }: { locked_before: string | null } = yield call(http.get, API.metalLock);
    yield put(lockLoaded(locked_before));
  } catch (error) {
    yield put(readFailed({ part: 'lock', notice: failure(error, 'metal:lock.failed') }));
  }
}

function* createRefiningLot(action: ReturnType<typeof refiningLotCreateRequested>) {
  try {
    const { lot }: { lot: RefiningLotDto } = yield call(http.post, API.metalRefining, action.payload);
    yield put(refiningLotSaved({ lot, message: { key: 'metal:refining.saved', params: { number: lot.number } } }));
    // The recovered fine gold is set against the workshops' loss.
    const { loss }: MetalState = yield select(selectMetal);
    if (loss.query) yield put(lossRequested(loss.query));
  } catch (error) {
    yield put(writeFailed(failure(error, 'metal:refining.saveFailed')));
  }
}

function* updateLock(action: ReturnType<typeof lockUpdateRequested>) {
  try {
    const { locked_before }: { locked_before: string } = yield call(http.put, API.metalLock, { locked_before: action.payload });
    yield put(lockSaved({ lockedBefore: locked_before, message: { key: 'metal:lock.saved' } }));
  } catch (error) {
    yield put(writeFailed(failure(error, 'metal:lock.saveFailed')));
  }
}

/** The writes of the ledger's screens. */
const WRITES = [
  voucherCreateRequested.type,
  voucherConfirmRequested.type,
  voucherDisputeRequested.type,
  purityUpdateRequested.type,
  normAddRequested.type,
  karatUpdateRequested.type,
  refiningLotCreateRequested.type,
  lockUpdateRequested.type,
];

export function* metalSaga() {
  yield all([
    call(metalLiveSaga),
    takeLoadOnce(puritiesRequested.type, selectPuritiesStatus, loadPurities),
    takeLatest(vouchersRequested.type, loadVouchers),
    takeEvery(voucherRequested.type, loadVoucher),
    takeLatest(balancesRequested.type, loadBalances),
    takeLatest(statementRequested.type, loadStatement),
    takeLatest(receivableRequested.type, loadReceivable),
    takeLatest(lossRequested.type, loadLoss),
    takeLatest(normsRequested.type, loadNorms),
    takeLatest(karatsRequested.type, loadKarats),
    takeLatest(refiningRequested.type, loadRefining),
    takeLatest(lockRequested.type, loadLock),
    // One write at a time: a second tap while the first is under way is not a second voucher.
    takeLeading(WRITES, function* write(action: { type: string }) {
      if (voucherCreateRequested.match(action)) yield call(createVoucher, action);
      else if (voucherConfirmRequested.match(action)) yield call(confirmVoucher, action);
      else if (voucherDisputeRequested.match(action)) yield call(disputeVoucher, action);
      else if (purityUpdateRequested.match(action)) yield call(updatePurity, action);
      else if (normAddRequested.match(action)) yield call(addNorm, action);
      else if (karatUpdateRequested.match(action)) yield call(updateKarat, action);
      else if (refiningLotCreateRequested.match(action)) yield call(createRefiningLot, action);
      else if (lockUpdateRequested.match(action)) yield call(updateLock, action);
    }),
  ]);
}
