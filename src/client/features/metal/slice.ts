import { createEntityAdapter, createSelector, createSlice, type EntityAdapter, type EntityState, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { BalanceDto, KaratDto, LossQuery, LossRowDto, NormDto, PurityDto, ReceivablePieceDto, RefiningLotDto, StatementDto, StatementQuery, VoucherDto, VoucherSummaryDto, WorkshopLossDto } from '../../../shared/metal-api';
import type { NormInput, RefiningLotInput, VoucherInput } from '../../../shared/schemas/metal';
import { type Loadable, loadAsked, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import type { NoticeLike, Sentence } from '../../components/NoticeView';
import { loggedIn, loggedOut } from '../session';

/* The server's orders: vouchers and lots the latest day first, then the latest written; norms the finest milyem first, then in the order added. */
const newestFirst = (a: { date: string; id: number }, b: { date: string; id: number }) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1);
const purityAdapter = createEntityAdapter<PurityDto>();
const voucherAdapter = createEntityAdapter<VoucherSummaryDto>({ sortComparer: newestFirst });
const normAdapter = createEntityAdapter<NormDto>({ sortComparer: (x, y) => y.milyem - x.milyem || x.id - y.id });
const karatAdapter = createEntityAdapter({ selectId: (karat: KaratDto) => karat.option_value_id });
const lotAdapter = createEntityAdapter<RefiningLotDto>({ sortComparer: newestFirst });

/** Records keyed by id, with the state of their read. */
type Collection<T> = Loadable & EntityState<T, number>;
/** An answer read for a query (a period, a workshop), kept whole. */
type Answer<T> = Loadable & { data: T };

const collection = <T>(adapter: EntityAdapter<T, number>): Collection<T> => adapter.getInitialState(notLoaded());
const answer = <T>(data: T): Answer<T> => ({ ...notLoaded(), data });

/** The forms that write a record: each starts blank again once its record is written. */
export type WrittenKind = 'voucher' | 'norm' | 'lot';

/*
 * The metal ledger as this session has read it. Vouchers, balances and statements are read when a
 * screen opens, and again when the live channel tells of a voucher written or answered; the purity
 * table once.
 */
export interface MetalState {
  purities: Collection<PurityDto>;
  vouchers: Collection<VoucherSummaryDto>;
  /** Vouchers read whole, with their lines, by id. */
  details: Record<number, VoucherDto>;
  balances: Answer<BalanceDto[]>;
  statement: Answer<StatementDto | null> & { query: StatementQuery | null };
  receivable: Answer<ReceivablePieceDto[]> & { workshopId: number | null };
  /** Loss over the period last asked for. */
  loss: Answer<LossRowDto[]> & { query: LossQuery | null; workshops: WorkshopLossDto[] };
  norms: Collection<NormDto>;
  karats: Collection<KaratDto>;
  /** Refining lots. */
  refining: Collection<RefiningLotDto>;
  /** The day before which the periods are closed; null while none is. */
  lock: Answer<string | null>;
  /** A voucher written, answered or a purity changed: one at a time, its outcome in `notice`. */
  busy: boolean;
  notice: NoticeLike | null;
  /** What the last write that succeeded wrote; null from the start of the next one. */
  written: { kind: WrittenKind; id: number } | null;
}

const initialState: MetalState = {
  purities: collection(purityAdapter),
  vouchers: collection(voucherAdapter),
  details: {},
  balances: answer([]),
  statement: { ...answer(null), query: null },
  receivable: { ...answer([]), workshopId: null },
  loss: { ...answer([]), query: null, workshops: [] },
  norms: collection(normAdapter),
  karats: collection(karatAdapter),
  refining: collection(lotAdapter),
  lock: answer(null),
  busy: false,
  notice: null,
  written: null,
};

const summaryOf = ({ lines: _lines, ...voucher }: VoucherDto): VoucherSummaryDto => voucher;

/** The voucher in the list and among the details. */
function keepVoucher(state: MetalState, voucher: VoucherDto) {
  state.details[voucher.id] = voucher;
  voucherAdapter.setOne(state.vouchers, summaryOf(voucher));
}

const started = (state: MetalState) => {
  state.busy = true;
  state.notice = null;
  state.written = null;
};

export const metalSlice = createSlice({
  name: 'metal',
  initialState,
  reducers: {
    puritiesRequested: (state) => loadAsked(state.purities),
    puritiesLoaded: (state, action: PayloadAction<PurityDto[]>) => {
      purityAdapter.setAll(state.purities, action.payload);
      loaded(state.purities);
    },
    vouchersRequested: (state) => loading(state.vouchers),
    vouchersLoaded: (state, action: PayloadAction<VoucherSummaryDto[]>) => {
      voucherAdapter.setAll(state.vouchers, action.payload);
      loaded(state.vouchers);
    },
    voucherRequested: (_state, _action: PayloadAction<number>) => undefined,
    voucherLoaded: (state, action: PayloadAction<VoucherDto>) => {
      keepVoucher(state, action.payload);
    },
    balancesRequested: (state) => loading(state.balances),
    balancesLoaded: (state, action: PayloadAction<BalanceDto[]>) => {
      state.balances.data = action.payload;
      loaded(state.balances);
    },
    statementRequested: (state, action: PayloadAction<StatementQuery>) => {
      loading(state.statement);
      state.statement.query = action.payload;
    },
    statementLoaded: (state, action: PayloadAction<StatementDto>) => {
      state.statement.data = action.payload;
      loaded(state.statement);
    },
    receivableRequested: (state, action: PayloadAction<number>) => {
      loading(state.receivable);
      state.receivable.workshopId = action.payload;
      state.receivable.data = [];
    },
    receivableLoaded: (state, action: PayloadAction<{ workshopId: number; pieces: ReceivablePieceDto[] }>) => {
      if (state.receivable.workshopId !== action.payload.workshopId) return;
      state.receivable.data = action.payload.pieces;
      loaded(state.receivable);
    },
    lossRequested: (state, action: PayloadAction<LossQuery>) => {
      loading(state.loss);
      state.loss.query = action.payload;
    },
    lossLoaded: (state, action: PayloadAction<{ loss: LossRowDto[]; workshops: WorkshopLossDto[] }>) => {
      loaded(state.loss);
      state.loss.data = action.payload.loss;
      state.loss.workshops = action.payload.workshops;
    },
    normsRequested: (state) => loading(state.norms),
    normsLoaded: (state, action: PayloadAction<NormDto[]>) => {
      normAdapter.setAll(state.norms, action.payload);
      loaded(state.norms);
    },
    karatsRequested: (state) => loading(state.karats),
    karatsLoaded: (state, action: PayloadAction<KaratDto[]>) => {
      karatAdapter.setAll(state.karats, action.payload);
      loaded(state.karats);
    },
    refiningRequested: (state) => loading(state.refining),
    refiningLoaded: (state, action: PayloadAction<RefiningLotDto[]>) => {
      lotAdapter.setAll(state.refining, action.payload);
      loaded(state.refining);
    },
    // Read again, the lock shown stays until the answer: the admin may be typing a day beneath it.
    lockRequested: (state) => loadAsked(state.lock),
    lockLoaded: (state, action: PayloadAction<string | null>) => {
      state.lock.data = action.payload;
      loaded(state.lock);
    },
    /** A read failed: `part` names which list shows the sentence. */
    readFailed: (state, action: PayloadAction<{ part: 'purities' | 'vouchers' | 'balances' | 'statement' | 'receivable' | 'loss' | 'norms' | 'karats' | 'refining' | 'lock'; notice: NoticeLike }>) => {
      loadFailed(state[action.payload.part], action.payload.notice);
    },
    voucherCreateRequested: (state, _action: PayloadAction<VoucherInput>) => started(state),
    voucherConfirmRequested: (state, _action: PayloadAction<number>) => started(state),
    voucherDisputeRequested: (state, _action: PayloadAction<{ id: number; reason: string }>) => started(state),
    purityUpdateRequested: (state, _action: PayloadAction<{ id: number; milyem: number }>) => started(state),
    normAddRequested: (state, _action: PayloadAction<NormInput>) => started(state),
    karatUpdateRequested: (state, _action: PayloadAction<{ optionValueId: number; purityId: number | null }>) => started(state),
    refiningLotCreateRequested: (state, _action: PayloadAction<RefiningLotInput>) => started(state),
    /** Closes the periods before the day (YYYY-MM-DD). */
    lockUpdateRequested: (state, _action: PayloadAction<string>) => started(state),
    voucherSaved: (state, action: PayloadAction<{ voucher: VoucherDto; message: Sentence }>) => {
      keepVoucher(state, action.payload.voucher);
      state.busy = false;
      state.written = { kind: 'voucher', id: action.payload.voucher.id };
      state.notice = { kind: 'success', ...action.payload.message };
    },
    puritySaved: (state, action: PayloadAction<{ purity: PurityDto; message: Sentence }>) => {
      purityAdapter.updateOne(state.purities, { id: action.payload.purity.id, changes: action.payload.purity });
      state.busy = false;
      state.notice = { kind: 'success', ...action.payload.message };
    },
    normSaved: (state, action: PayloadAction<{ norm: NormDto; message: Sentence }>) => {
      normAdapter.addOne(state.norms, action.payload.norm);
      state.busy = false;
      state.written = { kind: 'norm', id: action.payload.norm.id };
      state.notice = { kind: 'success', ...action.payload.message };
    },
    karatSaved: (state, action: PayloadAction<{ karat: KaratDto; message: Sentence }>) => {
      karatAdapter.updateOne(state.karats, { id: action.payload.karat.option_value_id, changes: action.payload.karat });
      state.busy = false;
      state.notice = { kind: 'success', ...action.payload.message };
    },
    refiningLotSaved: (state, action: PayloadAction<{ lot: RefiningLotDto; message: Sentence }>) => {
      lotAdapter.addOne(state.refining, action.payload.lot);
      state.busy = false;
      state.written = { kind: 'lot', id: action.payload.lot.id };
      state.notice = { kind: 'success', ...action.payload.message };
    },
    lockSaved: (state, action: PayloadAction<{ lockedBefore: string; message: Sentence }>) => {
      state.lock.data = action.payload.lockedBefore;
      loaded(state.lock);
      state.busy = false;
      state.notice = { kind: 'success', ...action.payload.message };
    },
    writeFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.busy = false;
      state.notice = action.payload;
    },
    /** A screen left: its last sentence goes with it. */
    noticeCleared: (state) => {
      if (!state.busy) state.notice = null;
    },
  },
  // Another user's session starts with nothing of the last one.
  extraReducers: (builder) => builder.addMatcher(isAnyOf(loggedIn, loggedOut), () => initialState),
});

export const {
  puritiesRequested,
  puritiesLoaded,
  vouchersRequested,
  vouchersLoaded,
  voucherRequested,
  voucherLoaded,
  balancesRequested,
  balancesLoaded,
  statementRequested,
  statementLoaded,
  receivableRequested,
  receivableLoaded,
  lossRequested,
  lossLoaded,
  normsRequested,
  normsLoaded,
  karatsRequested,
  karatsLoaded,
  refiningRequested,
  refiningLoaded,
  lockRequested,
  lockLoaded,
  readFailed,
  voucherCreateRequested,
  voucherConfirmRequested,
  voucherDisputeRequested,
  purityUpdateRequested,
  normAddRequested,
  karatUpdateRequested,
  refiningLotCreateRequested,
  lockUpdateRequested,
  voucherSaved,
  puritySaved,
  normSaved,
  karatSaved,
  refiningLotSaved,
  lockSaved,
  writeFailed,
  noticeCleared,
} = metalSlice.actions;

type State = { metal: MetalState };
export const selectMetal = (state: State) => state.metal;
/** A collection as screens read it: the state of its read and its records in order, the same object until either changes. */
const listOf = <T>(adapter: EntityAdapter<T, number>, held: (state: State) => Collection<T>) => {
  const { selectAll } = adapter.getSelectors();
  return createSelector([held], ({ status, notice, ...records }) => ({ status, notice, data: selectAll(records) }));
};
export const selectPurities = listOf(purityAdapter, (state) => state.metal.purities);
export const selectPuritiesStatus = (state: State) => state.metal.purities.status;
export const selectVouchers = listOf(voucherAdapter, (state) => state.metal.vouchers);
export const selectVoucherDetail = (state: State, id: number): VoucherDto | undefined => state.metal.details[id];
export const selectBalances = (state: State) => state.metal.balances;
export const selectStatement = (state: State) => state.metal.statement;
export const selectReceivable = (state: State) => state.metal.receivable;
export const selectLoss = (state: State) => state.metal.loss;
export const selectNorms = listOf(normAdapter, (state) => state.metal.norms);
export const selectKarats = listOf(karatAdapter, (state) => state.metal.karats);
export const selectRefining = listOf(lotAdapter, (state) => state.metal.refining);
export const selectWritten = (state: State) => state.metal.written;
export const selectLock = (state: State) => state.metal.lock;
