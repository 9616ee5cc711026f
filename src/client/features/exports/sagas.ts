import type { Action } from '@reduxjs/toolkit';
import { call, delay, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { DEFAULT_SETTINGS, type GeneralSettings } from '../../../shared/schemas/settings';
import { type SheetSource, saveFile, sheetLayout, sheetRows, takeSheet } from '../../components/excel';
import { openSheetWriter, type SheetWriter } from '../../components/sheetWriter';
import { selectGeneralSettings } from '../settings';
import { exportCanceled, exportFinished, exportProgressed, exportRequested, type ExportRequest } from './slice';

/*
 * The page's share of an export is making the cells and copying them into the worker's message. It
 * does that a slice at a time, each sized to take about this long, and lets the page draw and
 * answer between slices; the export worker writes and deflates meanwhile.
 */
const SLICE_MS = 16;
const FIRST_SLICE_ROWS = 200;
const MAX_SLICE_ROWS = 5000;

/** Rows in the next slice, so that making and sending its cells takes about SLICE_MS. */
export function nextSliceRows(rows: number, spentMs: number): number {
  const scaled = spentMs > 0 ? Math.round((rows * SLICE_MS) / spentMs) : rows * 2;
  // At most doubled or halved at a time: one slow slice (a collection pause) does not swing it.
  return Math.max(1, Math.min(MAX_SLICE_ROWS, rows * 2, Math.max(Math.floor(rows / 2), scaled)));
}

function* writeSheet({ key, fileName, sheetName }: ExportRequest, { columns, rows }: SheetSource<unknown>) {
  const settings: GeneralSettings | null = yield select(selectGeneralSettings);
  const layout = sheetLayout(sheetName, columns, settings?.time_zone ?? DEFAULT_SETTINGS.time_zone);
  const writer: SheetWriter = yield call(openSheetWriter, layout);
  try {
    let size = FIRST_SLICE_ROWS;
    let percent = 0;
    for (let from = 0; from < rows.length; ) {
      const started = performance.now();
      const cells = sheetRows(columns, rows, from, from + size);
      // Copies the slice to the writer now; settles once the writer has no slice before it.
      const sent = writer.write(cells);
      from += cells.length;
      size = nextSliceRows(cells.length, performance.now() - started);
      yield call(() => sent);
      const now = Math.floor((writer.written() / rows.length) * 100);
      if (now > percent) {
        percent = now;
        yield put(exportProgressed({ key, progress: now / 100 }));
      }
      yield delay(0);
    }
    const file: Blob = yield call([writer, writer.finish]);
    yield call(saveFile, file, fileName);
  } finally {
    writer.close();
  }
}

function* writeExport(request: ExportRequest, source: SheetSource<unknown>) {
  try {
    yield call(writeSheet, request, source);
    yield put(exportFinished({ key: request.key, notice: null }));
  } catch {
    yield put(exportFinished({ key: request.key, notice: { kind: 'error', key: request.failedKey } }));
  }
}

/**
 * Writes the sheet a screen handed over. It ends early when the user cancels it or asks for the
 * same export again; the writer is closed either way (the worker is terminated).
 */
function* exportSheet(action: ReturnType<typeof exportRequested>) {
  const request = action.payload;
  const { key, emptyKey, failedKey } = request;
  const source = takeSheet(request.sheet);
  if (!source) {
    yield put(exportFinished({ key, notice: { kind: 'error', key: failedKey } }));
    return;
  }
  if (source.rows.length === 0) {
    yield put(exportFinished({ key, notice: { kind: 'error', key: emptyKey } }));
    return;
  }
  yield race({
    written: call(writeExport, request, source),
    canceled: take((a: Action) => exportCanceled.match(a) && a.payload === key),
    replaced: take((a: Action) => exportRequested.match(a) && a.payload.key === key),
  });
}

export function* exportsSaga() {
  yield takeEvery(exportRequested.type, exportSheet);
}
