import type { GridState, StateUpdatedEvent } from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import type { GridKey } from '../../../shared/grid-views';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import type { NoticeLike } from '../../components/NoticeView';
import { BUILT_IN_VIEWS } from './builtIns';
import { gridStateChanged, gridViewsRequested, selectGridViews, viewApplied, viewCreateRequested, viewChangeLeft, viewDeleteRequested, viewRenameRequested } from './slice';
import { rowsChanged, rowsInForce, type RowsInForce, sameViewState, savedGridState, stateToApply, type ViewState, withColumnsAdded } from './viewState';

/** An entry of the view menu: a built-in view (`builtIn:<key>`) or one of the user's own (`own:<id>`, with its `viewId`). */
export interface MenuView {
  id: string;
  name: string;
  state: ViewState;
  viewId?: number;
}

export interface GridViewsOptions {
  /** The grid's state from its column definitions alone (`defaultGridState(columnDefs)`): what the reset button restores. */
  defaultState: GridState;
  /**
   * Puts a state on the grid: `api.setState(state.grid)`, the rows of the built-in view it names
   * (`state.builtIn`, none when undefined: the grid's external filter) and the screen's quick filter text (`state.quickFilter ?? ''`).
   */
  apply: (state: ViewState) => void;
}

export interface GridViews {
  /** The views have been read (or could not be): render the grid now, `initialState` will not change. */
  ready: boolean;
  /** AG Grid's `initialState`: the user's saved state, undefined for the grid's defaults. Read once, when `ready` turns true. */
  initialState: GridState | undefined;
  /** The quick filter text the screen opens with. */
  initialQuickFilter: string;
  /** The built-in view whose rows the grid opens with (its key), undefined for none. */
  initialBuiltIn: string | undefined;
  /** AG Grid's `onStateUpdated`: keeps the state and saves it about a second after the last change. */
  onStateUpdated: (event: Pick<StateUpdatedEvent, 'state'>) => void;
  /** The user changed the screen's quick filter text (call it from the input, not from an effect): saved with the grid's state. */
  onQuickFilterChanged: (text: string) => void;
  /** Chooses a menu entry: puts its state on the grid (through `apply`), saves it as current and returns it. */
  applyView: (view: MenuView) => ViewState;
  /** The reset button: the grid's defaults, no filter, no quick filter; applied, saved and returned. */
  reset: () => ViewState;
  /** Saves the grid's current state as a named view. */
  saveAs: (name: string) => void;
  rename: (viewId: number, name: string) => void;
  remove: (viewId: number) => void;
  /** The name dialog or delete question was left: forget the last failure. */
  leaveChange: () => void;
  builtIns: MenuView[];
  /** The user's own views, by name in Turkish order. */
  own: MenuView[];
  /** The menu entry last chosen, null for none. */
  applied: string | null;
  /** The rows the grid shows were changed since `applied` was chosen (its sort, filters, quick filter or built-in view). */
  modified: boolean;
  /** What decides the rows shown now (the filters, quick filter and built-in view in force), null until the views are read. */
  inForce: RowsInForce | null;
  /** Clears every column filter, the quick filter and the built-in view: every row shows again (the sort and layout stay). */
  clearFilters: () => void;
  loading: boolean;
  /** Why the views could not be read, or the last save failed. */
  notice: NoticeLike | null;
  /** `written`: the view the last change that succeeded wrote, null while the next is under way or refused. */
  change: { busy: boolean; notice: NoticeLike | null; written: { id: number } | null };
}

/**
 * The saved views of one grid for the signed-in user: what the grid opens with, its state saved as
 * it changes, the built-in and own views to choose from, and saving, renaming and deleting views.
 * Wiring (an example in index.ts): render the grid once `ready`, with
 * `initialState={views.initialState}` and `onStateUpdated={views.onStateUpdated}`; `apply` sets a
 * chosen state with `api.setState` and the quick filter; `<ViewMenu views={views} />` offers the views.
 */
export function useGridViews(grid: GridKey, { defaultState, apply }: GridViewsOptions): GridViews {
  const { t, i18n } = useTranslation('gridViews');
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  // What the menu shows. The current state is not among them: it changes with every drag, and the
  // screen holding the grid need not render again for it (it is read from the store when needed).
  const status = useAppSelector((state) => selectGridViews(state, grid).status);
  const loadNotice = useAppSelector((state) => selectGridViews(state, grid).notice);
  const saveNotice = useAppSelector((state) => selectGridViews(state, grid).saveNotice);
  const saved = useAppSelector((state) => selectGridViews(state, grid).views);
  const applied = useAppSelector((state) => selectGridViews(state, grid).applied);
  const change = useAppSelector((state) => selectGridViews(state, grid).change);
  const written = useAppSelector((state) => selectGridViews(state, grid).written);
  useEffect(() => {
    dispatch(gridViewsRequested(grid));
  }, [dispatch, grid]);

  const ready = status === 'ready' || status === 'failed';
  const isReady = useRef(ready);
  isReady.current = ready;
  const latest = useCallback(() => selectGridViews(store.getState(), grid).current, [store, grid]);
  // AG Grid reads initialState once, when it is created: keep what the grid opened with.
  const opened = useRef<{ state: ViewState | null } | null>(null);
  if (ready && !opened.current) {
    const saved = latest();
    opened.current = { state: saved && { ...saved, grid: withColumnsAdded(saved.grid, defaultState) } };
  }

  const gridState = useRef<GridState | null>(null);
  const quickFilter = useRef<string | undefined>(undefined);
  // The built-in view shown: undefined until one is chosen (the saved one holds), null for none.
  const builtIn = useRef<string | null | undefined>(undefined);
  const options = useRef({ defaultState, apply });
  options.current = { defaultState, apply };

  // The rows part of the state shown, for the screen to name the filters in force: set only when it changes, not on every drag.
  const [shownRows, setShownRows] = useState<ViewState | null>(null);
  const track = useCallback((state: ViewState) => setShownRows((before) => (before && !rowsChanged(before, state) ? before : state)), []);

  /** What the grid showed on opening when nothing was saved: its defaults, which need no saving. */
  const openedDefaults = useRef<ViewState | null>(null);
  const changed = useCallback(
    (state: ViewState) => {
      // Before the saved state is read, a change (a quick filter typed early) would be taken for it and overwrite it.
      if (isReady.current && !sameViewState(state, latest() ?? openedDefaults.current)) dispatch(gridStateChanged({ grid, state }));
    },
    [dispatch, grid, latest],
  );
  /** The grid's state as last reported (or saved, or its defaults) with the quick filter and the built-in view. */
  const currentState = useCallback((): ViewState => {
    const saved = latest();
    const shownBuiltIn = builtIn.current === undefined ? saved?.builtIn : (builtIn.current ?? undefined);
    const chosen = selectGridViews(store.getState(), grid).applied ?? undefined;
    return { grid: savedGridState(gridState.current ?? saved?.grid ?? options.current.defaultState), quickFilter: quickFilter.current ?? saved?.quickFilter, builtIn: shownBuiltIn, chosen };
  }, [latest, store, grid]);
  /*
   * The grid reports its state while it opens (several times, as its parts become ready) and after
   * every change. Whatever differs from the saved state is saved; a change made while it opens too.
   */
  const onStateUpdated = useCallback(
    ({ state }: Pick<StateUpdatedEvent, 'state'>) => {
      gridState.current = state;
      const now = currentState();
      track(now);
      if (!latest() && !openedDefaults.current) openedDefaults.current = now;
      else changed(now);
    },
    [changed, currentState, latest, track],
  );
  const onQuickFilterChanged = useCallback(
    (text: string) => {
      quickFilter.current = text;
      const now = currentState();
      track(now);
      changed(now);
    },
    [changed, currentState, track],
  );
  const show = useCallback(
    (state: ViewState, entry: string | null) => {
      gridState.current = state.grid;
      quickFilter.current = state.quickFilter;
      builtIn.current = state.builtIn ?? null;
      options.current.apply(state);
      dispatch(viewApplied({ grid, applied: entry }));
      const now = { grid: savedGridState(state.grid), quickFilter: state.quickFilter, builtIn: state.builtIn, chosen: entry ?? undefined };
      track(now);
      changed(now);
      return state;
    },
    [changed, dispatch, grid, track],
  );
  const applyView = useCallback(
    (view: MenuView) => {
      const state = stateToApply(view.state, currentState().grid);
      return show({ ...state, grid: withColumnsAdded(state.grid, options.current.defaultState) }, view.id);
    },
    [currentState, show],
  );
  const reset = useCallback(() => show({ grid: options.current.defaultState, quickFilter: '' }, null), [show]);
  // The view chosen stays chosen: the menu then says it was changed.
  const clearFilters = useCallback(() => {
    const now = currentState();
    show({ grid: { ...now.grid, filter: { filterModel: {} } }, quickFilter: '' }, selectGridViews(store.getState(), grid).applied);
  }, [currentState, show, store, grid]);

  // A named view holds its rows and layout; which entry was chosen is the current state's alone.
  const saveAs = useCallback((name: string) => dispatch(viewCreateRequested({ grid, name, state: { ...currentState(), chosen: undefined } })), [currentState, dispatch, grid]);
  const rename = useCallback((id: number, name: string) => dispatch(viewRenameRequested({ grid, id, name })), [dispatch, grid]);
  const remove = useCallback((id: number) => dispatch(viewDeleteRequested({ grid, id })), [dispatch, grid]);
  const leaveChange = useCallback(() => dispatch(viewChangeLeft({ grid })), [dispatch, grid]);

  const builtIns = useMemo(() => BUILT_IN_VIEWS[grid].map((view) => ({ id: `builtIn:${view.key}`, name: t(view.name), state: view.state })), [grid, t]);
  const own = useMemo(
    () => saved.map((view) => ({ id: `own:${view.id}`, name: view.name, state: view.state, viewId: view.id })).sort((a, b) => a.name.localeCompare(b.name, i18n.language)),
    [saved, i18n.language],
  );

  const shown = shownRows ?? opened.current?.state ?? null;
  const chosen = [...builtIns, ...own].find((view) => view.id === applied);
  const modified = chosen !== undefined && shown !== null && rowsChanged(stateToApply(chosen.state, {}), shown);

  return {
    ready,
    initialState: opened.current?.state?.grid,
    initialQuickFilter: opened.current?.state?.quickFilter ?? '',
    initialBuiltIn: opened.current?.state?.builtIn,
    onStateUpdated,
    onQuickFilterChanged,
    applyView,
    reset,
    saveAs,
    rename,
    remove,
    leaveChange,
    builtIns,
    own,
    applied,
    modified,
    inForce: ready ? rowsInForce(shown ?? { grid: {} }) : null,
    clearFilters,
    loading: status === 'loading' || status === 'idle',
    notice: loadNotice ?? saveNotice,
    change: { busy: change.status === 'busy', notice: change.notice, written },
  };
}
