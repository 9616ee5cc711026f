import type { TFunction } from 'i18next';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrderLineDto } from '../../../shared/api';
import { GRAMS } from '../../../shared/decimal';
import { intlLocale } from '../../../shared/locale';
import { gramSchema, shipmentSchema } from '../../../shared/schemas/orders';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sheetCells } from '../../components/excel';
import { ListStatus } from '../../components/ListStatus';
import { type NoticeLike, NoticeView, sentenceText } from '../../components/NoticeView';
import { Modal } from '../../components/Modal';
import { firstError } from '../../components/validate';
import { useTypedNumbers } from '../../components/numberFields';
import { ExportProgress, exportRequested, selectExport } from '../exports';
import { defaultGridState, useGridViews, ViewMenu } from '../grid-views';
import {
  gramConfirmationDeclined,
  gramConfirmationNeeded,
  gramCorrected,
  type LineActionKind,
  lineCancelRequested,
  lineNoticesCleared,
  orderCancelRequested,
  packingApproved,
  qualityDecided,
  selectBusyLines,
  shipmentRequested,
  selectLatestAction,
  selectLineAction,
  selectLineTable,
  stepBackRequested,
  useScopeLoad,
} from '../order-lines';
import { useFormatters, useLookups, useStatusLists } from '../lookups';
import { useGramCheck } from '../settings';
import { changesLine, exportedColumns, isActionColumn, orderColumns } from './columns';
import type { OrderGridHandle } from './OrderGrid';
import { type QualityDecision, QualityControlModal } from './QualityControlModal';
import { type Correction, CorrectionModal } from './CorrectionModal';
import { stepLabel } from '../../../shared/statuses';

/*
 * The grid is the heaviest part of the client: it loads with this screen's code, before the
 * screen asks for its lines, so it is there (and mounted, while the lines are on their way) when
 * the first rows arrive. Once loaded it is rendered directly, without suspending again.
 */
type Grid = typeof import('./OrderGrid').default;
let loadedGrid: Grid | null = null;
let loadingGrid: Promise<{ default: Grid }> | null = null;
const loadGrid = () =>
  (loadingGrid ??= import('./OrderGrid').then(
    (module) => {
      loadedGrid = module.default;
      return module;
    },
    (error: unknown) => {
      loadingGrid = null;
      throw error;
    },
  ));
loadGrid().catch(() => undefined);
const LazyGrid = lazy(loadGrid);
// A line's history is opened now and then: its panel loads when first opened.
const LineHistoryPanel = lazy(() => import('./LineHistoryPanel'));

const ALL = { kind: 'all' } as const;
const EXPORT_KEY = 'orders';

/** The section 8 prefix of each action's failure. */
const FAILED_PREFIX: Partial<Record<LineActionKind, string>> = {
  quality: 'orders:qualityFailed',
  packing: 'orders:packingFailed',
  gramCorrection: 'orders:gramFailed',
  shipment: 'orders:shipmentFailed',
  stepBack: 'orders:correction.failedPrefix',
  cancelLine: 'orders:correction.failedPrefix',
  cancelOrder: 'orders:correction.failedPrefix',
};

const CORRECTIONS: ReadonlySet<LineActionKind> = new Set(['stepBack', 'cancelLine', 'cancelOrder']);

/** A failed action's sentence: the section 8 prefix, then the server's reason. */
function failed(notice: NoticeLike | null | undefined, prefix: string, t: TFunction): NoticeLike | null {
  if (!notice) return null;
  if (notice.kind !== 'error') return notice;
  return { kind: 'error', text: t(prefix, { reason: sentenceText(t, notice) }) };
}

/** Counts with the reader's thousands separator: '45.000' in Turkish. */
const counts = new Map<string, Intl.NumberFormat>();
function countFormat(language: string): Intl.NumberFormat {
  const locale = intlLocale(language);
  let found = counts.get(locale);
  if (!found) counts.set(locale, (found = new Intl.NumberFormat(locale)));
  return found;
}

/**
 * The number of rows the grid shows after its filters. A filter runs in the grid's own timer, where
 * a state update would render the count in a task of its own, often a frame after the rows; an
 * external store's update renders before the task ends, so rows and count change in one frame.
 */
function shownCount() {
  let shown: number | null = null;
  const listeners = new Set<() => void>();
  return {
    set: (count: number) => {
      shown = count;
      for (const listener of listeners) listener();
    },
    get: () => shown,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * /admin/orders, order management: every order line in one grid, with quality control, packing
 * approval, gram correction and each line's history. The office's /office/orders is the same grid
 * read-only: no buttons that change a line, no gram typed in.
 */
export default function AdminOrdersScreen({ readOnly = false }: { readOnly?: boolean }) {
  const { t, i18n } = useTranslation('orders');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const base = useLookups();
  // The lines arrive in batches; the grid shows the first while the rest is on its way.
  const orders = useScopeLoad(ALL);
  const lists = useStatusLists();
  const lookups = useMemo(() => ({ ...base, ...lists }), [base, lists]);
  const columns = useMemo(() => orderColumns(t, lookups, fmt).filter((column) => !readOnly || !changesLine(column)), [t, lookups, fmt, readOnly]);
  const number = countFormat(i18n.language);
  // Chosen once: a component that changed from one render to the next would mount the grid again.
  const [OrderGrid] = useState(() => loadedGrid ?? LazyGrid);

  const grid = useRef<OrderGridHandle>(null);
  const [count] = useState(shownCount);
  const shown = useSyncExternalStore(count.subscribe, count.get);
  const [deciding, setDeciding] = useState<OrderLineDto | null>(null);
  const [correcting, setCorrecting] = useState<OrderLineDto | null>(null);
  const [reading, setReading] = useState<OrderLineDto | null>(null);
  const [gramNotice, setGramNotice] = useState<NoticeLike | null>(null);
  const [quickFilter, setQuickFilter] = useState('');
  // The user's saved view: the grid opens with it, and every change of columns, sort or filters is kept.
  const defaultState = useMemo(
    () => defaultGridState(columns.map((column) => ({ colId: column.key, width: column.width, hide: column.hidden, pinned: isActionColumn(column) ? ('right' as const) : undefined }))),
    [columns],
  );
  const views = useGridViews('orders', {
    defaultState,
    apply: (state) => {
      grid.current?.applyState(state);
      setQuickFilter(state.quickFilter ?? '');
    },
  });
  useEffect(() => {
    if (views.ready) setQuickFilter(views.initialQuickFilter);
  }, [views.ready, views.initialQuickFilter]);
  const busyLines = useAppSelector(selectBusyLines);
  const latest = useAppSelector(selectLatestAction);
  const exported = useAppSelector((state) => selectExport(state, EXPORT_KEY));
  const decision = useAppSelector((state) => (deciding ? selectLineAction(state, deciding.id) : undefined));
  const decisionStatus = decision?.kind === 'quality' ? decision.status : null;
  const correction = useAppSelector((state) => (correcting ? selectLineAction(state, correcting.id) : undefined));
  const correctionStatus = correction && CORRECTIONS.has(correction.kind) ? correction.status : null;
  // A saved decision or correction closes its dialog; its sentence shows above the grid.
  useEffect(() => {
    if (decisionStatus === 'settling') setDeciding(null);
  }, [decisionStatus]);
  useEffect(() => {
    if (correctionStatus === 'settling') setCorrecting(null);
  }, [correctionStatus]);
  // Notices belong to this visit of the screen.
  useEffect(() => () => void dispatch(lineNoticesCleared()), [dispatch]);

  // The grid holds every line of the store and takes only what changed (ids and entities, no array copy).
  const table = useAppSelector(selectLineTable);
  const total = table.ids.length;
  const approvePacking = useCallback(
    (line: OrderLineDto) => {
      setGramNotice(null);
      dispatch(packingApproved(line.id));
    },
    [dispatch],
  );
  const openQuality = useCallback((line: OrderLineDto) => {
    setGramNotice(null);
    setDeciding(line);
  }, []);
  const openCorrection = useCallback((line: OrderLineDto) => {
    setGramNotice(null);
    setCorrecting(line);
  }, []);
  const openHistory = useCallback((line: OrderLineDto) => setReading(line), []);
  const saveCorrection = (change: Correction) => {
    if (!correcting) return;
    if (change.mode === 'stepBack') dispatch(stepBackRequested(correcting.id, change.step, change.reason));
    else if (change.mode === 'cancelLine') dispatch(lineCancelRequested(correcting.id, change.reason));
    else dispatch(orderCancelRequested(correcting.id, correcting.order_id, change.reason));
  };
  const where = (line: OrderLineDto) =>
    [base.status.get(line.order_line_status_id) ?? String(line.order_line_status_id), stepLabel(line.current_order_line_process, (s) => base.step.get(s), t('notStarted'))].join(' · ');
  const { read } = useTypedNumbers();
  const gramCheck = useGramCheck();
  const correctGram = useCallback(
    (line: OrderLineDto, typed: string) => {
      const reading = read(typed, GRAMS);
      if (reading.status === 'refused') {
        setGramNotice({ kind: 'error', ...reading.refusal });
        return;
      }
      const value = reading.status === 'read' ? reading.value : undefined;
      if (value === line.product_gram) return;
      const invalid = firstError(gramSchema, { product_gram: value });
      setGramNotice(invalid ? { kind: 'error', key: invalid } : null);
      if (invalid) return;
      const gram = value as number;
      // Beyond the hard bound refused here already; beyond the confirm band asked before anything is sent.
      const { verdict, sentence } = gramCheck(gram, line.expected_weight);
      if (verdict === 'refused') setGramNotice({ kind: 'error', ...sentence });
      else if (verdict === 'confirm') dispatch(gramConfirmationNeeded({ kind: 'gramCorrection', id: line.id, gram, confirmed: false }, { kind: 'info', ...sentence }));
      else dispatch(gramCorrected(line.id, gram));
    },
    [dispatch, read, gramCheck],
  );
  const ship = useCallback(
    (line: OrderLineDto, typed: string) => {
      const tracking = typed.trim();
      const invalid = firstError(shipmentSchema, { shipment_tracking_number: tracking });
      setGramNotice(invalid ? { kind: 'error', key: invalid } : null);
      if (!invalid) dispatch(shipmentRequested(line.id, tracking));
    },
    [dispatch],
  );
  const saveQuality = (decision: QualityDecision) => {
    if (deciding) dispatch(qualityDecided(deciding.id, decision));
  };
  const exportRows = () => {
    const visible = grid.current?.visibleRows() ?? [];
    const cells = sheetCells(exportedColumns(columns, grid.current?.visibleColumns() ?? []), visible);
    const fileName = t('fileName', { date: new Date().toISOString().slice(0, 10) });
    dispatch(exportRequested({ key: EXPORT_KEY, fileName, sheetName: t('sheet'), ...cells, emptyKey: 'orders:nothingToExport', failedKey: 'orders:exportFailed' }));
  };
  // The grid's own CSV writer: the rows and columns shown, in their order.
  const exportCsv = () => grid.current?.exportCsv(t('csvFileName', { date: new Date().toISOString().slice(0, 10) }));
  const progress = orders.status === 'loading' ? orders.progress : null;
  // A gram far from the expected weight, to be confirmed (the question shows in its dialog).
  const asked = latest?.status === 'confirming' ? (latest.pending ?? null) : null;
  // The outcome of the action asked for last; a failure of the open dialog's decision shows in the dialog.
  const latestNotice =
    latest && !asked && !(deciding && latest === decision) && !(correcting && latest === correction) ? (latest.status === 'failed' ? failed(latest.notice, FAILED_PREFIX[latest.kind] ?? '', t) : latest.notice) : null;

  return (
    <>
      <Link to="/dashboard">{t('common:backToDashboard')}</Link>
      <h1>{t('title')}</h1>
      <div className="toolbar">
        <button type="button" onClick={exportRows} disabled={exported?.status === 'busy' || total === 0}>
          {exported?.status === 'busy' ? t('exporting') : t('export')}
        </button>
        <button type="button" className="secondary" onClick={exportCsv} disabled={total === 0}>
          {t('exportCsv')}
        </button>
        <button type="button" className="secondary" onClick={orders.reload} disabled={orders.status === 'loading'}>
          {t('refresh')}
        </button>
        <input
          type="search"
          className="narrow"
          aria-label={t('quickFilter')}
          placeholder={t('quickFilterHint')}
          value={quickFilter}
          onChange={(e) => {
            setQuickFilter(e.target.value);
            views.onQuickFilterChanged(e.target.value);
          }}
          // Whoever goes to the search box is about to search: the rows' texts are built meanwhile.
          onFocus={() => grid.current?.prepareQuickFilter()}
        />
        <ViewMenu views={views} />
        <ExportProgress exportKey={EXPORT_KEY} />
        {total > 0 && <span role="status">{t('count', { shown: number.format(shown ?? total), total: number.format(total) })}</span>}
        {progress && progress.total > 0 && (
          <span role="status" className="hint">
            {t('loadingProgress', { loaded: number.format(Math.min(progress.loaded, progress.total)), total: number.format(progress.total) })}
          </span>
        )}
      </div>
      <NoticeView notice={exported?.notice ?? gramNotice ?? latestNotice} />
      <ListStatus status={orders.status} notice={failed(orders.notice, 'orders:loadFailedPrefix', t)} count={total} empty={t('empty')} />
      {views.ready && (total > 0 || orders.status === 'loading') && (
        <Suspense fallback={total > 0 ? <p role="status">{t('common:loading')}</p> : null}>
          <OrderGrid
            ref={grid}
            lines={table}
            columns={columns}
            onCountChange={count.set}
            onQualityControl={openQuality}
            onApprovePacking={approvePacking}
            onCorrectGram={correctGram}
            onShip={ship}
            onCorrect={openCorrection}
            onHistory={openHistory}
            busyLines={busyLines}
            noMatch={t('noMatch')}
            readOnly={readOnly}
            timeZone={fmt.timeZone}
            quickFilter={quickFilter}
            initialState={views.initialState}
            initialBuiltIn={views.initialBuiltIn}
            onStateUpdated={views.onStateUpdated}
          />
        </Suspense>
      )}
      {deciding && !readOnly && (
        <QualityControlModal
          line={deciding}
          qualityNames={lists.qualityControl}
          busy={decisionStatus === 'busy'}
          notice={decisionStatus === 'failed' ? failed(decision?.notice, 'orders:qualityFailed', t) : null}
          onCancel={() => setDeciding(null)}
          onSave={saveQuality}
        />
      )}
      {reading && (
        <Suspense fallback={<p role="status">{t('common:loading')}</p>}>
          <LineHistoryPanel line={reading} onClose={() => setReading(null)} />
        </Suspense>
      )}
      {asked && !readOnly && (
        <Modal title={t('gramConfirm.title')} onClose={() => dispatch(gramConfirmationDeclined(asked.id))}>
          <NoticeView notice={latest?.notice ?? null} />
          <div className="toolbar">
            <button type="button" onClick={() => dispatch(gramCorrected(asked.id, asked.gram, true))}>
              {t('gramConfirm.save')}
            </button>
            <button type="button" className="secondary" onClick={() => dispatch(gramConfirmationDeclined(asked.id))}>
              {t('gramConfirm.cancel')}
            </button>
          </div>
        </Modal>
      )}
      {correcting && !readOnly && (
        <CorrectionModal
          line={correcting}
          where={where(correcting)}
          busy={correctionStatus === 'busy'}
          notice={correctionStatus === 'failed' ? failed(correction?.notice, 'orders:correction.failedPrefix', t) : null}
          onCancel={() => setCorrecting(null)}
          onSave={saveCorrection}
        />
      )}
    </>
  );
}
