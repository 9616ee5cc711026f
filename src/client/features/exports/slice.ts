import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SheetRef } from '../../components/excel';
import type { NoticeLike } from '../../components/NoticeView';

/**
 * A screen's export: the sheet it handed over (`...sheetCells(columns, rows)`), the file's and the
 * sheet's names, and the sentences for an empty list and a failure.
 */
export interface ExportRequest {
  /** Which screen's export this is; its state is kept under this key. */
  key: string;
  fileName: string;
  sheetName: string;
  sheet: SheetRef;
  emptyKey: string;
  failedKey: string;
}

export interface ExportState {
  status: 'busy' | 'done' | 'failed';
  notice: NoticeLike | null;
}

interface ExportsState {
  byKey: Record<string, ExportState>;
  /*
   * How far each busy export is, 0 to 1, apart from its status: a screen that watches its export's
   * status is not drawn again for every step of the progress bar.
   */
  progress: Record<string, number>;
}

const initialState: ExportsState = { byKey: {}, progress: {} };

export const exportsSlice = createSlice({
  name: 'exports',
  initialState,
  reducers: {
    exportRequested: (state, action: PayloadAction<ExportRequest>) => {
      state.byKey[action.payload.key] = { status: 'busy', notice: null };
      state.progress[action.payload.key] = 0;
    },
    exportProgressed: (state, action: PayloadAction<{ key: string; progress: number }>) => {
      const { key, progress } = action.payload;
      if (state.byKey[key]?.status === 'busy') state.progress[key] = Math.min(1, Math.max(0, progress));
    },
    exportFinished: (state, action: PayloadAction<{ key: string; notice: NoticeLike | null }>) => {
      state.byKey[action.payload.key] = { status: action.payload.notice ? 'failed' : 'done', notice: action.payload.notice };
      delete state.progress[action.payload.key];
    },
    /** The user stopped the export: no file, no sentence. */
    exportCanceled: (state, action: PayloadAction<string>) => {
      delete state.byKey[action.payload];
      delete state.progress[action.payload];
    },
    /** A screen left: its sentence goes, but an export under way goes on and saves its file. */
    exportCleared: (state, action: PayloadAction<string>) => {
      if (state.byKey[action.payload]?.status !== 'busy') delete state.byKey[action.payload];
    },
  },
});

export const { exportRequested, exportProgressed, exportFinished, exportCanceled, exportCleared } = exportsSlice.actions;

type State = { exports: ExportsState };

export const selectExport = (state: State, key: string): ExportState | undefined => state.exports.byKey[key];

/** How far the export under `key` is, 0 to 1. */
export const selectExportProgress = (state: State, key: string): number => state.exports.progress[key] ?? 0;
