import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { canCustomerApprove, lineState } from '../../../shared/lifecycle';
import { stepLabel } from '../../../shared/statuses';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NoticeView } from '../../components/NoticeView';
import { customerApprovalRequested, lineRequested, selectLine, selectLineAction, selectLoad } from '../order-lines';
import { useFormatters, useLookups, useStatusTexts } from '../lookups';

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
  const status = useStatusTexts();
  const dispatch = useAppDispatch();
  const order = useAppSelector((state) => selectLine(state, id));
  const load = useAppSelector((state) => selectLoad(state, `line:${id}`));
  const approve = useAppSelector((state) => selectLineAction(state, id));
  const approving = approve?.kind === 'customerApprove' ? approve.status : null;
  useEffect(() => {
    dispatch(lineRequested({ id, reader: 'customer' }));
  }, [dispatch, id]);
  useEffect(() => {
    // In place of the order just approved, not after it: a way back never returns to the approval.
    if (approving === 'settling') navigate(`/customer/orders/${id}`, { replace: true });
  }, [approving, id, navigate]);
  if (!order) return <NoticeView notice={load?.notice ?? null} />;

  const show = (field: (typeof FIELDS)[number]): string => {
    const value = order[field];
    if (value === null || value === '') return '-';
    if (field === 'order_line_status_id') return status.told(order);
    if (field === 'current_order_line_process') return stepLabel(Number(value), (step) => lookups.step.get(step), t('notStarted'));
    if (field === 'total_price') return fmt.money(Number(value), order.currency);
    if (field === 'product_gram') return fmt.gram(Number(value));
    if (field === 'production_expected_date' || field === 'delivery_to_office' || field === 'created_at') return fmt.date(String(value));
    return String(value);
  };
  const state = lineState(order);

  return (
    <>
      {/* Back to the customer's orders, whichever way the order was reached (a link, the address bar, an approval). */}
      <Link to="/customer/orders">{t('back')}</Link>
      <h1>{t('detailTitle')}</h1>
      <NoticeView notice={approving === 'settling' || approving === 'done' ? { kind: 'success', key: 'customerOrders:approveDone' } : approving === 'failed' ? approve!.notice : null} />
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
          {/* A canceled line is only read: its status says why and when, and no button is offered. */}
          {!state.canceled && (
            <div className="toolbar">
              <button
                type="button"
                className="big"
                disabled={!canCustomerApprove(state) || approving === 'busy' || approving === 'settling'}
                onClick={() => dispatch(customerApprovalRequested(id))}
              >
                {state.customerApproved ? t('approved') : t('approve')}
              </button>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
