import type { ColDef, GridApi, IRowNode, ValueGetterParams } from 'ag-grid-community';
import { type FocusEvent, type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLineDto } from '../../../shared/api';
import { AMOUNT, GRAMS } from '../../../shared/decimal';
import { isActionColumn, type OrderColumn } from './columns';
import { type EditorHost, type GridActions, gramCell, RENDERERS, trackingCell } from './gridCells';
import { dateFilter, numberFilter, textFilter } from './gridFilters';
import { SEARCH_COLUMN } from './quickSearch';
import { KEEP_ORDER } from './useRowSort';

// The columns say themselves how they read, show and filter a line: the grid guesses no data type.
export const DEFAULT_COLUMN: ColDef<OrderLineDto> = {
  sortable: true,
  comparator: KEEP_ORDER,
  sortingOrder: ['asc', 'desc'],
  floatingFilter: true,
  suppressHeaderMenuButton: true,
  resizable: true,
  cellDataType: false,
};

interface ColumnOptions {
  columns: OrderColumn[];
  readOnly: boolean;
  timeZone: string | undefined;
  language: string;
  /** A row's quick filter text (quickSearch.ts `searchText`). */
  search: (row: OrderLineDto) => string;
  /** The current actions, read by the typed cells when a value is typed. */
  context: RefObject<GridActions>;
  busyLines: readonly number[];
  grid: RefObject<GridApi<OrderLineDto> | null>;
  /** Builds the rows' texts for a filter in idle moments (idleRows.ts). */
  prepareRows: (kind: string, prepare: (node: IRowNode<OrderLineDto>) => void) => void;
  /** Draws the gram's editor. */
  editorHost: EditorHost;
}

/**
 * The grid's column definitions from the order columns, each with its filter, renderer and editor;
 * `prepareColumnFilter`, for the grid's focus event, folds a text column's rows ahead when its
 * floating filter gets the focus. The action cells are drawn again as lines turn busy or free.
 */
export function useColumnDefs({ columns, readOnly, timeZone, language, search, context, busyLines, grid, prepareRows, editorHost }: ColumnOptions) {
  const { t } = useTranslation('orders');
  const { columnDefs, foldTexts } = useMemo(() => {
    const foldTexts = new Map<string, (row: OrderLineDto) => void>();
    const columnDefs = columns.map((column): ColDef<OrderLineDto> => {
      const action = isActionColumn(column);
      let byKind: Pick<ColDef<OrderLineDto>, 'filter' | 'filterParams' | 'floatingFilter' | 'headerTooltip' | 'headerClass' | 'cellClass'>;
      // An action column is one icon wide: its header is named on hover, and it has no filter to type into.
      if (action) byKind = { filter: false, floatingFilter: false, headerTooltip: column.header, headerClass: 'action-column', cellClass: 'action-column' };
      else if (column.filter === 'number') byKind = { filter: 'agNumberColumnFilter', filterParams: numberFilter(column.kind === 'gram' ? GRAMS : AMOUNT, language) };
      else if (column.filter === 'date') byKind = { filter: 'agDateColumnFilter', filterParams: dateFilter(timeZone) };
      else {
        const text = textFilter(column);
        foldTexts.set(column.key, text.prepare);
        byKind = { filter: 'agTextColumnFilter', filterParams: text.params };
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
        // what its 'blank' asks about. The quick filter has its own text.
        filterValueGetter: column.filter === 'text' ? ({ data }) => (data ? column.text(data) || null : null) : ({ data }) => (data ? column.filterValue(data) : null),
        ...byKind,
        // The quick filter searches what the cells show, folded; a photo's address and the buttons are not searched.
        getQuickFilterText: column.key === SEARCH_COLUMN ? ({ data }) => (data ? search(data) : '') : () => '',
        ...(column.kind === 'text' || column.kind === 'gram' || column.kind === 'tracking' ? {} : { cellRenderer: RENDERERS[column.kind], cellRendererParams: { t } }),
        pinned: action ? 'right' : undefined,
        ...(column.kind === 'gram' && !readOnly ? gramCell((row, typed) => context.current.onCorrectGram(row, typed), t, editorHost) : {}),
        ...(column.kind === 'tracking' && !readOnly ? trackingCell((row, typed) => context.current.onShip(row, typed), t) : {}),
      };
    });
    return { columnDefs, foldTexts };
  }, [columns, readOnly, timeZone, search, language, context, t, editorHost]);

  const prepareColumnFilter = useCallback(
    (event: FocusEvent<HTMLDivElement>) => {
      const key = (event.target as HTMLElement).closest('.ag-floating-filter')?.getAttribute('col-id');
      const prepare = key ? foldTexts.get(key) : undefined;
      if (!key || !prepare) return;
      // The filter itself is made on its first use: made now, the first keystroke only filters.
      void grid.current?.getColumnFilterInstance(key);
      prepareRows(`column ${key}`, (node) => node.data && prepare(node.data));
    },
    [foldTexts, prepareRows, grid],
  );

  // The cells drawn with the grid already show these: only a later change draws them again.
  const drawnWith = useRef({ busyLines, columns });
  useEffect(() => {
    if (drawnWith.current.busyLines === busyLines && drawnWith.current.columns === columns) return;
    drawnWith.current = { busyLines, columns };
    const actions = columns.filter(isActionColumn).map((c) => c.key);
    if (actions.length > 0) grid.current?.refreshCells({ columns: actions, force: true });
  }, [busyLines, columns, grid]);

  return { columnDefs, prepareColumnFilter };
}
