import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { API } from '../../../shared/api';
import { CUSTOMER_APPROVED, NOT_STARTED } from '../../../shared/statuses';
import { NoticeView } from '../../components/NoticeView';
import { useMutation, useResource } from '../resources/hooks';
import { useFormatters, useLookups } from '../resources/lookups';
import { CUSTOMER_ORDERS_KEY } from './CustomerOrdersPanel';

type Line = Record<string, string | number | null> & { id: number; product_picture_url: string | null; customer_approval_status_id: number | null };

const FIELDS = [
  'order_number',
  'product_title',
  'order_line_status_id',
  'current_order_line_process',
  'workshop_name',
  'total_price',
  'product_gram',
  'customer_note',
  'production_expected_date',
  'delivery_to_office',
  'first_name',
  'last_name',
  'address',
  'country',
  'zip_code',
  'email',
  'phone',
  'created_at',
] as const;

/** /order/{id} and /customer/orders/{id}: every field of the customer's own line, approved once. */
export default function CustomerOrderScreen() {
  const { t } = useTranslation('customerOrders');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const fmt = useFormatters();
  const lookups = useLookups();
  const key = `customer:me:order:${id}`;
  const line = useResource<{ order: Line }>(key, API.myCustomerOrder(id), 'customerOrders:detailFailed');
  const approve = useMutation(`customer:approve:${id}`);
  useEffect(() => {
    if (approve.status === 'done') navigate(`/customer/orders/${id}`);
  }, [approve.status, id, navigate]);
  const order = line.data?.order;
  if (!order) return <NoticeView notice={line.notice} />;

  const show = (field: (typeof FIELDS)[number]): string => {
    const value = order[field];
    if (value === null || value === '') return '-';
    if (field === 'order_line_status_id') return lookups.status.get(Number(value)) ?? String(value);
    if (field === 'current_order_line_process') return Number(value) === NOT_STARTED ? t('notStarted') : (lookups.step.get(Number(value)) ?? String(value));
    if (field === 'total_price') return fmt.money(Number(value));
    if (field === 'product_gram') return `${value} g`;
    if (field === 'production_expected_date' || field === 'delivery_to_office' || field === 'created_at') return fmt.date(String(value));
    return String(value);
  };
  const approved = order.customer_approval_status_id === CUSTOMER_APPROVED;

  return (
    <>
      <button type="button" className="link" onClick={() => navigate(-1)}>
        {t('back')}
      </button>
      <h1>{t('detailTitle')}</h1>
      <NoticeView notice={approve.status === 'done' ? { kind: 'success', key: 'customerOrders:approveDone' } : approve.notice} />
      <div className="cards">
        {order.product_picture_url && (
          <div className="card">
            <img src={order.product_picture_url} alt={String(order.product_title)} style={{ maxWidth: '100%' }} />
          </div>
        )}
        <section className="card">
          <dl className="facts">
            {FIELDS.map((field) => (
              <div key={field}>
                <dt>{t(`fields.${field}`)}</dt>
                <dd>{show(field)}</dd>
              </div>
            ))}
          </dl>
          <div className="toolbar">
            <button
              type="button"
              className="big"
              disabled={approved || approve.status === 'busy'}
              onClick={() =>
                approve.send({
                  method: 'PATCH',
                  path: API.myCustomerApprove(id),
                  body: { approved: true },
                  fallback: 'customerOrders:approveFailed',
                  reload: [
                    { key, path: API.myCustomerOrder(id) },
                    { key: CUSTOMER_ORDERS_KEY, path: API.myCustomerOrders },
                  ],
                })
              }
            >
              {approved ? t('approved') : t('approve')}
            </button>
          </div>
        </section>
      </div>
    </>
  );
}
