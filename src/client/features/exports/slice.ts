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

/** How far a busy export is: rows written, of the sheet's rows when known ahead (null: read as written). */
interface ExportProgressState {
  written: number;
  total: number | null;
}

interface ExportsState {
  byKey: Record<string, ExportState>;
  /*
   * How far each busy export is, apart from its status: a screen that watches its export's status
   * is not drawn again for every step of the progress bar.
   */
  progress: Record<string, ExportProgressState>;
}

const initialState: ExportsState = { byKey: {}, progress: {} };

export const exportsSlice = createSlice({
  name: 'exports',
  initialState,
  reducers: {
    exportRequested: (state, action: PayloadAction<ExportRequest>) => {
      state.byKey[action.payload.key] = { status: 'busy', notice: null };
      state.progress[action.payload.key] = { written: 0, total: action.payload.sheet.rows };
    },
    exportProgressed: (state, action: PayloadAction<{ key: string; written: number }>) => {
      const { key, written } = action.payload;
      const progress = state.progress[key];
      if (state.byKey[key]?.status === 'busy' && progress) progress.written = Math.max(0, written);
    },
    /** The file is saved, or not: an error says why; another sentence (information) goes with a saved file. */
    exportFinished: (state, action: PayloadAction<{ key: string; notice: NoticeLike | null }>) => {
      const { notice } = action.payload;
      state.byKey[action.payload.key] = { status: notice?.kind === 'error' ? 'failed' : 'done', notice };
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

/** How far the export under `key` is, 0 to 1; null when its size is not known ahead. */
export function selectExportProgress(state: State, key: string): number | null {
  const progress = state.exports.progress[key];
  if (!progress) return 0;
  return progress.total === null ? null : progress.total > 0 ? Math.min(1, progress.written / progress.total) : 0;
}

/** The rows the export under `key` has written so far. */
export const selectExportWritten = (state: State, key: string): number => state.exports.progress[key]?.written ?? 0;
