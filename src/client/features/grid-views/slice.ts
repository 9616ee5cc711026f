import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { GRID_KEYS, type GridKey } from '../../../shared/grid-views';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loadAsked, loaded, loadFailed, notLoaded } from '../../api/loadable';
import { loggedIn, loggedOut } from '../session';
import type { ViewState } from './viewState';

/** A named view the user saved. */
export interface SavedView {
  id: number;
  name: string;
  state: ViewState;
  updated_at: string;
}

/** The saved states of one grid, for the signed-in user. */
/** Its load state is that of the views and the current state, read once per session. */
export interface GridViewsOfGrid extends Loadable {
  /** The latest state of the grid: as read, then as the grid reported it; what the grid opens with next time. Null: the grid's defaults. */
  current: ViewState | null;
  views: SavedView[];
  /** A current state not yet sent; the save saga sends the newest one only. */
  unsaved: ViewState | null;
  /** A save of the current state is under way (never more than one). */
  saving: boolean;
  /** Why the last save of the current state failed; gone with the next save that succeeds. */
  saveNotice: NoticeLike | null;
  /** The last create, rename or delete of a named view. */
  change: { status: 'idle' | 'busy' | 'failed'; notice: NoticeLike | null };
  /** The named view the last change that succeeded created, renamed or deleted; null from the start of the next: its dialog closes on it. */
  written: { id: number } | null;
  /** The menu entry last chosen (`builtIn:<key>` or `own:<id>`); null for none, or after a reset. */
  applied: string | null;
}

export type GridViewsState = Record<GridKey, GridViewsOfGrid>;

const empty = (): GridViewsOfGrid => ({
  ...notLoaded(),
  current: null,
  views: [],
  unsaved: null,
  saving: false,
  saveNotice: null,
  change: { status: 'idle', notice: null },
  written: null,
  applied: null,
});

const initialState = Object.fromEntries(GRID_KEYS.map((grid) => [grid, empty()])) as GridViewsState;

type Of<T = object> = PayloadAction<{ grid: GridKey } & T>;

/** The menu entry chosen, kept in the current state too (saved with it), so the grid opens with it named. */
function choose(grid: GridViewsOfGrid, entry: string | null) {
  grid.applied = entry;
  if (grid.current && (grid.current.chosen ?? null) !== entry) {
    grid.current = { ...grid.current, chosen: entry ?? undefined };
    grid.unsaved = grid.current;
  }
}

function changeStarted(grid: GridViewsOfGrid) {
  grid.change = { status: 'busy', notice: null };
  grid.written = null;
}

export const gridViewsSlice = createSlice({
  name: 'gridViews',
  initialState,
  reducers: {
    /** A grid is about to open: its views are read once per session. */
    gridViewsRequested: (state, action: PayloadAction<GridKey>) => loadAsked(state[action.payload]),
    gridViewsLoaded: (state, action: Of<{ current: ViewState | null; views: SavedView[] }>) => {
      const grid = state[action.payload.grid];
      loaded(grid);
      grid.views = action.payload.views;
      // A change made while the views were read is newer than what was read.
      if (!grid.unsaved && !grid.saving) {
        grid.current = action.payload.current;
        // The entry chosen before is named again, unless its view has been deleted since.
        const chosen = action.payload.current?.chosen ?? null;
        grid.applied = chosen?.startsWith('own:') && !grid.views.some((view) => `own:${view.id}` === chosen) ? null : chosen;
      }
    },
    gridViewsFailed: (state, action: Of<{ notice: NoticeLike }>) => loadFailed(state[action.payload.grid], action.payload.notice),
    /** The grid's state changed (the hook has checked that it did): kept, and saved about a second after the last change. */
    gridStateChanged: (state, action: Of<{ state: ViewState }>) => {
      const grid = state[action.payload.grid];
      grid.current = action.payload.state;
      grid.unsaved = action.payload.state;
    },
    currentSaveStarted: (state, action: Of) => {
      const grid = state[action.payload.grid];
      grid.unsaved = null;
      grid.saving = true;
    },
    currentSaved: (state, action: Of) => {
      const grid = state[action.payload.grid];
      grid.saving = false;
      grid.saveNotice = null;
    },
    /** The state that failed waits again, unless a newer one does; the next change sends it. */
    currentSaveFailed: (state, action: Of<{ state: ViewState; notice: NoticeLike }>) => {
      const grid = state[action.payload.grid];
      grid.saving = false;
      grid.saveNotice = action.payload.notice;
      grid.unsaved ??= action.payload.state;
    },
    viewApplied: (state, action: Of<{ applied: string | null }>) => {
      state[action.payload.grid].applied = action.payload.applied;
    },
    viewCreateRequested: (state, action: Of<{ name: string; state: ViewState }>) => changeStarted(state[action.payload.grid]),
    viewRenameRequested: (state, action: Of<{ id: number; name: string }>) => changeStarted(state[action.payload.grid]),
    viewDeleteRequested: (state, action: Of<{ id: number }>) => changeStarted(state[action.payload.grid]),
    /** A view was created or renamed: the menu shows it, chosen. */
    viewSaved: (state, action: Of<{ view: SavedView }>) => {
      const grid = state[action.payload.grid];
      const { view } = action.payload;
      grid.views = [...grid.views.filter((v) => v.id !== view.id), view];
      choose(grid, `own:${view.id}`);
      grid.change = { status: 'idle', notice: null };
      grid.written = { id: view.id };
    },
    viewDeleted: (state, action: Of<{ id: number }>) => {
      const grid = state[action.payload.grid];
      grid.views = grid.views.filter((v) => v.id !== action.payload.id);
      if (grid.applied === `own:${action.payload.id}`) choose(grid, null);
      grid.change = { status: 'idle', notice: null };
      grid.written = { id: action.payload.id };
    },
    viewChangeFailed: (state, action: Of<{ notice: NoticeLike }>) => {
      state[action.payload.grid].change = { status: 'failed', notice: action.payload.notice };
    },
    /** The name dialog or the delete question was left: its last failure is not shown again. */
    viewChangeLeft: (state, action: Of) => {
      const grid = state[action.payload.grid];
      if (grid.change.status !== 'busy') grid.change = { status: 'idle', notice: null };
    },
  },
  extraReducers: (builder) => builder.addMatcher(isAnyOf(loggedIn, loggedOut), () => initialState),
});

export const {
  gridViewsRequested,
  gridViewsLoaded,
  gridViewsFailed,
  gridStateChanged,
  currentSaveStarted,
  currentSaved,
  currentSaveFailed,
  viewApplied,
  viewCreateRequested,
  viewRenameRequested,
  viewDeleteRequested,
  viewSaved,
  viewDeleted,
  viewChangeFailed,
  viewChangeLeft,
} = gridViewsSlice.actions;

type State = { gridViews: GridViewsState };
export const selectGridViews = (state: State, grid: GridKey) => state.gridViews[grid];
