import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NoticeLike } from '../../components/NoticeView';
import { loggedOut } from '../session';

/**
 * What the order grid made of the last code scanned on it. A code among its rows selects and
 * shows the row, and leaves nothing to say; any other scan is told in one sentence:
 * - `hidden`: a row of the grid that its filters leave out;
 * - `looking`: not among the rows, asked of the server;
 * - `elsewhere`: a line the server knows but the grid's rows do not hold (closed before the
 *   working set's window, or outside the archive query shown), offered to open from the archive;
 * - `refused`: no line has the code, or the server could not be asked.
 */
export type GridScan =
  | { kind: 'hidden'; code: string; id: number }
  | { kind: 'looking'; code: string }
  | { kind: 'elsewhere'; code: string; id: number }
  | { kind: 'refused'; code: string; notice: NoticeLike };

export interface GridScanState {
  last: GridScan | null;
}

const initialState: GridScanState = { last: null };

export const gridScanSlice = createSlice({
  name: 'gridScan',
  initialState,
  reducers: {
    /** The scanned row was shown, or the sentence was read: nothing left to say. */
    gridScanCleared: (state) => {
      state.last = null;
    },
    gridScanHidden: (state, action: PayloadAction<{ code: string; id: number }>) => {
      state.last = { kind: 'hidden', ...action.payload };
    },
    /** A code none of the grid's rows has: the saga asks the server for its line. */
    gridCodeAsked: (state, action: PayloadAction<string>) => {
      state.last = { kind: 'looking', code: action.payload };
    },
    gridCodeFound: (state, action: PayloadAction<{ code: string; id: number }>) => {
      if (state.last?.kind === 'looking' && state.last.code === action.payload.code) state.last = { kind: 'elsewhere', ...action.payload };
    },
    gridCodeRefused: (state, action: PayloadAction<{ code: string; notice: NoticeLike }>) => {
      if (state.last?.kind === 'looking' && state.last.code === action.payload.code) state.last = { kind: 'refused', ...action.payload };
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const { gridScanCleared, gridScanHidden, gridCodeAsked, gridCodeFound, gridCodeRefused } = gridScanSlice.actions;

export const selectGridScan = (state: { gridScan: GridScanState }) => state.gridScan.last;
