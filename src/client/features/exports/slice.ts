import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NoticeLike } from '../../components/NoticeView';
import type { Sheet } from '../../components/excel';

/** A screen's export: the cells it decided on and the sentences for an empty list and a failure. */
export interface ExportRequest extends Sheet {
  /** Which screen's export this is; its state is kept under this key. */
  key: string;
  emptyKey: string;
  failedKey: string;
}

export interface ExportState {
  status: 'busy' | 'done' | 'failed';
  notice: NoticeLike | null;
}

export const exportsSlice = createSlice({
  name: 'exports',
  initialState: {} as Record<string, ExportState>,
  reducers: {
    exportRequested: (state, action: PayloadAction<ExportRequest>) => {
      state[action.payload.key] = { status: 'busy', notice: null };
    },
    exportFinished: (state, action: PayloadAction<{ key: string; notice: NoticeLike | null }>) => {
      state[action.payload.key] = { status: action.payload.notice ? 'failed' : 'done', notice: action.payload.notice };
    },
    exportCleared: (state, action: PayloadAction<string>) => {
      delete state[action.payload];
    },
  },
});

export const { exportRequested, exportFinished, exportCleared } = exportsSlice.actions;

export const selectExport = (state: { exports: Record<string, ExportState> }, key: string): ExportState | undefined => state.exports[key];
