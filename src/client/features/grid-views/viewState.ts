import type { ColDef, GridState } from 'ag-grid-community';
import type { GridStateJson } from '../../../shared/grid-views';

/**
 * What a saved view holds: AG Grid's own state (`api.getState()`), cut to the sections a view is
 * about, the screen's quick filter text when it has one, and the key of the built-in view whose
 * rows it keeps when it keeps those (builtIns.ts; the grid filters by it besides its column filters).
 */
export interface ViewState {
  grid: GridState;
  quickFilter?: string;
  builtIn?: string;
  /** In the current state only: the menu entry chosen (`builtIn:<key>` or `own:<id>`), so the grid opens with it named again. */
  chosen?: string;
}

/** The column layout: where each column is, how wide, whether shown and pinned. */
const LAYOUT = ['columnOrder', 'columnSizing', 'columnVisibility', 'columnPinning'] as const;
/** Which rows show, in which order. */
const ROWS = ['sort', 'filter'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const isEmpty = (value: unknown): boolean => (Array.isArray(value) ? value.length === 0 : isObject(value) && Object.values(value).every(isEmpty));

/**
 * The sections of the grid's state a view saves. The rest (scroll, focused cell, selection ...)
 * changes by the second and is not a way of working: leaving it out also means a scroll saves nothing.
 * An empty section (no sort, no filter, nothing hidden or pinned) is left out, as AG Grid's own
 * `getState` leaves it out: an absent section means none, both in `initialState` and in `api.setState`.
 */
export function savedGridState(state: GridState): GridState {
  const saved: GridState = {};
  for (const section of [...LAYOUT, ...ROWS]) if (state[section] !== undefined && !isEmpty(state[section])) Object.assign(saved, { [section]: state[section] });
  return saved;
}

/** A state read from the server as a view's state, or null when it is not one (the server stores any object). */
export function asViewState(json: GridStateJson | null): ViewState | null {
  if (!json || !isObject(json.grid)) return null;
  const state: ViewState = { grid: savedGridState(json.grid as GridState) };
  if (typeof json.quickFilter === 'string' && json.quickFilter !== '') state.quickFilter = json.quickFilter;
  if (typeof json.builtIn === 'string' && json.builtIn !== '') state.builtIn = json.builtIn;
  if (typeof json.chosen === 'string' && json.chosen !== '') state.chosen = json.chosen;
  return state;
}

/** JSON with the keys of every object in order, so two equal states compare equal whoever built them. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** True when both states show the grid alike (an empty quick filter is none). */
export function sameViewState(a: ViewState | null, b: ViewState | null): boolean {
  if (!a || !b) return a === b;
  return canonical(a.grid) === canonical(b.grid) && (a.quickFilter ?? '') === (b.quickFilter ?? '') && a.builtIn === b.builtIn && a.chosen === b.chosen;
}

/** What of a state decides which rows show and in which order: the sort, the column filters, the quick filter and the built-in view. */
export interface RowsInForce {
  sort: unknown;
  /** The colIds of the columns with a filter, in the order of the filter model. */
  filtered: string[];
  filterModel: unknown;
  quickFilter: string;
  builtIn: string | undefined;
}

/** The rows part of a state; an empty sort or filter is none, as in a saved state. */
export function rowsInForce(state: ViewState): RowsInForce {
  const sort = state.grid.sort?.sortModel ?? [];
  const filterModel = state.grid.filter?.filterModel ?? {};
  return { sort, filtered: Object.keys(filterModel), filterModel, quickFilter: state.quickFilter ?? '', builtIn: state.builtIn };
}

/**
 * Whether the rows a view shows were changed since: another sort, filter, quick filter or built-in
 * view. A change of the layout (a width, an order) does not count: the rows shown are the same.
 */
export function rowsChanged(view: ViewState, now: ViewState): boolean {
  const [a, b] = [rowsInForce(view), rowsInForce(now)];
  return canonical(a.sort) !== canonical(b.sort) || canonical(a.filterModel) !== canonical(b.filterModel) || a.quickFilter !== b.quickFilter || a.builtIn !== b.builtIn;
}

/**
 * The state the grid takes when a view is chosen. The view's rows replace the current ones whole (a
 * view without a filter, sort, quick filter or built-in view shows every row, unsorted). A view that says nothing
 * of the columns (a built-in one) keeps the current column layout; one that does (a saved one)
 * brings its own, whole: a section it leaves out is empty there, as in every saved state.
 */
export function stateToApply(view: ViewState, current: GridState): ViewState {
  const layout = LAYOUT.some((section) => view.grid[section] !== undefined) ? view.grid : current;
  const grid: GridState = {};
  for (const section of LAYOUT) if (layout[section] !== undefined) Object.assign(grid, { [section]: layout[section] });
  grid.sort = view.grid.sort ?? { sortModel: [] };
  grid.filter = view.grid.filter ?? { filterModel: {} };
  return { grid, quickFilter: view.quickFilter ?? '', builtIn: view.builtIn };
}

/**
 * A saved column order with the columns added to the grid since it was saved, each placed after the
 * column it follows by default (a new column would otherwise go to the end, far from its kin).
 */
export function withColumnsAdded(grid: GridState, defaults: GridState): GridState {
  const saved = grid.columnOrder?.orderedColIds;
  const all = defaults.columnOrder?.orderedColIds;
  if (!saved || !all) return grid;
  const order = [...saved];
  all.forEach((colId, index) => {
    if (order.includes(colId)) return;
    const before = index === 0 ? -1 : order.indexOf(all[index - 1]);
    order.splice(before + 1, 0, colId);
  });
  return order.length === saved.length ? grid : { ...grid, columnOrder: { ...grid.columnOrder, orderedColIds: order } };
}

/** AG Grid's default width of a column that names none. */
const DEFAULT_WIDTH = 200;

/**
 * The state the grid has from its column definitions alone: what a reset restores. Complete in
 * every saved section, so `api.setState` puts back order, widths, visibility, pinning and sort, and
 * clears every filter. A definition's `initial...` attributes count as its own (`initialWidth`,
 * `initialHide` ...); a column without a width has AG Grid's default.
 */
export function defaultGridState(columns: readonly ColDef[]): GridState {
  const defs = columns.flatMap((def) => {
    const colId = def.colId ?? def.field;
    return colId
      ? [{
          colId: String(colId),
          width: def.width ?? def.initialWidth,
          flex: def.flex ?? def.initialFlex,
          hide: def.hide ?? def.initialHide,
          pinned: def.pinned ?? def.initialPinned,
          sort: def.sort ?? def.initialSort,
          sortIndex: def.sortIndex ?? def.initialSortIndex,
        }]
      : [];
  });
  const pinned = (side: 'left' | 'right') => defs.filter((def) => (side === 'left' ? def.pinned === 'left' || def.pinned === true : def.pinned === 'right')).map(({ colId }) => colId);
  const sorted = defs.filter((def) => def.sort === 'asc' || def.sort === 'desc').sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0));
  return {
    columnOrder: { orderedColIds: defs.map(({ colId }) => colId) },
    columnSizing: { columnSizingModel: defs.map(({ colId, width, flex }) => (flex ? { colId, flex } : { colId, width: width ?? DEFAULT_WIDTH })) },
    columnVisibility: { hiddenColIds: defs.filter((def) => def.hide).map(({ colId }) => colId) },
    columnPinning: { leftColIds: pinned('left'), rightColIds: pinned('right') },
    sort: { sortModel: sorted.map(({ colId, sort }) => ({ colId, sort: sort as 'asc' | 'desc' })) },
    filter: { filterModel: {} },
  };
}
