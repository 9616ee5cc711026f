import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { API } from '../../../shared/api';
import type { BalanceDto, KaratDto, LossRowDto, NormDto, PeriodQuery, PurityDto, ReceivablePieceDto, RefiningLotDto, StatementDto, StatementQuery, VoucherDto, VoucherSummaryDto, WorkshopLossDto } from '../../../shared/metal-api';
import { callAndStore, FAILED } from '../../api/callAndStore';
import { http } from '../../api/http';
import type { NoticeLike } from '../../components/NoticeView';
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

/** A read that failed shows its sentence on the list it was for. */
const readFailedIn = (part: Parameters<typeof readFailed>[0]['part']) => (notice: NoticeLike) => readFailed({ part, notice });

function* loadPurities() {
  yield* callAndStore(call(http.get, API.metalPurities), ({ purities }: { purities: PurityDto[] }) => puritiesLoaded(purities), readFailedIn('purities'), 'metal:purities.failed');
}

function* loadVouchers() {
  yield* callAndStore(
    call(http.get, API.metalVouchers),
    ({ vouchers }: { vouchers: VoucherSummaryDto[] }) => vouchersLoaded(vouchers),
    readFailedIn('vouchers'),
    'metal:vouchers.failed',
  );
}

function* loadVoucher(action: ReturnType<typeof voucherRequested>) {
  yield* callAndStore(
    call(http.get, API.metalVoucher(action.payload)),
    ({ voucher }: { voucher: VoucherDto }) => voucherLoaded(voucher),
    readFailedIn('vouchers'),
    'metal:vouchers.failed',
  );
}

function* loadBalances() {
  yield* callAndStore(call(http.get, API.metalBalances), ({ balances }: { balances: BalanceDto[] }) => balancesLoaded(balances), readFailedIn('balances'), 'metal:balances.failed');
}

/** A path with the period's days that are set as its query. */
const withPeriod = (path: string, { from, to }: PeriodQuery) => {
  const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
  return `${path}${query ? `?${query}` : ''}`;
};

const statementPath = ({ workshopId, ...period }: StatementQuery) => withPeriod(API.metalStatement(workshopId), period);

function* loadStatement(action: ReturnType<typeof statementRequested>) {
  yield* callAndStore(
    call(http.get, statementPath(action.payload)),
    ({ statement }: { statement: StatementDto }) => statementLoaded(statement),
    readFailedIn('statement'),
    'metal:statement.failed',
  );
}

function* loadReceivable(action: ReturnType<typeof receivableRequested>) {
  yield* callAndStore(
    call(http.get, API.metalReceivable(action.payload)),
    ({ pieces }: { pieces: ReceivablePieceDto[] }) => receivableLoaded({ workshopId: action.payload, pieces }),
    readFailedIn('receivable'),
    'metal:form.receivableFailed',
  );
}

function* loadLoss(action: ReturnType<typeof lossRequested>) {
  yield* callAndStore(
    call(http.get, withPeriod(API.metalLoss, action.payload)),
    ({ loss, workshops }: { loss: LossRowDto[]; workshops: WorkshopLossDto[] }) => lossLoaded({ loss, workshops }),
    readFailedIn('loss'),
    'metal:loss.failed',
  );
}

function* loadNorms() {
  yield* callAndStore(call(http.get, API.metalNorms), ({ norms }: { norms: NormDto[] }) => normsLoaded(norms), readFailedIn('norms'), 'metal:norms.failed');
}

function* createVoucher(action: ReturnType<typeof voucherCreateRequested>) {
  const reversal = action.payload.reverses_id !== undefined;
  const answer = yield* callAndStore(
    call(http.post, API.metalVouchers, action.payload),
    ({ voucher }: { voucher: VoucherDto }) => voucherSaved({ voucher, message: { key: reversal ? 'metal:vouchers.reversed' : 'metal:form.saved', params: { number: voucher.number } } }),
    writeFailed,
    reversal ? 'metal:vouchers.reverseFailed' : 'metal:form.failed',
  );
  if (answer === FAILED) return;
  yield call(readFiguresAgain);
}

function* confirmVoucher(action: ReturnType<typeof voucherConfirmRequested>) {
  const answer = yield* callAndStore(
    call(http.post, API.metalVoucherConfirm(action.payload)),
    ({ voucher }: { voucher: VoucherDto }) => voucherSaved({ voucher, message: { key: 'metal:decide.confirmed', params: { number: voucher.number } } }),
    writeFailed,
    'metal:decide.failed',
  );
  if (answer === FAILED) return;
  yield call(readFiguresAgain);
}

function* disputeVoucher(action: ReturnType<typeof voucherDisputeRequested>) {
  const { id, reason } = action.payload;
  const answer = yield* callAndStore(
    call(http.post, API.metalVoucherDispute(id), { reason }),
    ({ voucher }: { voucher: VoucherDto }) => voucherSaved({ voucher, message: { key: 'metal:decide.disputed', params: { number: voucher.number } } }),
    writeFailed,
    'metal:decide.failed',
  );
  if (answer === FAILED) return;
  yield call(readFiguresAgain);
}

function* updatePurity(action: ReturnType<typeof purityUpdateRequested>) {
  const { id, milyem } = action.payload;
  yield* callAndStore(
    call(http.put, API.metalPurity(id), { milyem }),
    ({ purity }: { purity: PurityDto }) => puritySaved({ purity, message: { key: 'metal:purities.saved', params: { milyem: purity.milyem } } }),
    writeFailed,
    'metal:purities.saveFailed',
  );
}

function* loadKarats() {
  yield* callAndStore(call(http.get, API.metalKarats), ({ karats }: { karats: KaratDto[] }) => karatsLoaded(karats), readFailedIn('karats'), 'metal:karats.failed');
}

function* updateKarat(action: ReturnType<typeof karatUpdateRequested>) {
  const { optionValueId, purityId } = action.payload;
  yield* callAndStore(
    call(http.put, API.metalKarat(optionValueId), { purity_id: purityId }),
    ({ karat }: { karat: KaratDto }) => karatSaved({ karat, message: { key: 'metal:karats.saved', params: { value: karat.value_name } } }),
    writeFailed,
    'metal:karats.saveFailed',
  );
}

function* addNorm(action: ReturnType<typeof normAddRequested>) {
  const answer = yield* callAndStore(
    call(http.post, API.metalNorms, action.payload),
    ({ norm }: { norm: NormDto }) => normSaved({ norm, message: { key: 'metal:norms.saved' } }),
    writeFailed,
    'metal:norms.saveFailed',
  );
  if (answer === FAILED) return;
  // The loss shown is judged against the norms: a new one may change its verdict.
  const { loss }: MetalState = yield select(selectMetal);
  if (loss.query) yield put(lossRequested(loss.query));
}

function* loadRefining() {
  yield* callAndStore(call(http.get, API.metalRefining), ({ lots }: { lots: RefiningLotDto[] }) => refiningLoaded(lots), readFailedIn('refining'), 'metal:refining.failed');
}

function* loadLock() {
  yield* callAndStore(call(http.get, API.metalLock), ({ locked_before }: { locked_before: string | null }) => lockLoaded(locked_before), readFailedIn('lock'), 'metal:lock.failed');
}

function* createRefiningLot(action: ReturnType<typeof refiningLotCreateRequested>) {
  const answer = yield* callAndStore(
    call(http.post, API.metalRefining, action.payload),
    ({ lot }: { lot: RefiningLotDto }) => refiningLotSaved({ lot, message: { key: 'metal:refining.saved', params: { number: lot.number } } }),
    writeFailed,
    'metal:refining.saveFailed',
  );
  if (answer === FAILED) return;
  // The recovered fine gold is set against the workshops' loss.
  const { loss }: MetalState = yield select(selectMetal);
  if (loss.query) yield put(lossRequested(loss.query));
}

function* updateLock(action: ReturnType<typeof lockUpdateRequested>) {
  yield* callAndStore(
    call(http.put, API.metalLock, { locked_before: action.payload }),
    ({ locked_before }: { locked_before: string }) => lockSaved({ lockedBefore: locked_before, message: { key: 'metal:lock.saved' } }),
    writeFailed,
    'metal:lock.saveFailed',
  );
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
