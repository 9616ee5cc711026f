import type { Action } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import { call, cancel, fork, put, select, take, takeLatest } from 'redux-saga/effects';
import type { ArchiveLineDto } from '../../../shared/api';
import { ARCHIVE_PAGE_MAX } from '../../../shared/schemas/archive';
import { callAndStore } from '../../api/callAndStore';
import { failure } from '../../api/failure';
import { loggedOut } from '../session';
import { ARCHIVE_GRID_MAX } from './limits';
import { archivePages, pageOf } from './pages';
import { archiveFailed, archiveMoreRequested, archivePageLoaded, archiveRowsAsked, archiveRowsFailed, archiveRowsLeft, archiveRowsLoaded, archiveSearched, selectArchive, type ArchiveState } from './slice';

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

/*
 * The grid's lines go to the store in growing batches, each as large as what is there up to this:
 * the first rows show after one page, a hundred thousand lines take a score of copies of the table
 * rather than two hundred, and no batch is so large that the grid's adding it blocks the page.
 */
const BATCH_MAX = 10_000;

/** Reads the grid's query page after page up to ARCHIVE_GRID_MAX lines, into the store in batches. */
function* readRows(action: Action) {
  if (!archiveRowsAsked.match(action)) return;
  const next = archivePages(action.payload.query);
  let stored = 0;
  let batch: ArchiveLineDto[] = [];
  try {
    for (;;) {
      const lines: ArchiveLineDto[] | null = yield call(next);
      const room = ARCHIVE_GRID_MAX - stored - batch.length;
      if (lines) batch.push(...lines.slice(0, room));
      const full = stored + batch.length >= ARCHIVE_GRID_MAX;
      const done = lines === null || full;
      if (done || batch.length >= Math.max(ARCHIVE_PAGE_MAX, Math.min(stored, BATCH_MAX))) {
        // At the limit, the lines left of this page or the page after it (already asked for) tell whether the query holds more.
        const more: ArchiveLineDto[] | null = full ? (lines && lines.length > room ? lines : yield call(next)) : null;
        yield put(archiveRowsLoaded({ lines: batch, done, capped: (more?.length ?? 0) > 0 }));
        stored += batch.length;
        batch = [];
      }
      if (done) return;
    }
  } catch (error) {
    yield put(archiveRowsFailed(failure(error, 'archive:failed')));
  }
}

export function* archiveSaga() {
  yield fork(readPages);
  // A new query, the way back to the everyday lines or a logout ends the grid's read under way.
  yield takeLatest([archiveRowsAsked.type, archiveRowsLeft.type, loggedOut.type], readRows);
}
