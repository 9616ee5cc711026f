import type { Action } from '@reduxjs/toolkit';
import { all, call, delay, put, race, select, take, takeEvery, takeLeading } from 'redux-saga/effects';
import { API, type GridViewDto, type GridViewsDto } from '../../../shared/api';
import { GRID_KEYS, type GridKey } from '../../../shared/grid-views';
import { http } from '../../api/http';
import { failure } from '../../api/failure';
import { loggedIn, loggedOut } from '../session';
import {
  currentSaved,
  currentSaveFailed,
  currentSaveStarted,
  gridStateChanged,
  type GridViewsOfGrid,
  gridViewsFailed,
  gridViewsLoaded,
  gridViewsRequested,
  type SavedView,
  selectGridViews,
  viewChangeFailed,
  viewCreateRequested,
  viewDeleted,
  viewDeleteRequested,
  viewRenameRequested,
  viewSaved,
} from './slice';
import { asViewState, type ViewState } from './viewState';

/** Quiet time after the grid's last change before its state is saved: a drag or a typed filter saves once. */
export const SAVE_DELAY_MS = 1000;

type State = Parameters<typeof selectGridViews>[0];
const ofGrid = (grid: GridKey) => (state: State): GridViewsOfGrid => selectGridViews(state, grid);

/** A view as the server answered it; a state that is not a view's (the server keeps any object) shows the grid's defaults. */
const savedView = (view: GridViewDto): SavedView => ({ ...view, state: asViewState(view.state) ?? { grid: {} } });

function* load(grid: GridKey) {
  try {
    const answer: GridViewsDto = yield call(http.get, API.gridViews(grid));
    yield put(gridViewsLoaded({ grid, current: asViewState(answer.current), views: (answer.views ?? []).map(savedView) }));
  } catch (error) {
    yield put(gridViewsFailed({ grid, notice: failure(error, 'gridViews:loadFailed') }));
  }
}

/**
 * Each grid's views are read once per session, as `takeLoadOnce` (session/loadOnce.ts) reads a shared
 * list, but per grid: the action names its grid, so one grid's read never holds up another's.
 */
function* loadOnce(grid: GridKey) {
  const { status }: GridViewsOfGrid = yield select(ofGrid(grid));
  if (status !== 'ready') yield race([call(load, grid), take([loggedIn.type, loggedOut.type])]);
}

const changeOf = (grid: GridKey) => (action: Action) => gridStateChanged.match(action) && action.payload.grid === grid;

/**
 * Saves a grid's current state: SAVE_DELAY_MS after its last change, one request at a time, always
 * the newest state (changes made while a save is under way wait in the store and go next). After a
 * failure the state waits for the next change rather than being sent again and again.
 */
function* saveCurrent(grid: GridKey) {
  let failed = false;
  while (true) {
    const { unsaved }: GridViewsOfGrid = yield select(ofGrid(grid));
    if (!unsaved || failed) yield take(changeOf(grid));
    failed = false;
    while (true) {
      const { changed } = yield race({ changed: take(changeOf(grid)), quiet: delay(SAVE_DELAY_MS) });
      if (!changed) break;
    }
    const { unsaved: state }: { unsaved: ViewState | null } = yield select(ofGrid(grid));
    if (!state) continue;
    yield put(currentSaveStarted({ grid }));
    try {
      yield call(http.put, API.gridViewsCurrent(grid), { state });
      yield put(currentSaved({ grid }));
    } catch (error) {
      failed = true;
      yield put(currentSaveFailed({ grid, state, notice: failure(error, 'gridViews:saveFailed') }));
    }
  }
}

/** A session's saves end with it: a logout or another login drops what was not sent, since the store forgets it too. */
function* saveCurrentPerSession(grid: GridKey) {
  while (true) yield race([call(saveCurrent, grid), take([loggedIn.type, loggedOut.type])]);
}

function* create(action: ReturnType<typeof viewCreateRequested>) {
  const { grid, name, state } = action.payload;
  try {
    const { view }: { view: GridViewDto } = yield call(http.post, API.gridViews(grid), { name, state });
    yield put(viewSaved({ grid, view: savedView(view) }));
  } catch (error) {
    yield put(viewChangeFailed({ grid, notice: failure(error, 'gridViews:changeFailed') }));
  }
}

function* rename(action: ReturnType<typeof viewRenameRequested>) {
  const { grid, id, name } = action.payload;
  try {
    const { view }: { view: GridViewDto } = yield call(http.put, API.gridView(grid, id), { name });
    yield put(viewSaved({ grid, view: savedView(view) }));
  } catch (error) {
    yield put(viewChangeFailed({ grid, notice: failure(error, 'gridViews:changeFailed') }));
  }
}

function* remove(action: ReturnType<typeof viewDeleteRequested>) {
  const { grid, id } = action.payload;
  try {
    yield call(http.delete, API.gridView(grid, id));
    yield put(viewDeleted({ grid, id }));
  } catch (error) {
    yield put(viewChangeFailed({ grid, notice: failure(error, 'gridViews:changeFailed') }));
  }
}

export function* gridViewsSaga() {
  yield all([
    ...GRID_KEYS.map((grid) => takeLeading((action: Action) => gridViewsRequested.match(action) && action.payload === grid, loadOnce, grid)),
    ...GRID_KEYS.map((grid) => call(saveCurrentPerSession, grid)),
    takeEvery(viewCreateRequested.type, create),
    takeEvery(viewRenameRequested.type, rename),
    takeEvery(viewDeleteRequested.type, remove),
  ]);
}
