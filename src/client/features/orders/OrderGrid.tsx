import {
  type CellKeyDownEvent,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  type ColDef,
  ColumnApiModule,
  type GetRowIdParams,
  type ModelUpdatedEvent,
  type PostSortRowsParams,
  type RowClassRules,
  type ValueGetterParams,
  CsvExportModule,
  CustomEditorModule,
  DateFilterModule,
  GridStateModule,
  type GridState,
  type FullWidthCellKeyDownEvent,
  type ICellRendererParams,
  type IDateFilterParams,
  type INumberFilterParams,
  type IRowNode,
  type ITextFilterParams,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  TextEditorModule,
  QuickFilterModule,
  RenderApiModule,
  RowApiModule,
  RowStyleModule,
  type StateUpdatedEvent,
  TextFilterModule,
  themeQuartz,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { type FocusEvent, forwardRef, memo, use, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLineDto } from '../../../shared/api';
import { canCorrectGram, canShip, type LineState, lineState, offers, type Offer, type Why, whyNot } from '../../../shared/lifecycle';
import { type GridTexts, loadGridTexts } from '../../app/languageChunks';
import type { LineTable } from '../order-lines';
import { dayOf, isActionColumn, type OrderColumn, urgentLine } from './columns';
import { AMOUNT, GRAMS, type NumberRule, readNumber } from '../../../shared/decimal';
import { fold } from './fold';
import { GramEditor } from './GramEditor';
import { rowChanges } from './rowChanges';
import { rankCache, type RankCache, sortRows } from './sortRows';

ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  ClientSideRowModelApiModule,
  ColumnApiModule,
  GridStateModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  QuickFilterModule,
  CsvExportModule,
  RenderApiModule,
  RowApiModule,
  RowStyleModule,
  LocaleModule,
  TextEditorModule,
  CustomEditorModule,
]);

/** What the grid's action cells call back and which line is busy. */
export interface GridActions {
  onQualityControl: (row: OrderLineDto) => void;
  onApprovePacking: (row: OrderLineDto) => void;
  /** The text typed into the gram cell (double-click, Enter or leaving the cell saves, Escape cancels). */
  onCorrectGram: (row: OrderLineDto, typed: string) => void;
  /** A tracking number typed into a packed line's tracking cell: the order's packed pieces go to the carrier. */
  onShip: (row: OrderLineDto, tracking: string) => void;
  /** The admin's corrections of a line: back to an earlier step, canceled. */
  onCorrect: (row: OrderLineDto) => void;
  /** The line's history: who moved it, when, from where to where, and why. */
  onHistory: (row: OrderLineDto) => void;
  /** Lines with an action under way or just done, whose buttons wait. */
  busyLines: readonly number[];
}

export interface OrderGridHandle {
  /** The lines the admin sees, after every filter and in the current sort order. */
  visibleRows: () => OrderLineDto[];
  /** The colIds of the columns shown, in their current order (pinned ones where they are pinned). */
  visibleColumns: () => string[];
  /** Puts a saved view's columns, sort and filters on the grid. */
  applyState: (state: GridState) => void;
  /** Writes the rows and data columns shown, in their order and as the cells show them, to a CSV file. */
  exportCsv: (fileName: string) => void;
  /**
   * Builds the quick filter's text of every row ahead, in idle moments (the search box got the
   * focus), so the first search does not build a hundred thousand of them at once.
   */
  prepareQuickFilter: () => void;
}

interface Props extends GridActions {
  /** Every line of the store; the grid takes its rows once and then only what changed. */
  lines: LineTable;
  columns: OrderColumn[];
  /** Called with the number of lines left after filtering. */
  onCountChange: (count: number) => void;
  /** Shown when the filters leave no line. */
  noMatch: string;
  /** The office's view: no gram is typed in (the action columns are left out by the screen). */
  readOnly?: boolean;
  /** The office's time zone: the date filters take days there. */
  timeZone?: string;
  /** The quick filter's text, searched in every shown column (applied after a short pause in typing). */
  quickFilter?: string;
  /** The columns, sort and filters the grid opens with (the user's saved view); read once. */
  initialState?: GridState;
  /** The user changed the columns, sort or filters. */
  onStateUpdated?: (event: StateUpdatedEvent) => void;
}

/* The grid takes its context once, so cells read the current actions through a ref. */
type Cell = ICellRendererParams<OrderLineDto, unknown, { current: GridActions }>;

function PhotoCell({ data }: Cell) {
  return data?.product_picture_url ? <img src={data.product_picture_url} alt={data.product_title} loading="lazy" className="grid-photo" /> : '-';
}

/**
 * A row's action button, enabled while the life cycle offers the action for the line; where it
 * does not, the cell says why instead (orders:why, the shared life cycle's reasons).
 */
function actionCell(offered: readonly Offer[], label: string, act: (actions: GridActions) => (row: OrderLineDto) => void) {
  return function ActionCell({ data, context }: Cell) {
    const { t } = useTranslation('orders');
    if (!data) return null;
    const state = lineState(data);
    if (!offered.some((offer) => offers(state, offer))) {
      const why = t(`why.${whyNot(state, offered[offered.length - 1])}`);
      return (
        <span className="why" title={why}>
          {why}
        </span>
      );
    }
    const actions = context.current;
    return (
      <button type="button" className="small" disabled={actions.busyLines.includes(data.id)} onClick={() => act(actions)(data)}>
        {t(label)}
      </button>
    );
  };
}

/** Every line's history button, named with the line for a screen reader. */
function HistoryCell({ data, context }: Cell) {
  const { t } = useTranslation('orders');
  if (!data) return null;
  return (
    <button type="button" className="small secondary" aria-label={t('history.open', { id: data.id })} onClick={() => context.current.onHistory(data)}>
      {t('history.action')}
    </button>
  );
}

/**
 * A typed cell's text with a visible edit button while the line allows typing into it (the
 * double-click and Enter of the grid still work): it opens the cell's editor. A value made final
 * (a gram received into the metal ledger) says so with a mark, its reason in words for the pointer and screen readers.
 */
function TypedCell({ data, valueFormatted, api, node, column, colDef }: Cell) {
  const { t } = useTranslation('orders');
  const { allowed, label, final } = colDef?.cellRendererParams as { allowed: (state: LineState) => boolean; label: string; final?: (state: LineState) => Why | null };
  const why = data && final ? final(lineState(data)) : null;
  return (
    <span className="typed-cell">
      <span>{valueFormatted}</span>
      {why && (
        <span className="cell-final" role="img" aria-label={t(`why.${why}`)} title={t(`why.${why}`)}>
          ✓
        </span>
      )}
      {data && allowed(lineState(data)) && (
        <button
          type="button"
          className="cell-edit"
          aria-label={t(label)}
          title={t(label)}
          onClick={() => node.rowIndex !== null && column && api.startEditingCell({ rowIndex: node.rowIndex, colKey: column.getColId() })}
        >
          ✎
        </button>
      )}
    </span>
  );
}

const RENDERERS = {
  photo: PhotoCell,
  qualityAction: actionCell(['decideQuality'], 'qualityAction', (a) => a.onQualityControl),
  packingAction: actionCell(['approvePacking'], 'packingAction', (a) => a.onApprovePacking),
  correctAction: actionCell(['stepBack', 'cancel'], 'correction.action', (a) => a.onCorrect),
  historyAction: HistoryCell,
} as const;

/* A power user types fast: AG Grid's default 500 ms filter debounce is too long. */
const DEBOUNCE_MS = 150;

/** The last text typed into a filter, folded once for every row it is compared with. */
function foldedInput() {
  let raw: string | null = null;
  let folded = '';
  return (text: string) => {
    if (text !== raw) {
      raw = text;
      folded = fold(text);
    }
    return folded;
  };
}

/**
 * A text column's filter: contains, with Turkish case folding (dotted and dotless i alike).
 * The matcher reads the cell's text from the line itself and keeps it folded per line object, so
 * typing folds only the typed text again; `caseSensitive` keeps the grid from lower-casing (wrongly,
 * for Turkish) on every comparison. `prepare` folds a line's text ahead (the first keystroke would fold all of them at once).
 */
function textFilter(column: OrderColumn): { params: ITextFilterParams; prepare: (row: OrderLineDto) => void } {
  const folded = new WeakMap<OrderLineDto, string>();
  const cell = (row: OrderLineDto) => {
    let text = folded.get(row);
    if (text === undefined) {
      text = fold(column.text(row));
      folded.set(row, text);
    }
    return text;
  };
  const typed = foldedInput();
  return {
    params: {
      filterOptions: ['contains', 'blank'],
      maxNumConditions: 1,
      debounceMs: DEBOUNCE_MS,
      caseSensitive: true,
      textMatcher: ({ data, filterText }: { data: OrderLineDto; filterText: string | null }) =>
        filterText === null || filterText === '' || cell(data).includes(typed(filterText)),
    },
    prepare: (row) => void cell(row),
  };
}

/*
 * A number column's filter: a text input (not a spin box), read as the reader types numbers
 * (shared/decimal.ts): grams as a scale's reading, ids and amounts as amounts ('1.234' is 1234 in
 * Turkish). A refused text filters nothing, as the grid does with any text it cannot read.
 */
function numberFilter(rule: NumberRule, language: string): INumberFilterParams {
  return {
    debounceMs: DEBOUNCE_MS,
    maxNumConditions: 1,
    allowedCharPattern: '\\d\\-\\,\\.',
    numberParser: (text) => {
      const typed = readNumber(text ?? '', rule, language);
      return typed.status === 'read' ? typed.value : null;
    },
  };
}

/** A date column's filter: the cell's day in the office's time zone against the day picked. */
function dateFilter(timeZone: string | undefined): IDateFilterParams {
  // Made on the first comparison: a date formatter costs several milliseconds to build.
  let day: ReturnType<typeof dayOf> | null = null;
  return {
    debounceMs: DEBOUNCE_MS,
    maxNumConditions: 1,
    comparator: (picked: Date, cell: string | null) => {
      day ??= dayOf(timeZone);
      const cellDay = day(cell);
      if (cellDay === null) return -1;
      const pickedDay = picked.getFullYear() * 10_000 + (picked.getMonth() + 1) * 100 + picked.getDate();
      return cellDay < pickedDay ? -1 : cellDay > pickedDay ? 1 : 0;
    },
  };
}

/*
 * Sorting: the grid's own sort finds every two rows equal (one comparison per row, the order kept),
 * and `postSortRows` orders them by each row's value read once (sortRows.ts): a sort of 100,000
 * rows by comparing values costs the grid about 200 ms, too long for a click.
 */
const KEEP_ORDER = () => 0;

/**
 * A cell typed into when the line allows it (double-click, or Enter on the focused cell), with its
 * `editor`. What is typed goes to `save` (the server), never into the row: the row is the store's,
 * and the answer replaces it.
 */
function typedCell(
  allowed: (state: LineState) => boolean,
  label: string,
  editor: Pick<ColDef<OrderLineDto>, 'cellEditor' | 'cellEditorParams' | 'cellEditorPopup'>,
  save: (row: OrderLineDto, typed: string) => void,
  final?: (state: LineState) => Why | null,
): ColDef<OrderLineDto> {
  return {
    editable: ({ data }) => (data ? allowed(lineState(data)) : false),
    cellRenderer: TypedCell,
    cellRendererParams: { allowed, label, final },
    ...editor,
    valueSetter: ({ data, newValue, oldValue }) => {
      if (newValue !== oldValue) save(data, typeof newValue === 'string' ? newValue : String(newValue ?? ''));
      return false;
    },
  };
}

// The columns say themselves how they read, show and filter a line: the grid guesses no data type.
/** AG Grid's own texts in a language, each language's asked for once (a promise `use` waits on before the grid is built). */
const gridTexts = new Map<string, Promise<GridTexts | null>>();
function gridTextsOf(language: string): Promise<GridTexts | null> {
  let texts = gridTexts.get(language);
  if (!texts) gridTexts.set(language, (texts = loadGridTexts(language)));
  return texts;
}

const DEFAULT_COLUMN: ColDef<OrderLineDto> = {
  sortable: true,
  comparator: KEEP_ORDER,
  sortingOrder: ['asc', 'desc'],
  floatingFilter: true,
  suppressHeaderMenuButton: true,
  resizable: true,
  cellDataType: false,
};
const ROW_CLASSES: RowClassRules<OrderLineDto> = { urgent: ({ data }) => (data ? urgentLine(data) : false) };
const rowId = ({ data }: GetRowIdParams<OrderLineDto>) => String(data.id);

/**
 * The quick filter's words, folded like the rows' texts: the grid upper-cases the typed text with
 * the plain rule, so the words are folded and upper-cased the same way as the rows' texts (see
 * `searchText`). Empty words (double spaces) would match everything and are left out.
 */
const quickFilterParser = (text: string) => fold(text).toUpperCase().split(' ').filter(Boolean);

/**
 * The quick filter searches what every data column shows (a view's hidden ones too; not the photo's
 * address, not the buttons, and not 'Acil', which only repeats in one word what the row's own texts
 * say, at the cost of reading all of them again). The grid would ask each of 42 columns for its
 * part of a row's text, two calls each: instead one column answers the whole row's text, built here
 * in one go and folded once, and the others nothing. The grid keeps the text with the row until the
 * row changes.
 */
const SEARCH_COLUMN = 'order_number';
const NOT_SEARCHED = new Set(['photo', 'urgent']);
function searchText(columns: OrderColumn[]): (row: OrderLineDto) => string {
  const searched = columns.filter((column) => !isActionColumn(column) && !NOT_SEARCHED.has(column.key));
  return (row) => {
    let text = '';
    for (const column of searched) text += `${column.text(row)}\n`;
    // Upper-cased as the grid does with a text it builds itself, so either text reads the same.
    return fold(text).toUpperCase();
  };
}

/**
 * Runs `work` in the browser's idle moments (short timer slices where there are none, or when no
 * idle moment came for a while) until it says it is done; `hasTime` tells it when to yield.
 */
function whenIdle(work: (hasTime: () => boolean) => boolean): () => void {
  let stopped = false;
  const idle = typeof requestIdleCallback === 'function';
  const step = (deadline?: IdleDeadline) => {
    if (stopped) return;
    const until = performance.now() + (deadline && !deadline.didTimeout ? Math.max(1, deadline.timeRemaining() - 1) : 8);
    if (!work(() => performance.now() < until)) schedule();
  };
  const schedule = () => (idle ? requestIdleCallback(step, { timeout: 500 }) : setTimeout(step, 0));
  schedule();
  return () => {
    stopped = true;
  };
}

/**
 * The admin's order grid: every column sorts and has the grid's own filter for its kind (text,
 * number or date), a quick filter searches every data column, urgent rows are marked, the shown
 * rows and columns export to CSV. The office sees it read-only.
 */
// Memoised: the screen renders again for its own state (the count shown, a notice), which changes nothing here.
const OrderGrid = memo(
  forwardRef<OrderGridHandle, Props>(function OrderGrid(
    { lines, columns, onCountChange, onQualityControl, onApprovePacking, onCorrectGram, onShip, onCorrect, onHistory, busyLines, noMatch, readOnly = false, timeZone, quickFilter = '', initialState, onStateUpdated },
    ref,
  ) {
    const { t, i18n } = useTranslation('orders');
    const language = i18n.language;
    const grid = useRef<AgGridReact<OrderLineDto>>(null);
    const byKey = useMemo(() => new Map(columns.map((column) => [column.key, column])), [columns]);
    const search = useMemo(() => searchText(columns), [columns]);
    // Rows' texts built ahead for a filter, one walk at a time; texts of other columns (new lookups) are not built on.
    const stopPreparing = useRef<(() => void) | null>(null);
    useEffect(() => () => stopPreparing.current?.(), [search]);
    const prepareRows = useCallback((prepare: (node: IRowNode<OrderLineDto>) => void) => {
      stopPreparing.current?.();
      let nodes: IRowNode<OrderLineDto>[] | null = null;
      let next = 0;
      stopPreparing.current = whenIdle((hasTime) => {
        const api = grid.current?.api;
        if (!api || api.isDestroyed()) return true;
        if (!nodes) {
          nodes = [];
          api.forEachNode((node) => void nodes!.push(node));
        }
        // A slice does at least a few rows, however busy the page.
        for (let done = 0; next < nodes.length && (done < 50 || hasTime()); next++, done++) prepare(nodes[next]);
        return next >= nodes.length;
      });
    }, []);
    useImperativeHandle(
      ref,
      () => ({
        visibleRows: () => {
          const visible: OrderLineDto[] = [];
          grid.current?.api.forEachNodeAfterFilterAndSort((node) => node.data && visible.push(node.data));
          return visible;
        },
        visibleColumns: () => grid.current?.api.getAllDisplayedColumns().map((column) => column.getColId()) ?? [],
        applyState: (state: GridState) => {
          const api = grid.current?.api;
          // A view chosen while the grid is still being made is put on it once it is ready.
          if (api && !api.isDestroyed()) api.setState(state);
          else pendingState.current = state;
        },
        prepareQuickFilter: () =>
          prepareRows((node) => {
            if (node.data && !node.quickFilterAggregateText) node.quickFilterAggregateText = search(node.data);
          }),
        exportCsv: (fileName: string) => {
          const api = grid.current?.api;
          if (!api) return;
          // The data columns shown, in their order; the rows shown, as their cells read.
          const columnKeys = api
            .getAllDisplayedColumns()
            .map((column) => column.getColId())
            .filter((key) => {
              const column = byKey.get(key);
              return column !== undefined && !isActionColumn(column);
            });
          api.exportDataAsCsv({
            fileName,
            columnKeys,
            processCellCallback: ({ column, node }) => {
              const shown = byKey.get(column.getColId());
              return shown && node?.data ? shown.text(node.data) : '';
            },
          });
        },
      }),
      [byKey, search, prepareRows],
    );
    /*
     * The rows are given once. A new array on every change would make the grid compare a hundred
     * thousand rows again; a transaction of what changed keeps sort, filter, scroll and selection as
     * they are. `shown` is what the grid holds; until the grid is ready, changes wait there.
     */
    const [initialRows] = useState(() => lines.ids.map((id) => lines.entities[id]));
    const shown = useRef(lines);
    const latest = useRef(lines);
    latest.current = lines;
    const pendingState = useRef<GridState | null>(null);
    const ready = useCallback(() => {
      const state = pendingState.current;
      pendingState.current = null;
      if (state) grid.current?.api.setState(state);
      sync();
    }, []);
    const sync = useCallback(() => {
      const api = grid.current?.api;
      if (!api || api.isDestroyed()) return;
      const empty = shown.current.ids.length === 0;
      const changes = rowChanges(shown.current, latest.current);
      shown.current = latest.current;
      // The first rows of an empty grid show at once; later changes are gathered by the grid (50 ms).
      for (const change of changes) {
        if (empty) api.applyTransaction(change);
        else api.applyTransactionAsync(change);
      }
    }, []);
    useEffect(sync, [lines, sync]);
    const context = useRef<GridActions>({ onQualityControl, onApprovePacking, onCorrectGram, onShip, onCorrect, onHistory, busyLines });
    context.current = { onQualityControl, onApprovePacking, onCorrectGram, onShip, onCorrect, onHistory, busyLines };
    const { columnDefs, foldTexts } = useMemo(() => {
      const foldTexts = new Map<string, (row: OrderLineDto) => void>();
      const columnDefs = columns.map((column): ColDef<OrderLineDto> => {
        const action = isActionColumn(column);
        let filter: Pick<ColDef<OrderLineDto>, 'filter' | 'filterParams'>;
        if (column.filter === 'number') filter = { filter: 'agNumberColumnFilter', filterParams: numberFilter(column.kind === 'gram' ? GRAMS : AMOUNT, language) };
        else if (column.filter === 'date') filter = { filter: 'agDateColumnFilter', filterParams: dateFilter(timeZone) };
        else {
          const text = textFilter(column);
          foldTexts.set(column.key, text.prepare);
          filter = { filter: 'agTextColumnFilter', filterParams: text.params };
        }
        return {
          colId: column.key,
          headerName: column.header,
          // Set when the column is made: a width or visibility the admin (or a saved view) chose stays when the columns are rebuilt.
          initialWidth: column.width,
          initialHide: column.hidden,
          // Each reads what the line already holds or a text built once for it: nothing is allocated per cell.
          ...(column.sortField ? { field: column.sortField } : { valueGetter: ({ data }: ValueGetterParams<OrderLineDto>) => (data ? column.sortValue(data) : null) }),
          valueFormatter: ({ data }) => (data ? column.text(data) || '-' : ''),
          // A text column's 'contains' reads the folded text itself (textMatcher); the value read here is
          // what its 'blank' asks about (a built-in view's 'no workshop yet'). The quick filter has its own text.
          filterValueGetter: column.filter === 'text' ? ({ data }) => (data ? column.text(data) || null : null) : ({ data }) => (data ? column.filterValue(data) : null),
          ...filter,
          // The quick filter searches what the cells show, folded; a photo's address and the buttons are not searched.
          getQuickFilterText: column.key === SEARCH_COLUMN ? ({ data }) => (data ? search(data) : '') : () => '',
          cellRenderer: column.kind === 'text' || column.kind === 'gram' || column.kind === 'tracking' ? undefined : RENDERERS[column.kind],
          pinned: action ? 'right' : undefined,
          ...(column.kind === 'gram' && !readOnly
            ? typedCell(
                canCorrectGram,
                'editGram',
                { cellEditor: GramEditor, cellEditorPopup: true },
                (row, typed) => context.current.onCorrectGram(row, typed),
                (state) => (state.received ? 'received' : null),
              )
            : {}),
          ...(column.kind === 'tracking' && !readOnly
            ? typedCell(canShip, 'editTracking', { cellEditor: 'agTextCellEditor', cellEditorParams: { maxLength: 100 } }, (row, typed) => context.current.onShip(row, typed))
            : {}),
        };
      });
      return { columnDefs, foldTexts };
    }, [columns, readOnly, timeZone, search, language]);
    // A text column's floating filter got the focus: its rows' texts are folded before the first keystroke.
    const prepareColumnFilter = useCallback(
      (event: FocusEvent<HTMLDivElement>) => {
        const key = (event.target as HTMLElement).closest('.ag-floating-filter')?.getAttribute('col-id');
        const prepare = key ? foldTexts.get(key) : undefined;
        if (!key || !prepare) return;
        // The filter itself is made on its first use: made now, the first keystroke only filters.
        void grid.current?.api.getColumnFilterInstance(key);
        prepareRows((node) => node.data && prepare(node.data));
      },
      [foldTexts, prepareRows],
    );
    useEffect(() => {
      const actions = columns.filter(isActionColumn).map((c) => c.key);
      if (actions.length > 0) grid.current?.api?.refreshCells({ columns: actions, force: true });
    }, [busyLines, columns]);

    // The sorted columns, in the order the user sorted them, each by the value it sorts by. A column's
    // ranks are kept per line object until the columns change (their names, so their order, may).
    const ranks = useMemo(() => new Map<string, RankCache>(), [byKey]);
    const postSortRows = useCallback(
      ({ api, nodes }: PostSortRowsParams<OrderLineDto>) => {
        const keys = api
          .getColumnState()
          .filter((state) => state.sort)
          .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
          .flatMap((state) => {
            const column = byKey.get(state.colId);
            if (!column) return [];
            const value = column.sortValue;
            let kept = ranks.get(column.key);
            if (!kept) ranks.set(column.key, (kept = rankCache()));
            return [
              {
                value: (node: IRowNode<OrderLineDto>) => (node.data ? value(node.data) : null),
                descending: state.sort === 'desc',
                kept: { identity: (node: IRowNode<OrderLineDto>) => node.data ?? node, ranks: kept },
              },
            ];
          });
        sortRows(nodes, keys);
      },
      [byKey, ranks],
    );

    // The grid moves the focus from cell to cell and never into a button: Enter or Space on a focused action cell presses its button.
    const pressCellButton = useCallback(
      (params: CellKeyDownEvent<OrderLineDto> | FullWidthCellKeyDownEvent<OrderLineDto>) => {
        const event = params.event as KeyboardEvent | null | undefined;
        const shown = 'column' in params ? byKey.get(params.column.getColId()) : undefined;
        // The cell itself has the focus: a key on a button inside it is the button's own.
        const cell = event?.target instanceof HTMLElement && event.target.classList.contains('ag-cell') ? event.target : null;
        if (!event || !cell || (event.key !== 'Enter' && event.key !== ' ') || !shown || !isActionColumn(shown)) return;
        const button = cell.querySelector<HTMLButtonElement>('button:not(:disabled)');
        if (!button) return;
        event.preventDefault();
        button.click();
      },
      [byKey],
    );

    const countChanged = useCallback(({ api }: ModelUpdatedEvent<OrderLineDto>) => onCountChange(api.getDisplayedRowCount()), [onCountChange]);

    // The quick filter applies after a short pause in typing, like the column filters.
    useEffect(() => {
      const timer = setTimeout(() => {
        const api = grid.current?.api;
        if (api && !api.isDestroyed() && api.getGridOption('quickFilterText') !== quickFilter) api.setGridOption('quickFilterText', quickFilter);
      }, DEBOUNCE_MS);
      return () => clearTimeout(timer);
    }, [quickFilter]);

    // Every object handed to the grid keeps its identity between renders (each batch of a list on its
    // way renders this again): a new one would make the grid build its 42 columns again.
    const texts = use(gridTextsOf(i18n.language));
    const localeText = useMemo(() => ({ ...texts, noMatchingRows: noMatch }), [texts, noMatch]);

    return (
      <div className="order-grid" role="region" aria-label={t('title')} onFocus={prepareColumnFilter}>
        <AgGridReact<OrderLineDto>
          ref={grid}
          theme={themeQuartz}
          localeText={localeText}
          rowData={initialRows}
          columnDefs={columnDefs}
          defaultColDef={DEFAULT_COLUMN}
          getRowId={rowId}
          rowClassRules={ROW_CLASSES}
          context={context}
          // The quick filter's text of a row is built once, and again only when the row changes.
          cacheQuickFilter
          includeHiddenColumnsInQuickFilter
          quickFilterParser={quickFilterParser}
          enableCellTextSelection
          stopEditingWhenCellsLoseFocus
          // Rows just below the screen are rendered ahead; fewer make the first rows show sooner.
          rowBuffer={4}
          // Rows jump to their place: animating them renders every moved row twice on a sort or filter of 100,000.
          animateRows={false}
          initialState={initialState}
          onStateUpdated={onStateUpdated}
          postSortRows={postSortRows}
          onGridReady={ready}
          onModelUpdated={countChanged}
          onCellKeyDown={pressCellButton}
        />
      </div>
    );
  }),
);

export default OrderGrid;
