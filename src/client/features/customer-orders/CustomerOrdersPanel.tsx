import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { API, type CustomerDto, type OrderLineDto } from '../../../shared/api';
import { CUSTOMER_APPROVED, NOT_STARTED } from '../../../shared/statuses';
import { downloadWorkbook } from '../../components/excel';
import { ListStatus } from '../../components/ListStatus';
import { NoticeView, type NoticeLike } from '../../components/NoticeView';
import { useResource } from '../resources/hooks';
import { useFormatters, useLookups } from '../resources/lookups';
import { TableHead } from '../../components/TableHead';

export type CustomerLine = Pick<
  OrderLineDto,
  'id' | 'order_number' | 'product_title' | 'order_line_status_id' | 'current_order_line_process'
  | 'customer_approval_status_id' | 'total_price' | 'created_at'
>;

export const CUSTOMER_ORDERS_KEY = 'customer:me:orders';

/** The customer's order management tab: credit, own orders (a row opens it), Excel export; refreshed on focus. */
export function CustomerOrdersPanel() {
  const { t } = useTranslation('customerOrders');
  const navigate = useNavigate();
  const fmt = useFormatters();
  const lookups = useLookups();
  const orders = useResource<{ orders: CustomerLine[] }>(CUSTOMER_ORDERS_KEY, API.myCustomerOrders, 'customerOrders:loadFailed');
  const me = useResource<{ customer: CustomerDto }>('me:customer', API.myCustomer, 'account:profileFailed');
  const [notice, setNotice] = useState<NoticeLike | null>(null);
  const { reload } = orders;
  useEffect(() => {
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [reload]);

  const rows = orders.data?.orders ?? [];
  const columns = [
    { key: 'order_number', value: (r: CustomerLine) => r.order_number },
    { key: 'product_title', value: (r: CustomerLine) => r.product_title },
    { key: 'status', value: (r: CustomerLine) => lookups.status.get(r.order_line_status_id) ?? String(r.order_line_status_id) },
    {
      key: 'step',
      value: (r: CustomerLine) =>
        r.current_order_line_process === NOT_STARTED ? t('notStarted') : (lookups.step.get(r.current_order_line_process) ?? String(r.current_order_line_process)),
    },
    { key: 'total_price', value: (r: CustomerLine) => fmt.money(r.total_price) },
    { key: 'approval', value: (r: CustomerLine) => (r.customer_approval_status_id === CUSTOMER_APPROVED ? t('approved') : t('waitingApproval')) },
    { key: 'created_at', value: (r: CustomerLine) => fmt.date(r.created_at) },
  ];
  const exportOrders = async () => {
    setNotice(null);
    if (rows.length === 0) return setNotice({ kind: 'error', key: 'customerOrders:nothingToExport' });
    try {
      const date = new Date().toISOString().slice(0, 10);
      await downloadWorkbook(t('fileName', { date }), t('sheet'), columns.map((c) => ({ header: t(`columns.${c.key}`), value: c.value })), rows);
    } catch {
      setNotice({ kind: 'error', key: 'customerOrders:exportFailed' });
    }
  };

  return (
    <section>
      <div className="toolbar">
        <div className="card stat" role="group" aria-label={t('credit')}>
          <strong>{me.data ? fmt.money(me.data.customer.credit) : '-'}</strong>
          {t('credit')}
        </div>
      </div>
      <div className="toolbar">
        <Link to="/customer/new-order" className="button-link">
          {t('newOrder')}
        </Link>
        <button type="button" className="secondary" onClick={exportOrders}>
          {t('export')}
        </button>
      </div>
      <NoticeView notice={notice} />
      <ListStatus status={orders.status} notice={orders.notice} count={rows.length} empty={t('empty')} />
      {rows.length > 0 && (
        <table>
          <TableHead labels={columns.map((c) => t(`columns.${c.key}`))} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="clickable" tabIndex={0} onClick={() => navigate(`/order/${row.id}`)} onKeyDown={(e) => e.key === 'Enter' && navigate(`/order/${row.id}`)}>
                {columns.map((c) => (
                  <td key={c.key}>{c.value(row) || '-'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
