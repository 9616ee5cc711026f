import { createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
import type { ArchiveLineDto, LineArchiveDto } from '../../../shared/api';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import type { LineTable } from '../order-lines';
import { loggedOut } from '../session';
import type { ArchiveFilters } from './query';

/**
 * An archive query shown as the order grid's rows: the query (null while the grid shows the
 * everyday lines) and its form's filters, which the grid names; the lines read so far, keyed like
 * the everyday lines so the grid takes them alike; whether the query holds more than the grid takes.
 */
export interface ArchiveRows extends Loadable {
  query: string | null;
  filters: ArchiveFilters | null;
  table: LineTable;
  capped: boolean;
}

/**
 * The archive's answers, apart from `orderLines`: lines of any age read for a query are never
 * taken for the lines the everyday lists show.
 */
export interface ArchiveState extends Loadable {
  /** The query the lines answer (without its page marker); null before the first search. */
  query: string | null;
  lines: ArchiveLineDto[];
  /** The marker of the page after the last one read; null on the last page. */
  next: string | null;
  /** Reading the next page ('Daha fazla'), the lines read so far staying on screen. */
  more: boolean;
  /** The query the order grid shows instead of the everyday lines. */
  rows: ArchiveRows;
}

const NO_ROWS: LineTable = Object.freeze({ ids: Object.freeze([]) as unknown as number[], entities: Object.freeze({}) });
const noRows = (): ArchiveRows => ({ ...notLoaded(), query: null, filters: null, table: NO_ROWS, capped: false });
const initialState: ArchiveState = { ...notLoaded(), query: null, lines: [], next: null, more: false, rows: noRows() };

/**
 * More lines of the grid's query, added without immer: a draft of a hundred thousand lines costs
 * far more than one copy of the table. Frozen as immer would, so it never walks them.
 */
function withRows(base: ArchiveState, lines: readonly ArchiveLineDto[], done: boolean, capped: boolean): ArchiveState {
  const ids = base.rows.table.ids.slice();
  const entities = { ...base.rows.table.entities };
  for (const line of lines) {
    if (!entities[line.id]) ids.push(line.id);
    entities[line.id] = Object.freeze(line);
  }
  const table: LineTable = Object.freeze({ ids: Object.freeze(ids) as number[], entities: Object.freeze(entities) });
  const rows: ArchiveRows = Object.freeze({ ...base.rows, table, capped, status: done ? 'ready' : 'loading', notice: null });
  return Object.freeze({ ...base, rows });
}

export const archiveSlice = createSlice({
  name: 'archive',
  initialState,
  reducers: {
    archiveSearched: (state, action: PayloadAction<string>) => {
      loading(state);
      state.query = action.payload;
      state.lines = [];
      state.next = null;
      state.more = false;
    },
    archiveMoreRequested: (state) => {
      if (!state.next || state.status === 'loading') return;
      loading(state);
      state.more = true;
    },
    archivePageLoaded: (state, action: PayloadAction<LineArchiveDto>) => {
      const { orders, has_more, next } = action.payload;
      state.lines = state.more ? [...state.lines, ...orders] : orders;
      state.next = has_more ? next : null;
      state.more = false;
      loaded(state);
    },
    archiveFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.more = false;
      loadFailed(state, action.payload);
    },
    /** The order grid shows this query's lines, read anew. */
    archiveRowsAsked: (state, action: PayloadAction<{ query: string; filters: ArchiveFilters }>) => {
      state.rows = { ...noRows(), status: 'loading', query: action.payload.query, filters: action.payload.filters };
    },
    /** More of the grid query's lines; `done` after the last (or at the grid's limit, `capped` when the query holds more). */
    archiveRowsLoaded: (state, action: PayloadAction<{ lines: ArchiveLineDto[]; done: boolean; capped: boolean }>) =>
      withRows(original(state) as ArchiveState, action.payload.lines, action.payload.done, action.payload.capped),
    archiveRowsFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state.rows, action.payload),
    /** The order grid shows the everyday lines again. */
    archiveRowsLeft: (state) => {
      state.rows = noRows();
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const { archiveSearched, archiveMoreRequested, archivePageLoaded, archiveFailed, archiveRowsAsked, archiveRowsLoaded, archiveRowsFailed, archiveRowsLeft } = archiveSlice.actions;
export const selectArchive = (state: { archive: ArchiveState }) => state.archive;
export const selectArchiveRows = (state: { archive: ArchiveState }) => state.archive.rows;
