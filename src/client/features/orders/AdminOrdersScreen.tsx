import type { TFunction } from 'i18next';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { API, type LookupDto, type OrderLineDto } from '../../../shared/api';
import { gramSchema } from '../../../shared/schemas/orders';
import { downloadWorkbook } from '../../components/excel';
import { ListStatus } from '../../components/ListStatus';
import { type NoticeLike, NoticeView } from '../../components/NoticeView';
import { useMutation, useResource } from '../resources/hooks';
import { useFormatters, useLookups } from '../resources/lookups';
import { exportedColumns, orderColumns } from './columns';
import type { OrderGridHandle } from './OrderGrid';
import { type QualityDecision, QualityControlModal } from './QualityControlModal';
import { firstError } from '../../components/validate';

/* The grid is the heaviest part of the client: it loads only with this screen's first rows. */
const OrderGrid = lazy(() => import('./OrderGrid'));

export const ORDERS_KEY = 'orders:all';

/* An action answers with the changed line, which replaces its row: no reload of every line. */
const PATCH = { key: ORDERS_KEY, list: 'orders' };

const byId = (rows: LookupDto[] | undefined) => new Map((rows ?? []).map((row) => [row.id, row.name]));

/** A failed action's sentence: the section 8 prefix, then the server's reason. */
function failed(notice: NoticeLike | null, prefix: string, t: TFunction): NoticeLike | null {
  if (notice?.kind !== 'error') return notice;
  return { kind: 'error', text: t(prefix, { reason: notice.text ?? t(notice.key ?? '') }) };
}

/** /admin/orders, order management: every order line in one grid, with quality control and packing approval. */
export default function AdminOrdersScreen() {
  const { t } = useTranslation('orders');
  const fmt = useFormatters();
  const base = useLookups();
  const orders = useResource<{ orders: OrderLineDto[] }>(ORDERS_KEY, API.orders, 'orders:loadFailed');
  const quality = useResource<{ quality_control_statuses: LookupDto[] }>('lookup:quality', API.qualityControlStatuses, 'orders:loadFailed');
  const packing = useResource<{ packing_statuses: LookupDto[] }>('lookup:packing', API.packingStatuses, 'orders:loadFailed');
  const qualityNames = useMemo(() => byId(quality.data?.quality_control_statuses), [quality.data]);
  const lookups = useMemo(() => ({ ...base, qualityControl: qualityNames, packing: byId(packing.data?.packing_statuses) }), [base, qualityNames, packing.data]);
  const columns = useMemo(() => orderColumns(t, lookups, fmt), [t, lookups, fmt]);

  const grid = useRef<OrderGridHandle>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [deciding, setDeciding] = useState<OrderLineDto | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportNotice, setExportNotice] = useState<NoticeLike | null>(null);
  const decide = useMutation('orders:quality');
  const pack = useMutation('orders:packing');
  const gram = useMutation('orders:gram');
  const [gramNotice, setGramNotice] = useState<NoticeLike | null>(null);
  const [packingLine, setPackingLine] = useState<number | null>(null);
  const busyLine = pack.status === 'busy' ? packingLine : null;
  // A saved decision closes the dialog.
  useEffect(() => {
    if (decide.status === 'done') setDeciding(null);
  }, [decide.status]);

  const rows = orders.data?.orders ?? [];
  // One notice at a time: starting an action clears what the other one said.
  const { send: sendPacking, clear: clearPacking } = pack;
  const { send: sendGram, clear: clearGram } = gram;
  const { clear: clearDecision } = decide;
  const quiet = useCallback(() => {
    clearDecision();
    clearPacking();
    clearGram();
    setGramNotice(null);
    setExportNotice(null);
  }, [clearDecision, clearPacking, clearGram]);
  const approvePacking = useCallback(
    (line: OrderLineDto) => {
      quiet();
      setPackingLine(line.id);
      sendPacking({ method: 'PUT', path: API.approveShipping(line.id), fallback: 'orders:packingFailedUnknown', patch: PATCH });
    },
    [sendPacking, quiet],
  );
  const openQuality = useCallback(
    (line: OrderLineDto) => {
      quiet();
      setDeciding(line);
    },
    [quiet],
  );
  const correctGram = useCallback(
    (line: OrderLineDto, value: number | null) => {
      quiet();
      const invalid = firstError(gramSchema, { product_gram: value ?? undefined });
      if (invalid) return setGramNotice({ kind: 'error', key: invalid });
      sendGram({ method: 'PUT', path: API.correctGram(line.id), body: { product_gram: value }, fallback: 'orders:gramFailedUnknown', patch: PATCH });
    },
    [sendGram, quiet],
  );
  const saveQuality = ({ approved, returnStep }: QualityDecision) => {
    if (!deciding) return;
    const body = { approved, reason: approved ? '' : t('quality.rejectReason'), return_step_id: returnStep };
    decide.send({ method: 'PUT', path: API.qualityStatus(deciding.id), body, fallback: 'orders:qualityFailedUnknown', patch: PATCH });
  };

  const exportRows = async () => {
    setExportNotice(null);
    const visible = grid.current?.visibleRows() ?? [];
    if (visible.length === 0) return setExportNotice({ kind: 'error', key: 'orders:nothingToExport' });
    setExporting(true);
    try {
      await downloadWorkbook(t('fileName', { date: new Date().toISOString().slice(0, 10) }), t('sheet'), exportedColumns(columns), visible);
    } catch {
      setExportNotice({ kind: 'error', key: 'orders:exportFailed' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Link to="/dashboard">{t('common:backToDashboard')}</Link>
      <h1>{t('title')}</h1>
      <div className="toolbar">
        <button type="button" onClick={exportRows} disabled={exporting || rows.length === 0}>
          {exporting ? t('exporting') : t('export')}
        </button>
        <button type="button" className="secondary" onClick={orders.reload} disabled={orders.status === 'loading'}>
          {t('refresh')}
        </button>
        {rows.length > 0 && <span role="status">{t('count', { shown: shown ?? rows.length, total: rows.length })}</span>}
      </div>
      <NoticeView
        notice={
          exportNotice ?? gramNotice ?? (decide.status === 'done' ? decide.notice : null) ?? failed(pack.notice, 'orders:packingFailed', t) ?? failed(gram.notice, 'orders:gramFailed', t)
        }
      />
      <ListStatus status={orders.status} notice={failed(orders.notice, 'orders:loadFailedPrefix', t)} count={rows.length} empty={t('empty')} />
      {rows.length > 0 && (
        <Suspense fallback={<p role="status">{t('common:loading')}</p>}>
          <OrderGrid
            ref={grid}
            rows={rows}
            columns={columns}
            onCountChange={setShown}
            onQualityControl={openQuality}
            onApprovePacking={approvePacking}
            onCorrectGram={correctGram}
            busyLine={busyLine}
            noMatch={t('noMatch')}
          />
        </Suspense>
      )}
      {deciding && (
        <QualityControlModal
          line={deciding}
          qualityNames={qualityNames}
          stepNames={base.step}
          busy={decide.status === 'busy'}
          notice={decide.status === 'failed' ? failed(decide.notice, 'orders:qualityFailed', t) : null}
          onCancel={() => setDeciding(null)}
          onSave={saveQuality}
        />
      )}
    </>
  );
}
