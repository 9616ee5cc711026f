import type { Action } from '@reduxjs/toolkit';
import { call, delay, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { DEFAULT_SETTINGS, type GeneralSettings } from '../../../shared/schemas/settings';
import { failure } from '../../api/failure';
import { SHEET_ROWS_MAX, type SheetColumn, type SheetSource, saveFile, sheetLayout, sheetRows, takeSheet } from '../../components/excel';
import type { NoticeLike } from '../../components/NoticeView';
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

type Rows = readonly unknown[] | null;

/** The rows of a source a part at a time: all at once (and at once) when they are at hand, else as read. */
function rowsOf(source: SheetSource<unknown>): () => Rows | Promise<Rows> {
  if ('next' in source) return source.next;
  let given = false;
  return () => (given ? null : ((given = true), source.rows));
}

/**
 * Writes the rows as they come, each part in slices; a sheet's last row is Excel's. Answers the
 * sentence that goes with the saved file (the rows left out past the sheet's limit), or null.
 */
function* writeSheet({ key, fileName, sheetName, sheet }: ExportRequest, columns: readonly SheetColumn<unknown>[], first: readonly unknown[], next: () => Rows | Promise<Rows>) {
  const settings: GeneralSettings | null = yield select(selectGeneralSettings);
  const layout = sheetLayout(sheetName, columns, settings?.time_zone ?? DEFAULT_SETTINGS.time_zone);
  const writer: SheetWriter = yield call(openSheetWriter, layout);
  try {
    let size = FIRST_SLICE_ROWS;
    let told = 0;
    let written = 0;
    // A sheet of known size tells each hundredth written; one read as written, each slice.
    const step = sheet.rows === null ? 1 : Math.max(1, Math.ceil(sheet.rows / 100));
    let capped = false;
    for (let rows: Rows = first; rows && rows.length > 0; rows = yield call(next)) {
      const end = Math.min(rows.length, SHEET_ROWS_MAX - written);
      for (let from = 0; from < end; ) {
        const started = performance.now();
        const cells = sheetRows(columns, rows, from, Math.min(end, from + size));
        // Copies the slice to the writer now; settles once the writer has no slice before it.
        const sent = writer.write(cells);
        from += cells.length;
        size = nextSliceRows(cells.length, performance.now() - started);
        yield call(() => sent);
        if (writer.written() - told >= step || writer.written() === sheet.rows) {
          told = writer.written();
          yield put(exportProgressed({ key, written: told }));
        }
        yield delay(0);
      }
      // The next part is asked for once this one is handed over: a part or two at a time stand in memory.
      written += end;
      if (written >= SHEET_ROWS_MAX) {
        const more: Rows = end < rows.length ? rows : yield call(next);
        capped = (more?.length ?? 0) > 0;
        break;
      }
    }
    const file: Blob = yield call([writer, writer.finish]);
    yield call(saveFile, file, fileName);
    return capped ? { kind: 'info', key: 'common:export.capped', params: { count: SHEET_ROWS_MAX } } : null;
  } finally {
    writer.close();
  }
}

function* writeExport(request: ExportRequest, source: SheetSource<unknown>) {
  const { key, emptyKey, failedKey } = request;
  try {
    const next = rowsOf(source);
    const first: Rows = yield call(next);
    if (!first || first.length === 0) {
      yield put(exportFinished({ key, notice: { kind: 'error', key: emptyKey } }));
      return;
    }
    const notice: NoticeLike | null = yield call(writeSheet, request, source.columns, first, next);
    yield put(exportFinished({ key, notice }));
  } catch (error) {
    // A page that could not be read says the server's reason; a writer's failure, the screen's sentence.
    yield put(exportFinished({ key, notice: failure(error, failedKey) }));
  }
}

/**
 * Writes the sheet a screen handed over. It ends early when the user cancels it or asks for the
 * same export again; the writer is closed either way (the worker is terminated), and no more rows
 * are read.
 */
function* exportSheet(action: ReturnType<typeof exportRequested>) {
  const request = action.payload;
  const source = takeSheet(request.sheet);
  if (!source) {
    yield put(exportFinished({ key: request.key, notice: { kind: 'error', key: request.failedKey } }));
    return;
  }
  yield race({
    written: call(writeExport, request, source),
    canceled: take((a: Action) => exportCanceled.match(a) && a.payload === request.key),
    replaced: take((a: Action) => exportRequested.match(a) && a.payload.key === request.key),
  });
}

export function* exportsSaga() {
  yield takeEvery(exportRequested.type, exportSheet);
}
