import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { OrderLineDto } from '../../../shared/api';
import { CUSTOMER_APPROVED, stepLabel } from '../../../shared/statuses';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { type SheetColumn, sheetCells } from '../../components/excel';
import { ListStatus } from '../../components/ListStatus';
import { NoticeView } from '../../components/NoticeView';
import { Pager, usePaging } from '../../components/Pager';
import { TableHead } from '../../components/TableHead';
import { ArchiveLink } from '../archive';
import { ExportProgress, exportRequested, selectExport } from '../exports';
import { useScopeLines } from '../order-lines';
import { useOwnCustomer } from '../account';
import { useFormatters, useLookups, useStatusTexts } from '../lookups';
import { selectPlacedOrder } from './manualOrder';

const MINE = { kind: 'myCustomer' } as const;
const EXPORT_KEY = 'customer:me:orders';

/**
 * How a column of the list goes into the Excel sheet: an amount as a number with its currency in
 * the next column, a date as a date cell (on the office's clock); the rest as the list writes it.
 */
function sheetColumnsOf(key: string, header: (key: string) => string, shown: (row: OrderLineDto) => string): SheetColumn<OrderLineDto>[] {
  const name = header(key);
  if (key === 'total_price') return [{ header: name, type: 'number', value: (r) => r.total_price }, { header: header('currency'), type: 'text', value: (r) => r.currency }];
  if (key === 'created_at') return [{ header: name, type: 'date', value: (r) => r.created_at }];
  return [{ header: name, type: 'text', value: shown }];
}

/**
 * The customer's order management tab: credit and what is left of it, own orders (a row opens it),
 * Excel export; refreshed on focus. `?order=` shows one order's lines (where a placed order opens),
 * with the way back to them all.
 */
export function CustomerOrdersPanel() {
  const { t } = useTranslation('customerOrders');
  const navigate = useNavigate();
  const fmt = useFormatters();
  const lookups = useLookups();
  const status = useStatusTexts();
  const dispatch = useAppDispatch();
  const orders = useScopeLines(MINE);
  const me = useOwnCustomer();
  const exported = useAppSelector((state) => selectExport(state, EXPORT_KEY));
  const { reload } = orders;
  useEffect(() => {
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [reload]);

  const [search, setSearch] = useSearchParams();
  const only = search.get('order');
  const rows = useMemo(() => (only === null ? orders.lines : orders.lines.filter((line) => line.order_number === only)), [orders.lines, only]);
  const placed = useAppSelector(selectPlacedOrder);
  // Only a page of the list renders (a big customer has tens of thousands of lines); the export takes them all.
  const paging = usePaging(rows);
  const columns = [
    { key: 'order_number', value: (r: OrderLineDto) => r.order_number },
    { key: 'product_title', value: (r: OrderLineDto) => r.product_title },
    { key: 'status', value: status.told },
    { key: 'step', value: (r: OrderLineDto) => stepLabel(r.current_order_line_process, (id) => lookups.step.get(id), t('notStarted')) },
    { key: 'total_price', value: (r: OrderLineDto) => fmt.money(r.total_price, r.currency) },
    { key: 'customer_note', value: (r: OrderLineDto) => r.customer_note ?? '' },
    { key: 'approval', value: (r: OrderLineDto) => (r.customer_approval_status_id === CUSTOMER_APPROVED ? t('approved') : t('waitingApproval')) },
    { key: 'created_at', value: (r: OrderLineDto) => fmt.date(r.created_at) },
  ];
  const exportOrders = () => {
    const date = fmt.today();
    const cells = sheetCells(columns.flatMap((c) => sheetColumnsOf(c.key, (key) => t(`columns.${key}`), c.value)), rows);
    dispatch(exportRequested({ key: EXPORT_KEY, fileName: t('fileName', { date }), sheetName: t('sheet'), ...cells, emptyKey: 'customerOrders:nothingToExport', failedKey: 'customerOrders:exportFailed' }));
  };

  return (
    <section>
      <div className="toolbar">
        <div className="card stat" role="group" aria-label={t('credit')}>
          <strong>{me.data ? fmt.money(me.data.credit, me.data.credit_currency) : '-'}</strong>
          {t('credit')}
        </div>
        <div className="card stat" role="group" aria-label={t('availableCredit')}>
          <strong>{me.data ? fmt.money(me.data.available_credit, me.data.credit_currency) : '-'}</strong>
          {t('availableCredit')}
        </div>
      </div>
      <div className="toolbar">
        <Link to="/customer/new-order" className="button-link">
          {t('newOrder')}
        </Link>
        <button type="button" className="secondary" onClick={exportOrders} disabled={exported?.status === 'busy'}>
          {t('export')}
        </button>
        <ExportProgress exportKey={EXPORT_KEY} />
        <ArchiveLink />
      </div>
      <NoticeView notice={exported?.notice ?? null} />
      {only !== null && (
        <div className="toolbar" role="group" aria-label={t('filter.label')}>
          <span>{t('filter.showing', { number: only })}</span>
          <button type="button" className="secondary" onClick={() => setSearch({}, { replace: true })}>
            {t('filter.all')}
          </button>
        </div>
      )}
      <NoticeView notice={placed && placed.order_number === only ? { kind: 'success', ...placed.message } : null} />
      <ListStatus status={orders.status} notice={orders.notice} count={rows.length} empty={t('empty')} />
      {rows.length > 0 && (
        <table>
          <TableHead labels={columns.map((c) => t(`columns.${c.key}`))} />
          <tbody>
            {paging.visible.map((row) => (
              <tr key={row.id} className="clickable" tabIndex={0} onClick={() => navigate(`/order/${row.id}`)} onKeyDown={(e) => e.key === 'Enter' && navigate(`/order/${row.id}`)}>
                {columns.map((c) => (
                  <td key={c.key}>{c.value(row) || '-'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={paging.page} pages={paging.pages} onPage={paging.onPage} />
    </section>
  );
}
