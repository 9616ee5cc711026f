import type { TFunction } from 'i18next';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrderLineDto } from '../../../shared/api';
import { gramSchema } from '../../../shared/schemas/orders';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sheetCells } from '../../components/excel';
import { ListStatus } from '../../components/ListStatus';
import { type NoticeLike, NoticeView } from '../../components/NoticeView';
import { firstError } from '../../components/validate';
import { exportRequested, selectExport } from '../exports';
import {
  gramCorrected,
  type LineActionKind,
  lineNoticesCleared,
  packingApproved,
  qualityDecided,
  selectBusyLines,
  selectLatestAction,
  selectLineAction,
  selectLineTable,
  useScopeLines,
} from '../order-lines';
import { selectPackingNames, selectQualityControlNames, useFormatters, useLookups } from '../lookups';
import { exportedColumns, orderColumns } from './columns';
import type { OrderGridHandle } from './OrderGrid';
import { type QualityDecision, QualityControlModal } from './QualityControlModal';

/* The grid is the heaviest part of the client: it loads only with this screen's first rows. */
const OrderGrid = lazy(() => import('./OrderGrid'));

const ALL = { kind: 'all' } as const;
const EXPORT_KEY = 'orders';

/** The section 8 prefix of each action's failure. */
const FAILED_PREFIX: Partial<Record<LineActionKind, string>> = {
  quality: 'orders:qualityFailed',
  packing: 'orders:packingFailed',
  gramCorrection: 'orders:gramFailed',
};

/** A failed action's sentence: the section 8 prefix, then the server's reason. */
function failed(notice: NoticeLike | null | undefined, prefix: string, t: TFunction): NoticeLike | null {
  if (!notice) return null;
  if (notice.kind !== 'error') return notice;
  return { kind: 'error', text: t(prefix, { reason: notice.text ?? t(notice.key ?? '') }) };
}

/** /admin/orders, order management: every order line in one grid, with quality control and packing approval. */
export default function AdminOrdersScreen() {
  const { t } = useTranslation('orders');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const base = useLookups();
  const orders = useScopeLines(ALL);
  const qualityNames = useAppSelector(selectQualityControlNames);
  const packingNames = useAppSelector(selectPackingNames);
  const lookups = useMemo(() => ({ ...base, qualityControl: qualityNames, packing: packingNames }), [base, qualityNames, packingNames]);
  const columns = useMemo(() => orderColumns(t, lookups, fmt), [t, lookups, fmt]);

  const grid = useRef<OrderGridHandle>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [deciding, setDeciding] = useState<OrderLineDto | null>(null);
  const [gramNotice, setGramNotice] = useState<NoticeLike | null>(null);
  const busyLines = useAppSelector(selectBusyLines);
  const latest = useAppSelector(selectLatestAction);
  const exported = useAppSelector((state) => selectExport(state, EXPORT_KEY));
  const decision = useAppSelector((state) => (deciding ? selectLineAction(state, deciding.id) : undefined));
  const decisionStatus = decision?.kind === 'quality' ? decision.status : null;
  // A saved decision closes the dialog; its sentence shows above the grid.
  useEffect(() => {
    if (decisionStatus === 'settling') setDeciding(null);
  }, [decisionStatus]);
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
  const correctGram = useCallback(
    (line: OrderLineDto, value: number | null) => {
      const invalid = firstError(gramSchema, { product_gram: value ?? undefined });
      setGramNotice(invalid ? { kind: 'error', key: invalid } : null);
      if (!invalid) dispatch(gramCorrected(line.id, value as number));
    },
    [dispatch],
  );
  const saveQuality = ({ approved, returnStep }: QualityDecision) => {
    if (deciding) dispatch(qualityDecided(deciding.id, { approved, returnStep, reason: approved ? '' : t('quality.rejectReason') }));
  };
  const exportRows = () => {
    const visible = grid.current?.visibleRows() ?? [];
    const cells = sheetCells(exportedColumns(columns), visible);
    const fileName = t('fileName', { date: new Date().toISOString().slice(0, 10) });
    dispatch(exportRequested({ key: EXPORT_KEY, fileName, sheetName: t('sheet'), ...cells, emptyKey: 'orders:nothingToExport', failedKey: 'orders:exportFailed' }));
  };
  // The outcome of the action asked for last; a failure of the open dialog's decision shows in the dialog.
  const latestNotice =
    latest && !(deciding && latest === decision) ? (latest.status === 'failed' ? failed(latest.notice, FAILED_PREFIX[latest.kind] ?? '', t) : latest.notice) : null;

  return (
    <>
      <Link to="/dashboard">{t('common:backToDashboard')}</Link>
      <h1>{t('title')}</h1>
      <div className="toolbar">
        <button type="button" onClick={exportRows} disabled={exported?.status === 'busy' || total === 0}>
          {exported?.status === 'busy' ? t('exporting') : t('export')}
        </button>
        <button type="button" className="secondary" onClick={orders.reload} disabled={orders.status === 'loading'}>
          {t('refresh')}
        </button>
        {total > 0 && <span role="status">{t('count', { shown: shown ?? total, total })}</span>}
      </div>
      <NoticeView notice={exported?.notice ?? gramNotice ?? latestNotice} />
      <ListStatus status={orders.status} notice={failed(orders.notice, 'orders:loadFailedPrefix', t)} count={total} empty={t('empty')} />
      {total > 0 && (
        <Suspense fallback={<p role="status">{t('common:loading')}</p>}>
          <OrderGrid
            ref={grid}
            lines={table}
            columns={columns}
            onCountChange={setShown}
            onQualityControl={openQuality}
            onApprovePacking={approvePacking}
            onCorrectGram={correctGram}
            busyLines={busyLines}
            noMatch={t('noMatch')}
          />
        </Suspense>
      )}
      {deciding && (
        <QualityControlModal
          line={deciding}
          qualityNames={qualityNames}
          busy={decisionStatus === 'busy'}
          notice={decisionStatus === 'failed' ? failed(decision?.notice, 'orders:qualityFailed', t) : null}
          onCancel={() => setDeciding(null)}
          onSave={saveQuality}
        />
      )}
    </>
  );
}
