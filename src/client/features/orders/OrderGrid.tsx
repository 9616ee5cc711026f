import { AG_GRID_LOCALE_TR } from '@ag-grid-community/locale';
import {
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  type ColDef,
  type ICellRendererParams,
  LocaleModule,
  ModuleRegistry,
  NumberEditorModule,
  RenderApiModule,
  RowApiModule,
  RowStyleModule,
  TextFilterModule,
  themeQuartz,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLineDto } from '../../../shared/api';
import { canApprovePacking, canCorrectGram, canDecideQuality, type LineState, lineState } from '../../../shared/lifecycle';
import { foldCase } from '../../../shared/text';
import { isUrgent } from '../../../shared/urgent';
import type { LineTable } from '../order-lines';
import type { OrderColumn } from './columns';
import { rowChanges } from './rowChanges';

ModuleRegistry.registerModules([ClientSideRowModelModule, ClientSideRowModelApiModule, TextFilterModule, RenderApiModule, RowApiModule, RowStyleModule, LocaleModule, NumberEditorModule]);

/** What the grid's action cells call back and which line is busy. */
export interface GridActions {
  onQualityControl: (row: OrderLineDto) => void;
  onApprovePacking: (row: OrderLineDto) => void;
  /** A gram typed into the gram cell (double-click, Enter or leaving the cell saves, Escape cancels). */
  onCorrectGram: (row: OrderLineDto, gram: number | null) => void;
  /** Lines with an action under way or just done, whose buttons wait. */
  busyLines: readonly number[];
}

export interface OrderGridHandle {
  /** The lines the admin sees, after every filter and in the current sort order. */
  visibleRows: () => OrderLineDto[];
}

interface Props extends GridActions {
  /** Every line of the store; the grid takes its rows once and then only what changed. */
  lines: LineTable;
  columns: OrderColumn[];
  /** Called with the number of lines left after filtering. */
  onCountChange: (count: number) => void;
  /** Shown when the filters leave no line. */
  noMatch: string;
}

/* The grid takes its context once, so cells read the current actions through a ref. */
type Cell = ICellRendererParams<OrderLineDto, unknown, { current: GridActions }>;

function PhotoCell({ data }: Cell) {
  return data?.product_picture_url ? <img src={data.product_picture_url} alt={data.product_title} loading="lazy" className="grid-photo" /> : '-';
}

/** A row's action button, named by its column and enabled while the line allows the action. */
function actionCell(allowed: (state: LineState) => boolean, act: (actions: GridActions) => (row: OrderLineDto) => void) {
  return function ActionCell({ data, context, colDef }: Cell) {
    if (!data) return null;
    const actions = context.current;
    return (
      <button type="button" className="small" disabled={!allowed(lineState(data)) || actions.busyLines.includes(data.id)} onClick={() => act(actions)(data)}>
        {colDef?.headerName}
      </button>
    );
  };
}

const RENDERERS = {
  photo: PhotoCell,
  qualityAction: actionCell(canDecideQuality, (a) => a.onQualityControl),
  packingAction: actionCell(canApprovePacking, (a) => a.onApprovePacking),
} as const;

/* A power user types fast: AG Grid's default 500 ms filter debounce is too long. */
const FILTER = { filterOptions: ['contains'], maxNumConditions: 1, debounceMs: 150, textFormatter: (text: string | null) => (text === null ? null : foldCase(text)) };

/** The admin's order grid: every column sorts and has a contains-filter; urgent rows are marked. */
const OrderGrid = forwardRef<OrderGridHandle, Props>(function OrderGrid({ lines, columns, onCountChange, onQualityControl, onApprovePacking, onCorrectGram, busyLines, noMatch }, ref) {
  const { t, i18n } = useTranslation('orders');
  const grid = useRef<AgGridReact<OrderLineDto>>(null);
  useImperativeHandle(ref, () => ({
    visibleRows: () => {
      const visible: OrderLineDto[] = [];
      grid.current?.api.forEachNodeAfterFilterAndSort((node) => node.data && visible.push(node.data));
      return visible;
    },
  }));
  /*
   * The rows are given once. A new array on every change would make the grid compare a hundred
   * thousand rows again; a transaction of what changed keeps sort, filter, scroll and selection as
   * they are. `shown` is what the grid holds; until the grid is ready, changes wait there.
   */
  const [initialRows] = useState(() => lines.ids.map((id) => lines.entities[id]));
  const shown = useRef(lines);
  const latest = useRef(lines);
  latest.current = lines;
  const sync = useCallback(() => {
    const api = grid.current?.api;
    if (!api || api.isDestroyed()) return;
    const changes = rowChanges(shown.current, latest.current);
    shown.current = latest.current;
    if (changes) api.applyTransactionAsync(changes);
  }, []);
  useEffect(sync, [lines, sync]);
  const context = useRef<GridActions>({ onQualityControl, onApprovePacking, onCorrectGram, busyLines });
  context.current = { onQualityControl, onApprovePacking, onCorrectGram, busyLines };
  const columnDefs = useMemo<ColDef<OrderLineDto>[]>(
    () =>
      columns.map((column) => {
        const action = column.kind === 'qualityAction' || column.kind === 'packingAction';
        return {
          colId: column.key,
          headerName: column.header,
          width: column.width,
          valueGetter: ({ data }) => (data ? column.sortValue(data) : null),
          valueFormatter: ({ data }) => (data ? column.text(data) || '-' : ''),
          filterValueGetter: ({ data }) => (data ? column.text(data) : ''),
          cellRenderer: column.kind === 'text' || column.kind === 'gram' ? undefined : RENDERERS[column.kind],
          pinned: action ? 'right' : undefined,
          ...(column.kind === 'gram'
            ? {
                editable: ({ data }) => (data ? canCorrectGram(lineState(data)) : false),
                cellEditor: 'agNumberCellEditor',
                cellEditorParams: { min: 0, step: 0.01 },
                // The row is the store's: the save goes to the server, and its answer replaces the row.
                valueSetter: ({ data, newValue, oldValue }) => {
                  if (newValue !== oldValue) context.current.onCorrectGram(data, typeof newValue === 'number' ? newValue : null);
                  return false;
                },
              }
            : {}),
        };
      }),
    [columns],
  );
  useEffect(() => {
    const actions = columns.filter((c) => c.kind === 'qualityAction' || c.kind === 'packingAction').map((c) => c.key);
    grid.current?.api?.refreshCells({ columns: actions, force: true });
  }, [busyLines, columns]);
  return (
    <div className="order-grid" role="region" aria-label={t('title')}>
      <AgGridReact<OrderLineDto>
        ref={grid}
        theme={themeQuartz}
        localeText={{ ...(i18n.language.startsWith('tr') ? AG_GRID_LOCALE_TR : {}), noMatchingRows: noMatch }}
        rowData={initialRows}
        columnDefs={columnDefs}
        defaultColDef={{ sortable: true, sortingOrder: ['asc', 'desc'], filter: 'agTextColumnFilter', filterParams: FILTER, floatingFilter: true, suppressHeaderMenuButton: true, resizable: true }}
        getRowId={({ data }) => String(data.id)}
        rowClassRules={{ urgent: ({ data }) => (data ? isUrgent(data) : false) }}
        context={context}
        enableCellTextSelection
        stopEditingWhenCellsLoseFocus
        // 42 columns render cheaply; keeping them all in the page lets every filter and the browser's find reach them.
        suppressColumnVirtualisation
        onGridReady={sync}
        onModelUpdated={({ api }) => onCountChange(api.getDisplayedRowCount())}
      />
    </div>
  );
});

export default OrderGrid;
