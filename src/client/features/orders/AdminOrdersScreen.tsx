import { Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { afterPaint } from '../../components/afterPaint';
import { NoticeView } from '../../components/NoticeView';
import { usePageShape } from '../../components/pageShape';
import { EVERY_LINE, lineNoticesCleared, linesShown, selectBusyLines, selectLatestAction, selectLineTable, useScopeLoad } from '../order-lines';
import { archiveQuery, archiveRowsAsked, ArchiveRowsBanner, NEWEST_FIRST, NO_FILTERS, selectArchiveRows } from '../archive';
import { PlaceFilterBanner } from '../flow';
import { selectSettingsStatus } from '../settings';
import { useFormatters, useLookups, useStatusLists } from '../lookups';
import { actionNotice, failed } from './actionNotices';
import { changesLine, orderColumns } from './columns';
import { LazyOrderGrid as OrderGrid, useGridReady } from './lazyGrid';
import { LineDialogs } from './LineDialogs';
import type { OrderGridHandle } from './OrderGrid';
import { OrdersToolbar } from './OrdersToolbar';
import { useShownCount } from './rowCount';
import { GridScanAlert } from './GridScanAlert';
import { gridScanCleared } from './gridScan';
import { useCellEdits } from './useCellEdits';
import { useGridScan } from './useGridScan';
import { useLineDialogs } from './useLineDialogs';
import { useOrderExport } from './useOrderExport';
import { useOrderViews } from './useOrderViews';
import { usePlaceFromLink } from './usePlaceFromLink';
import { useViewFromLink } from './useViewFromLink';

/**
 * /admin/orders, order management: every order line in one grid, with quality control, packing
 * approval, gram correction and each line's history. The office's /office/orders is the same grid
 * read-only: no buttons that change a line, no gram typed in. An archive query run from the
 * toolbar becomes the grid's rows instead of the everyday lines, until the way back is taken.
 * A job ticket scanned with no field focused selects its row; a board cell's link filters the rows
 * to the lines waiting in its place.
 */
export default function AdminOrdersScreen({ readOnly = false }: { readOnly?: boolean }) {
  const { t, i18n } = useTranslation('orders');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  // The grid's columns take the window's whole width, from the screen's first paint.
  usePageShape('wide');
  // The grid is built once its code, its texts and the time zone its dates show in are here: a time
  // zone arriving later would build its columns again.
  const settings = useAppSelector(selectSettingsStatus);
  const gridReady = useGridReady(i18n.language) && (settings === 'ready' || settings === 'failed');
  const base = useLookups();
  // The lines arrive in batches, asked for as the page starts (the router's preload) or once the
  // grid's code is in; the grid shows the first while the rest is on its way.
  const orders = useScopeLoad(EVERY_LINE, gridReady);
  // Painted, the first rows let a reading asked for before the screen read on.
  const firstRowsShown = useCallback(() => afterPaint(() => dispatch(linesShown(EVERY_LINE))), [dispatch]);
  const lists = useStatusLists();
  const lookups = useMemo(() => ({ ...base, ...lists }), [base, lists]);
  const columns = useMemo(() => orderColumns(t, lookups, fmt).filter((column) => !readOnly || !changesLine(column)), [t, lookups, fmt, readOnly]);
  const columnName = useMemo(() => {
    const headers = new Map(columns.map((column) => [column.key, column.header]));
    return (colId: string) => headers.get(colId) ?? colId;
  }, [columns]);
  const grid = useRef<OrderGridHandle>(null);
  const count = useShownCount();
  const { views, quickFilter, changeQuickFilter, opening } = useOrderViews(grid, columns);
  useViewFromLink(views);
  const place = usePlaceFromLink(views);
  const edits = useCellEdits();
  const dialogs = useLineDialogs(edits.clearNotice);
  const exports = useOrderExport(grid, columns);
  const busyLines = useAppSelector(selectBusyLines);
  const latest = useAppSelector(selectLatestAction);
  // Notices belong to this visit of the screen.
  useEffect(() => () => void dispatch(lineNoticesCleared()), [dispatch]);

  // The grid holds every line of its rows and takes only what changed (ids and entities, no array copy):
  // the store's everyday lines, or an archive query's, kept apart in the archive.
  const everyday = useAppSelector(selectLineTable);
  const archived = useAppSelector(selectArchiveRows);
  const query = archived.query !== null && archived.filters !== null ? { query: archived.query, filters: archived.filters } : null;
  const table = query ? archived.table : everyday;
  const rows = query ? { status: archived.status, reload: () => dispatch(archiveRowsAsked(query)) } : orders;
  const total = table.ids.length;
  useGridScan(grid, table);
  // A scanned line the rows do not hold opens as the archive's query of its code: that line alone.
  const openScannedFromArchive = (code: string) => {
    const filters = { ...NO_FILTERS, q: code };
    dispatch(archiveRowsAsked({ query: archiveQuery(filters, NEWEST_FIRST, fmt.timeZone), filters }));
    dispatch(gridScanCleared());
  };
  // A gram far from the expected weight, to be confirmed (the question shows in its dialog).
  const asked = latest?.status === 'confirming' ? (latest.pending ?? null) : null;
  // The outcome of the action asked for last; a failure of the open dialog's action shows in the dialog.
  const latestNotice = latest && !asked && !dialogs.showsInDialog(latest) ? actionNotice(latest, t) : null;

  return (
    <>
      <Link to="/dashboard">{t('common:backToDashboard')}</Link>
      <h1>{t('title')}</h1>
      <OrdersToolbar
        grid={grid}
        exports={exports}
        total={total}
        shown={count.shown}
        progress={!query && orders.status === 'loading' ? orders.progress : null}
        loading={rows.status === 'loading'}
        reload={rows.reload}
        quickFilter={quickFilter}
        onQuickFilter={changeQuickFilter}
        views={views}
        columnName={columnName}
      />
      {place.filter && <PlaceFilterBanner filter={place.filter} onClear={place.clear} />}
      <ArchiveRowsBanner onExportAll={exports.exportQuery} exporting={exports.exported?.status === 'busy'} />
      <NoticeView notice={exports.exported?.notice ?? edits.notice ?? latestNotice} />
      <GridScanAlert onOpenArchive={openScannedFromArchive} />
      {/* An archive query's failure is told in its banner. */}
      <ListStatus status={rows.status} notice={query ? null : failed(orders.notice, 'orders:loadFailedPrefix', t)} count={total} empty={t('empty')} />
      {views.ready && gridReady && (total > 0 || rows.status === 'loading') && (
        <Suspense fallback={total > 0 ? <p role="status">{t('common:loading')}</p> : null}>
          <OrderGrid
            ref={grid}
            lines={table}
            columns={columns}
            onCountChange={count.set}
            onFirstRows={firstRowsShown}
            onQualityControl={dialogs.quality.open}
            onApprovePacking={dialogs.packing.open}
            onCorrectGram={edits.correctGram}
            onShip={edits.ship}
            onCorrect={dialogs.correction.open}
            onHistory={dialogs.history.open}
            busyLines={busyLines}
            noMatch={t('noMatch')}
            readOnly={readOnly}
            timeZone={fmt.timeZone}
            quickFilter={quickFilter}
            initialState={opening.grid}
            initialBuiltIn={opening.builtIn}
            onStateUpdated={views.onStateUpdated}
            linkedRows={place.rows}
          />
        </Suspense>
      )}
      <LineDialogs dialogs={dialogs} qualityNames={lists.qualityControl} asked={asked && { gram: asked, question: latest?.notice ?? null }} readOnly={readOnly} approvePacking={edits.approvePacking} />
    </>
  );
}
