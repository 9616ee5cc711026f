import type { Action } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import { call, cancel, fork, put, race, select, take, takeLatest } from 'redux-saga/effects';
import { API, type ArchiveLineDto, type LineArchiveDto } from '../../../shared/api';
import { ARCHIVE_PAGE_MAX } from '../../../shared/schemas/archive';
import { callAndStore } from '../../api/callAndStore';
import { failure } from '../../api/failure';
import { http } from '../../api/http';
import { sheetCells } from '../../components/excel';
import { exportCanceled, exportRequested } from '../exports';
import { archiveSheetColumns } from './columns';
import { pageQuery } from './query';
import { archiveExportEnded, archiveExportRead, archiveExportRequested, archiveFailed, archiveMoreRequested, archivePageLoaded, archiveSearched, selectArchive, type ArchiveState } from './slice';

/** The key of the archive's export in the exports slice. */
export const ARCHIVE_EXPORT_KEY = 'archive';
/** The most lines one export writes: a query holding more is written this far, with a sentence. */
export const ARCHIVE_EXPORT_MAX = 100_000;

/** A page as the store takes it: an answer without lines holds none, and nothing after it. */
async function pageOf(query: string, after: string | null, limit?: number): Promise<LineArchiveDto> {
  const answer: Partial<LineArchiveDto> | null = await http.get(`${API.lineArchive}?${pageQuery(query, after, limit)}`);
  return { orders: answer?.orders ?? [], has_more: answer?.has_more === true, next: answer?.next ?? null };
}

function* readPage(query: string, after: string | null) {
  yield* callAndStore(call(pageOf, query, after), archivePageLoaded, archiveFailed, 'archive:failed');
}

/** A new search replaces a read under way; a 'Daha fazla' the slice ignored (nothing more, or a read under way) reads nothing. */
function* readPages() {
  let reading: Task | null = null;
  for (;;) {
    const action: Action = yield take([archiveSearched.type, archiveMoreRequested.type]);
    const { query, next, more }: ArchiveState = yield select(selectArchive);
    const asksMore = archiveMoreRequested.match(action);
    if (query === null || (asksMore && !more)) continue;
    if (reading) yield cancel(reading);
    reading = yield fork(readPage, query, asksMore ? next : null);
  }
}

/**
 * Reads every page of the query, the largest the server gives, and hands the lines to the export
 * saga, which writes them with its progress; past ARCHIVE_EXPORT_MAX it stops reading and says so.
 */
function* readAllPages({ payload }: ReturnType<typeof archiveExportRequested>) {
  const lines: ArchiveLineDto[] = [];
  let after: string | null = null;
  let capped = false;
  try {
    do {
      const page: LineArchiveDto = yield call(pageOf, payload.query, after, ARCHIVE_PAGE_MAX);
      lines.push(...page.orders.slice(0, ARCHIVE_EXPORT_MAX - lines.length));
      after = page.has_more ? page.next : null;
      yield put(archiveExportRead(lines.length));
      capped = after !== null && lines.length >= ARCHIVE_EXPORT_MAX;
    } while (after && !capped);
  } catch (error) {
    yield put(archiveExportEnded(failure(error, 'archive:export.failed')));
    return;
  }
  yield put(archiveExportEnded(capped ? { kind: 'info', key: 'archive:export.capped', params: { count: ARCHIVE_EXPORT_MAX } } : null));
  const cells = sheetCells(archiveSheetColumns(payload.words), lines);
  yield put(exportRequested({ key: ARCHIVE_EXPORT_KEY, fileName: payload.fileName, sheetName: payload.sheetName, ...cells, emptyKey: 'archive:export.empty', failedKey: 'archive:export.failed' }));
}

/** An export of the query ends early when the user cancels it. */
function* exportArchive(action: ReturnType<typeof archiveExportRequested>) {
  const { canceled } = yield race({
    read: call(readAllPages, action),
    canceled: take((a: Action) => exportCanceled.match(a) && a.payload === ARCHIVE_EXPORT_KEY),
  });
  if (canceled) yield put(archiveExportEnded(null));
}

export function* archiveSaga() {
  yield fork(readPages);
  yield takeLatest(archiveExportRequested.type, exportArchive);
}
