import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { BalanceDto, KaratDto, LossRowDto, NormDto, PurityDto, ReceivablePieceDto, RefiningLotDto, StatementDto, VoucherDto, VoucherSummaryDto, WorkshopLossDto } from '../../../shared/metal-api';
import type { NormInput, RefiningLotInput, VoucherInput } from '../../../shared/schemas/metal';
import type { LoadStatus } from '../../api/loadable';
import { loadAsked } from '../../api/loadable';
import type { NoticeLike, Sentence } from '../../components/NoticeView';
import { loggedIn, loggedOut } from '../session';
import type { LossQuery, StatementQuery } from './types';

interface Loaded<T> {
  status: LoadStatus;
  notice: NoticeLike | null;
  data: T;
}

/*
 * The metal ledger as this session has read it. Vouchers, balances and statements are read when a
 * screen opens, and again when the live channel tells of a voucher written or answered; the purity
 * table once.
 */
export interface MetalState {
  purities: Loaded<PurityDto[]>;
  vouchers: Loaded<VoucherSummaryDto[]>;
  /** Vouchers read whole, with their lines, by id. */
  details: Record<number, VoucherDto>;
  balances: Loaded<BalanceDto[]>;
  statement: Loaded<StatementDto | null> & { query: StatementQuery | null };
  receivable: Loaded<ReceivablePieceDto[]> & { workshopId: number | null };
  /** Loss over the period last asked for. */
  loss: Loaded<LossRowDto[]> & { query: LossQuery | null; workshops: WorkshopLossDto[] };
  norms: Loaded<NormDto[]>;
  karats: Loaded<KaratDto[]>;
  /** Refining lots, newest first. */
  refining: Loaded<RefiningLotDto[]>;
  /** The day before which the periods are closed; null while none is. */
  lock: Loaded<string | null>;
  /** A voucher written, answered or a purity changed: one at a time, its outcome in `notice`. */
  busy: boolean;
  notice: NoticeLike | null;
  /** Counts vouchers written: the screen mounts the voucher form anew after each, blank. */
  saves: number;
  /** Counts norms added, so the norm form empties itself. */
  normSaves: number;
  /** Counts refining lots recorded, so the lot form is mounted anew. */
  refiningSaves: number;
}

const loaded = <T>(data: T): Loaded<T> => ({ status: 'idle', notice: null, data });

const initialState: MetalState = {
  purities: loaded([]),
  vouchers: loaded([]),
  details: {},
  balances: loaded([]),
  statement: { ...loaded(null), query: null },
  receivable: { ...loaded([]), workshopId: null },
  loss: { ...loaded([]), query: null, workshops: [] },
  norms: loaded([]),
  karats: loaded([]),
  refining: loaded([]),
  lock: loaded(null),
  busy: false,
  notice: null,
  saves: 0,
  normSaves: 0,
  refiningSaves: 0,
};

const loading = (state: Loaded<unknown>) => {
  state.status = 'loading';
  state.notice = null;
};

const summaryOf = ({ lines: _lines, ...voucher }: VoucherDto): VoucherSummaryDto => voucher;

/** The voucher in the list and among the details, newest first as the server sorts them. */
function keepVoucher(state: MetalState, voucher: VoucherDto) {
  state.details[voucher.id] = voucher;
  const list = state.vouchers.data;
  const at = list.findIndex((v) => v.id === voucher.id);
  if (at >= 0) list[at] = summaryOf(voucher);
  else {
    list.push(summaryOf(voucher));
    list.sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1));
  }
}

const started = (state: MetalState) => {
  state.busy = true;
  state.notice = null;
};

export const metalSlice = createSlice({
  name: 'metal',
  initialState,
  reducers: {
    puritiesRequested: (state) => loadAsked(state.purities),
    puritiesLoaded: (state, action: PayloadAction<PurityDto[]>) => {
      state.purities = { status: 'ready', notice: null, data: action.payload };
    },
    vouchersRequested: (state) => loading(state.vouchers),
    vouchersLoaded: (state, action: PayloadAction<VoucherSummaryDto[]>) => {
      state.vouchers = { status: 'ready', notice: null, data: action.payload };
    },
    voucherRequested: (_state, _action: PayloadAction<number>) => undefined,
    voucherLoaded: (state, action: PayloadAction<VoucherDto>) => {
      keepVoucher(state, action.payload);
    },
    balancesRequested: (state) => loading(state.balances),
    balancesLoaded: (state, action: PayloadAction<BalanceDto[]>) => {
      state.balances = { status: 'ready', notice: null, data: action.payload };
    },
    statementRequested: (state, action: PayloadAction<StatementQuery>) => {
      loading(state.statement);
      state.statement.query = action.payload;
    },
    statementLoaded: (state, action: PayloadAction<StatementDto>) => {
      state.statement.status = 'ready';
      state.statement.data = action.payload;
    },
    receivableRequested: (state, action: PayloadAction<number>) => {
      loading(state.receivable);
      state.receivable.workshopId = action.payload;
      state.receivable.data = [];
    },
    receivableLoaded: (state, action: PayloadAction<{ workshopId: number; pieces: ReceivablePieceDto[] }>) => {
      if (state.receivable.workshopId !== action.payload.workshopId) return;
      state.receivable.status = 'ready';
      state.receivable.data = action.payload.pieces;
    },
    lossRequested: (state, action: PayloadAction<LossQuery>) => {
      loading(state.loss);
      state.loss.query = action.payload;
    },
    lossLoaded: (state, action: PayloadAction<{ loss: LossRowDto[]; workshops: WorkshopLossDto[] }>) => {
      state.loss.status = 'ready';
      state.loss.data = action.payload.loss;
      state.loss.workshops = action.payload.workshops;
    },
    normsRequested: (state) => loading(state.norms),
    normsLoaded: (state, action: PayloadAction<NormDto[]>) => {
      state.norms = { status: 'ready', notice: null, data: action.payload };
    },
    karatsRequested: (state) => loading(state.karats),
    karatsLoaded: (state, action: PayloadAction<KaratDto[]>) => {
      state.karats = { status: 'ready', notice: null, data: action.payload };
    },
    refiningRequested: (state) => loading(state.refining),
    refiningLoaded: (state, action: PayloadAction<RefiningLotDto[]>) => {
      state.refining = { status: 'ready', notice: null, data: action.payload };
    },
    // Read again, the lock shown stays until the answer: the admin may be typing a day beneath it.
    lockRequested: (state) => loadAsked(state.lock),
    lockLoaded: (state, action: PayloadAction<string | null>) => {
      state.lock = { status: 'ready', notice: null, data: action.payload };
    },
    /** A read failed: `part` names which list shows the sentence. */
    readFailed: (state, action: PayloadAction<{ part: 'purities' | 'vouchers' | 'balances' | 'statement' | 'receivable' | 'loss' | 'norms' | 'karats' | 'refining' | 'lock'; notice: NoticeLike }>) => {
      state[action.payload.part].status = 'failed';
      state[action.payload.part].notice = action.payload.notice;
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
      state.saves += 1;
      state.notice = { kind: 'success', ...action.payload.message };
    },
    puritySaved: (state, action: PayloadAction<{ purity: PurityDto; message: Sentence }>) => {
      const at = state.purities.data.findIndex((p) => p.id === action.payload.purity.id);
      if (at >= 0) state.purities.data[at] = action.payload.purity;
      state.busy = false;
      state.notice = { kind: 'success', ...action.payload.message };
    },
    normSaved: (state, action: PayloadAction<{ norm: NormDto; message: Sentence }>) => {
      state.norms.data.push(action.payload.norm);
      // As the server lists them: the finest milyem first, then in the order added.
      state.norms.data.sort((x, y) => y.milyem - x.milyem || x.id - y.id);
      state.busy = false;
      state.normSaves += 1;
      state.notice = { kind: 'success', ...action.payload.message };
    },
    karatSaved: (state, action: PayloadAction<{ karat: KaratDto; message: Sentence }>) => {
      const at = state.karats.data.findIndex((k) => k.option_value_id === action.payload.karat.option_value_id);
      if (at >= 0) state.karats.data[at] = action.payload.karat;
      state.busy = false;
      state.notice = { kind: 'success', ...action.payload.message };
    },
    refiningLotSaved: (state, action: PayloadAction<{ lot: RefiningLotDto; message: Sentence }>) => {
      const list = state.refining.data;
      list.push(action.payload.lot);
      // As the server lists them: the latest day first, then the latest recorded.
      list.sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1));
      state.busy = false;
      state.refiningSaves += 1;
      state.notice = { kind: 'success', ...action.payload.message };
    },
    lockSaved: (state, action: PayloadAction<{ lockedBefore: string; message: Sentence }>) => {
      state.lock = { status: 'ready', notice: null, data: action.payload.lockedBefore };
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
export const selectPurities = (state: State) => state.metal.purities;
export const selectPuritiesStatus = (state: State) => state.metal.purities.status;
export const selectVouchers = (state: State) => state.metal.vouchers;
export const selectVoucherDetail = (state: State, id: number): VoucherDto | undefined => state.metal.details[id];
export const selectBalances = (state: State) => state.metal.balances;
export const selectStatement = (state: State) => state.metal.statement;
export const selectReceivable = (state: State) => state.metal.receivable;
export const selectLoss = (state: State) => state.metal.loss;
export const selectNorms = (state: State) => state.metal.norms;
export const selectKarats = (state: State) => state.metal.karats;
export const selectRefining = (state: State) => state.metal.refining;
export const selectLock = (state: State) => state.metal.lock;
