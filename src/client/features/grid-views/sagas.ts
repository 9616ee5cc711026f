import { type Action, isAnyOf } from '@reduxjs/toolkit';
import { all, call, delay, put, race, select, take, takeEvery, takeLeading } from 'redux-saga/effects';
import { API, type GridViewDto, type GridViewsDto } from '../../../shared/api';
import { GRID_KEYS, type GridKey } from '../../../shared/grid-views';
import { http } from '../../api/http';
import { callAndStore, FAILED } from '../../api/callAndStore';
import { untilSessionChanges } from '../session';
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
  yield* callAndStore(
    call(http.get, API.gridViews(grid)),
    (answer: GridViewsDto) => gridViewsLoaded({ grid, current: asViewState(answer.current), views: (answer.views ?? []).map(savedView) }),
    (notice) => gridViewsFailed({ grid, notice }),
    'gridViews:loadFailed',
  );
}

/**
 * Each grid's views are read once per session, as `takeLoadOnce` (session/loadOnce.ts) reads a shared
 * list, but per grid: the action names its grid, so one grid's read never holds up another's.
 */
function* loadOnce(grid: GridKey) {
  const { status }: GridViewsOfGrid = yield select(ofGrid(grid));
  if (status !== 'ready') yield call(untilSessionChanges, () => load(grid));
}

/** A change of the current state: the grid's, or the view chosen when a named view is saved or deleted. */
const changeOf = (grid: GridKey) => (action: Action) => isAnyOf(gridStateChanged, viewSaved, viewDeleted)(action) && action.payload.grid === grid;

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
    const answer = yield* callAndStore(
      call(http.put, API.gridViewsCurrent(grid), { state }),
      () => currentSaved({ grid }),
      (notice) => currentSaveFailed({ grid, state, notice }),
      'gridViews:saveFailed',
    );
    failed = answer === FAILED;
  }
}

/** A session's saves end with it: a logout or another login drops what was not sent, since the store forgets it too. */
function* saveCurrentPerSession(grid: GridKey) {
  while (true) yield call(untilSessionChanges, () => saveCurrent(grid));
}

/** A named view created, renamed or deleted: each fails in the same sentence. */
function changeView<T>(grid: GridKey, effect: unknown, stored: (answer: T) => Action) {
  return callAndStore(effect, stored, (notice) => viewChangeFailed({ grid, notice }), 'gridViews:changeFailed');
}

function* create(action: ReturnType<typeof viewCreateRequested>) {
  const { grid, name, state } = action.payload;
  yield* changeView(grid, call(http.post, API.gridViews(grid), { name, state }), (answer: { view: GridViewDto }) => viewSaved({ grid, view: savedView(answer.view) }));
}

function* rename(action: ReturnType<typeof viewRenameRequested>) {
  const { grid, id, name } = action.payload;
  yield* changeView(grid, call(http.put, API.gridView(grid, id), { name }), (answer: { view: GridViewDto }) => viewSaved({ grid, view: savedView(answer.view) }));
}

function* remove(action: ReturnType<typeof viewDeleteRequested>) {
  const { grid, id } = action.payload;
  yield* changeView(grid, call(http.delete, API.gridView(grid, id)), () => viewDeleted({ grid, id }));
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
