import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductLinesDto } from '../../../shared/api';
import type { WorkshopCards } from '../../../shared/figures';
import { type Loadable, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import type { NoticeLike } from '../../components/NoticeView';
import { loggedOut } from '../session';

/**
 * The workshop's figures as the server counts them over every line of the workshop (not only the
 * lines the tablet has loaded): the statistic cards and the products its lines name. Each is read
 * when its screen opens and again after the lines change; the last figures stay shown meanwhile.
 */
export interface WorkshopFiguresState {
  cards: Loadable & { data: WorkshopCards | null };
  products: Loadable & { data: ProductLinesDto[] };
  scan: ScanState;
}

/**
 * What the tablet does with a scanned code, and what its last scan came to: its line opened, its
 * line moved on (the line's action tells how that went), or refused with a sentence. `seq` counts
 * the scans, so a screen acts on each new one once and not on one made before it opened.
 */
export interface ScanState {
  advance: boolean;
  seq: number;
  last: { kind: 'open' | 'advance'; id: number } | { kind: 'refused'; notice: NoticeLike } | null;
}

const initialState: WorkshopFiguresState = {
  cards: { ...notLoaded(), data: null },
  products: { ...notLoaded(), data: [] },
  scan: { advance: false, seq: 0, last: null },
};

export const workshopFiguresSlice = createSlice({
  name: 'workshopFigures',
  initialState,
  reducers: {
    cardsRequested: (state) => loading(state.cards),
    cardsLoaded: (state, action: PayloadAction<WorkshopCards>) => {
      state.cards.data = action.payload;
      loaded(state.cards);
    },
    cardsFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state.cards, action.payload),
    productLinesRequested: (state) => loading(state.products),
    productLinesLoaded: (state, action: PayloadAction<ProductLinesDto[]>) => {
      state.products.data = action.payload;
      loaded(state.products);
    },
    productLinesFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state.products, action.payload),
    /** A code read by the scanner or the camera; the saga finds its line. */
    codeScanned: (_state, _action: PayloadAction<string>) => {},
    scanAdvanceSet: (state, action: PayloadAction<boolean>) => {
      state.scan.advance = action.payload;
    },
    scanResolved: (state, action: PayloadAction<{ kind: 'open' | 'advance'; id: number }>) => {
      state.scan.seq += 1;
      state.scan.last = action.payload;
    },
    scanRefused: (state, action: PayloadAction<NoticeLike>) => {
      state.scan.seq += 1;
      state.scan.last = { kind: 'refused', notice: action.payload };
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const {
  cardsRequested,
  cardsLoaded,
  cardsFailed,
  productLinesRequested,
  productLinesLoaded,
  productLinesFailed,
  codeScanned,
  scanAdvanceSet,
  scanResolved,
  scanRefused,
} = workshopFiguresSlice.actions;
type State = { workshopFigures: WorkshopFiguresState };
export const selectWorkshopCards = (state: State) => state.workshopFigures.cards;
export const selectProductLines = (state: State) => state.workshopFigures.products;
export const selectScan = (state: State) => state.workshopFigures.scan;
