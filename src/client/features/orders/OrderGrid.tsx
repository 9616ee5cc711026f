import {
  type CellKeyDownEvent,
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  createGrid,
  CsvExportModule,
  CustomEditorModule,
  DateFilterModule,
  ExternalFilterModule,
  type FullWidthCellKeyDownEvent,
  type GridApi,
  type GridOptions,
  GridStateModule,
  type GetRowIdParams,
  type GridState,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  QuickFilterModule,
  RenderApiModule,
  RowApiModule,
  type PostSortRowsParams,
  type RowClassRules,
  RowStyleModule,
  type StateUpdatedEvent,
  TextEditorModule,
  TextFilterModule,
  themeQuartz,
  TooltipModule,
} from 'ag-grid-community';
import { forwardRef, memo, use, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { OrderLineDto } from '../../../shared/api';
import { usePageShape } from '../../components/pageShape';
import type { ViewState } from '../grid-views';
import type { LineTable } from '../order-lines';
import { type OrderColumn, urgentLine } from './columns';
import { GramEditor } from './GramEditor';
import { type EditorHost, type GridActions, type OpenedEditor, pressCellButton } from './gridCells';
import { exportCsv, visibleRows } from './gridExport';
import { gridTextsOf, loadedGridTexts } from './gridTexts';
import { useIdleRows } from './idleRows';
import { QUICK_TEXTS, quickFilterParser, searchText, useQuickFilter } from './quickSearch';
import { DEFAULT_COLUMN, useColumnDefs } from './useColumnDefs';
import { useGridView } from './useGridView';
import { useLiveRows } from './useLiveRows';
import { useRowSort } from './useRowSort';
import { LINE_SELECTION } from './lineSelection';
import { showLine } from './showLine';

ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  CellStyleModule,
  ClientSideRowModelApiModule,
  ColumnApiModule,
  GridStateModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  ExternalFilterModule,
  QuickFilterModule,
  CsvExportModule,
  RenderApiModule,
  RowApiModule,
  RowStyleModule,
  LocaleModule,
  TextEditorModule,
  CustomEditorModule,
  TooltipModule,
]);

export interface OrderGridHandle {
  /** The lines the admin sees, after every filter and in the current sort order. */
  visibleRows: () => OrderLineDto[];
  /** The colIds of the columns shown, in their current order (pinned ones where they are pinned). */
  visibleColumns: () => string[];
  /** Puts a view on the grid: its columns, sort and filters, and the rows of its built-in view. */
  applyState: (state: ViewState) => void;
  /** Writes the rows and data columns shown, in their order and as the cells show them, to a CSV file. */
  exportCsv: (fileName: string) => void;
  /**
   * Builds the quick filter's text of every row ahead, in idle moments (the search box got the
   * focus), so the first search does not build a hundred thousand of them at once.
   */
  prepareQuickFilter: () => void;
  selectedRows: () => OrderLineDto[];
  /** Selects a line's row alone and scrolls to it; false when the grid's filters leave it out. */
  showLine: (id: number) => boolean;
}

interface Props extends GridActions {
  /** Every line of the store; the grid takes its rows once and then only what changed. */
  lines: LineTable;
  columns: OrderColumn[];
  /** Called with the number of lines left after filtering. */
  onCountChange: (count: number) => void;
  /** Called once the grid has drawn its first rows. */
  onFirstRows?: () => void;
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
  /** The built-in view whose rows the grid opens with (the user's saved view); read once. */
  initialBuiltIn?: string;
  /** The user changed the columns, sort or filters. */
  onStateUpdated?: (event: StateUpdatedEvent) => void;
  /** The rows a link asks for (a board cell's place), beside every other filter; null for every row. */
  linkedRows?: ((line: OrderLineDto) => boolean) | null;
}

// Rows as tall as a photo or an action button need: more of them fit on a laptop's screen.
const THEME = themeQuartz.withParams({ rowHeight: 36, headerHeight: 40 });
const ROW_CLASSES: RowClassRules<OrderLineDto> = { urgent: ({ data }) => (data ? urgentLine(data) : false) };
const rowId = ({ data }: GetRowIdParams<OrderLineDto>) => String(data.id);

/**
 * The admin's order grid: every column sorts and has the grid's own filter for its kind (text,
 * number or date), a quick filter searches every data column, urgent rows are marked, the shown
 * rows and columns export to CSV. The office sees it read-only.
 *
 * The grid is AG Grid's own, made once into this component's element and then told what changed:
 * it draws its rows and cells as plain elements (as React components, the rows a sort brings into
 * view were about a quarter of the sort's block). Only the gram's editor is React's, drawn into the
 * grid's popup through a portal so it reads the app's formats and language.
 */
// Memoised: the screen renders again for its own state (the count shown, a notice), which changes nothing here.
const OrderGrid = memo(
  forwardRef<OrderGridHandle, Props>(function OrderGrid(
    { lines, columns, onCountChange, onFirstRows, onQualityControl, onApprovePacking, onCorrectGram, onShip, onCorrect, onHistory, busyLines, noMatch, readOnly = false, timeZone, quickFilter = '', initialState, initialBuiltIn, onStateUpdated, linkedRows = null },
    ref,
  ) {
    const { t, i18n } = useTranslation('orders');
    const language = i18n.language;
    // The screen asks for the whole width too, but its effect runs after this component's: the grid
    // is made at the width it keeps, not made narrow and laid out again.
    usePageShape('wide');
    const element = useRef<HTMLDivElement>(null);
    const grid = useRef<GridApi<OrderLineDto> | null>(null);
    const byKey = useMemo(() => new Map(columns.map((column) => [column.key, column])), [columns]);
    const search = useMemo(() => searchText(columns), [columns]);
    const { prepareRows, rowsPrepared } = useIdleRows(grid, search);
    const quickTextsPrepared = useCallback(() => rowsPrepared(QUICK_TEXTS), [rowsPrepared]);
    const { initialRows, sync } = useLiveRows(grid, lines);
    const view = useGridView(grid, initialBuiltIn, linkedRows);
    const context = useRef<GridActions>({ onQualityControl, onApprovePacking, onCorrectGram, onShip, onCorrect, onHistory, busyLines });
    context.current = { onQualityControl, onApprovePacking, onCorrectGram, onShip, onCorrect, onHistory, busyLines };
    const [editor, setEditor] = useState<{ gui: HTMLElement; opened: OpenedEditor } | null>(null);
    const editorHost = useMemo<EditorHost>(
      () => ({
        open: (gui, opened) => {
          setEditor({ gui, opened });
          // The grid may open the next editor before it closes this one.
          return () => setEditor((shown) => (shown?.gui === gui ? null : shown));
        },
      }),
      [],
    );
    const { columnDefs, prepareColumnFilter } = useColumnDefs({ columns, readOnly, timeZone, language, search, context, busyLines, grid, prepareRows, editorHost });
    const postSortRows = useRowSort(byKey);
    const pressButton = useMemo(() => pressCellButton(byKey), [byKey]);
    useQuickFilter(grid, quickFilter, quickTextsPrepared);

    useImperativeHandle(
      ref,
      () => ({
        visibleRows: () => visibleRows(grid.current ?? undefined),
        selectedRows: () => grid.current?.getSelectedRows() ?? [],
        showLine: (id: number) => showLine(grid.current ?? undefined, id),
        visibleColumns: () => grid.current?.getAllDisplayedColumns().map((column) => column.getColId()) ?? [],
        applyState: view.applyState,
        prepareQuickFilter: () =>
          prepareRows(QUICK_TEXTS, (node) => {
            if (node.data && !node.quickFilterAggregateText) node.quickFilterAggregateText = search(node.data);
          }),
        exportCsv: (fileName: string) => {
          if (grid.current) exportCsv(grid.current, byKey, fileName);
        },
      }),
      [byKey, search, prepareRows, view.applyState],
    );

    // In already when the screen mounts the grid (lazyGrid.ts); otherwise waited for.
    const held = loadedGridTexts(language);
    const texts = held ? held.texts : use(gridTextsOf(language));

    // The grid is made once and calls back through this: what it is handed at its making stays, and the callbacks are always the current ones.
    const current = { onCountChange, onFirstRows, onStateUpdated, postSortRows, pressButton, applyPending: view.applyPending, sync };
    const latest = useRef(current);
    latest.current = current;
    const made = useRef({ initialRows, columnDefs, initialState, localeText: { ...texts, noMatchingRows: noMatch }, view, context });

    useLayoutEffect(() => {
      const { initialRows: rowData, columnDefs: madeColumns, initialState: state, localeText, view: filters, context: actions } = made.current;
      const options: GridOptions<OrderLineDto> = {
        theme: THEME,
        localeText,
        rowData,
        columnDefs: madeColumns,
        defaultColDef: DEFAULT_COLUMN,
        getRowId: rowId,
        rowClassRules: ROW_CLASSES,
        rowSelection: LINE_SELECTION,
        context: actions,
        // The quick filter's text of a row is built once, and again only when the row changes.
        cacheQuickFilter: true,
        includeHiddenColumnsInQuickFilter: true,
        quickFilterParser,
        isExternalFilterPresent: filters.isExternalFilterPresent,
        doesExternalFilterPass: filters.doesExternalFilterPass,
        enableCellTextSelection: true,
        // The narrow action columns' headers are named on hover by the browser's own tooltip.
        enableBrowserTooltips: true,
        stopEditingWhenCellsLoseFocus: true,
        // Rows just below the screen are rendered ahead; fewer make the first rows show sooner.
        rowBuffer: 4,
        // Rows jump to their place: animating them renders every moved row twice on a sort or filter of 100,000.
        animateRows: false,
        // Rows placed by their top, not moved by a transform (which only animated rows need): the browser
        // then paints the rows together instead of giving each its own layer, 65 layers in the first frame
        // made 40.
        suppressRowTransform: true,
        initialState: state,
        onStateUpdated: (event) => latest.current.onStateUpdated?.(event),
        postSortRows: (params: PostSortRowsParams<OrderLineDto>) => latest.current.postSortRows(params),
        onGridReady: ({ api }) => {
          grid.current = api;
          latest.current.applyPending();
          latest.current.sync();
        },
        onModelUpdated: ({ api }) => latest.current.onCountChange(api.getDisplayedRowCount()),
        onFirstDataRendered: () => latest.current.onFirstRows?.(),
        onCellKeyDown: (event: CellKeyDownEvent<OrderLineDto> | FullWidthCellKeyDownEvent<OrderLineDto>) => latest.current.pressButton(event),
      };
      const api = createGrid(element.current!, options);
      grid.current = api;
      return () => {
        grid.current = null;
        api.destroy();
      };
    }, []);

    // Every object handed to the grid keeps its identity between renders (each batch of a list on its
    // way renders this again): new columns would make the grid build its 42 columns again.
    useEffect(() => {
      const api = grid.current;
      if (api && !api.isDestroyed() && api.getGridOption('columnDefs') !== columnDefs) api.setGridOption('columnDefs', columnDefs);
    }, [columnDefs]);

    return (
      <div ref={element} className="order-grid" role="region" aria-label={t('title')} onFocus={prepareColumnFilter}>
        {editor && createPortal(<GramEditor {...editor.opened} />, editor.gui)}
      </div>
    );
  }),
);

export default OrderGrid;
