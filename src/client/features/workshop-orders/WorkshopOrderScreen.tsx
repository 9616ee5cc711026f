import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { API, type LineHistoryDto } from '../../../shared/api';
import { gramSchema } from '../../../shared/schemas/orders';
import { LineStatus, NOT_STARTED } from '../../../shared/statuses';
import { NoticeView } from '../../components/NoticeView';
import { useMutation, useResource } from '../resources/hooks';
import { useFormatters, useLookups } from '../resources/lookups';
import type { WorkshopLine } from './types';
import { firstError, parseDecimal } from '../../components/validate';
import { TableHead } from '../../components/TableHead';

/** /workshop/order/{id}: one piece on the tablet: what it is, where it stands, one tap to move it on. */
export default function WorkshopOrderScreen() {
  const { t } = useTranslation('workshopOrders');
  const id = Number(useParams().id);
  const fmt = useFormatters();
  const lookups = useLookups();
  const lineKey = `workshop:me:order:${id}`;
  const historyKey = `line:${id}:history`;
  const line = useResource<{ order: WorkshopLine }>(lineKey, API.myWorkshopOrder(id), 'workshopOrders:detailFailed');
  const history = useResource<{ history: LineHistoryDto[] }>(historyKey, API.lineHistory(id), 'workshopOrders:detailFailed');
  const next = useMutation(`line:${id}:next`);
  const approve = useMutation(`line:${id}:approve`);
  const gram = useMutation(`line:${id}:gram`);
  const [gramValue, setGramValue] = useState('');
  const [gramError, setGramError] = useState<string | null>(null);
  const reload = [
    { key: lineKey, path: API.myWorkshopOrder(id) },
    { key: historyKey, path: API.lineHistory(id) },
    { key: 'workshop:me:orders', path: API.myWorkshopOrders },
    { key: 'workshop:me:statistics', path: API.myWorkshopStatistics },
  ];
  const order = line.data?.order;
  if (!order) return <NoticeView notice={line.notice} />;

  const stepName = (step: number | null) => (step === null ? '-' : step === NOT_STARTED ? t('notStarted') : (lookups.step.get(step) ?? String(step)));
  const options = [order.material_id, order.chain_length_id, order.size_id, order.color_id, order.karat_id]
    .filter((value): value is number => value !== null)
    .map((value) => `${value} - ${lookups.optionValue.get(value) ?? value}`)
    .join(', ');
  const approved = order.workshop_started_process_id === 2;
  const canEnterGram = order.order_line_status_id === LineStatus.Packing && order.product_gram === null;
  const inProduction = order.order_line_status_id === LineStatus.Waiting || order.order_line_status_id === LineStatus.InProcess;
  const saveGram = () => {
    const value = parseDecimal(gramValue);
    const invalid = firstError(gramSchema, { product_gram: value });
    setGramError(invalid);
    if (invalid) return;
    gram.send({ method: 'POST', path: API.myWorkshopGram(id), body: { product_gram: value }, fallback: 'workshopOrders:gramFailed', reload });
  };

  return (
    <>
      <Link to="/workshop/orders">{t('back')}</Link>
      <h1>{t('title', { id })}</h1>
      <NoticeView notice={next.notice ?? approve.notice ?? gram.notice} />
      <div className="cards">
        <section className="card">
          {order.product_picture_url && <img src={order.product_picture_url} alt={order.product_title} style={{ maxWidth: '100%', borderRadius: 8 }} />}
          <dl className="facts">
            <dt>{t('fields.product')}</dt>
            <dd>{order.product_title}</dd>
            <dt>{t('fields.status')}</dt>
            <dd>{lookups.status.get(order.order_line_status_id) ?? order.order_line_status_id}</dd>
            <dt>{t('fields.step')}</dt>
            <dd>{stepName(order.current_order_line_process)}</dd>
            <dt>{t('fields.options')}</dt>
            <dd>{options || '-'}</dd>
            <dt>{t('fields.gram')}</dt>
            <dd>
              {order.product_gram === null ? '-' : `${order.product_gram} g`}
              {order.gram_flagged && <div className="row-notice error">{t('fields.flag')}</div>}
            </dd>
            <dt>{t('fields.note')}</dt>
            <dd>{order.customer_note || '-'}</dd>
            <dt>{t('fields.expected')}</dt>
            <dd>{order.production_expected_date ? fmt.date(order.production_expected_date) : '-'}</dd>
          </dl>
        </section>
        <section className="card">
          <div className="toolbar">
            <button
              type="button"
              className="big"
              disabled={!inProduction || next.status === 'busy'}
              onClick={() =>
                next.send({
                  method: 'PATCH',
                  path: API.myWorkshopNextStep(id),
                  body: { current_order_line_process: order.current_order_line_process },
                  fallback: 'workshopOrders:nextFailed',
                  reload,
                })
              }
            >
              {t('nextStep')}
            </button>
            <button
              type="button"
              className="big secondary"
              disabled={approved || approve.status === 'busy'}
              onClick={() => approve.send({ method: 'PATCH', path: API.myWorkshopApprove(id), body: { approved: true }, fallback: 'workshopOrders:approveFailed', reload })}
            >
              {approved ? t('approved') : t('approve')}
            </button>
          </div>
          {canEnterGram && (
            <div className="inline-edit">
              <input type="number" min={0} step="0.01" aria-label={t('gramLabel')} value={gramValue} onChange={(e) => setGramValue(e.target.value)} />
              <button type="button" className="big" disabled={gram.status === 'busy'} onClick={saveGram}>
                {t('gramSave')}
              </button>
            </div>
          )}
          {gramError && <div className="field-error">{t(gramError)}</div>}
        </section>
      </div>
      <h2>{t('history')}</h2>
      <table>
        <TableHead labels={(['when', 'who', 'action', 'change'] as const).map((key) => t(`historyColumns.${key}`))} />
        <tbody>
          {(history.data?.history ?? []).map((row) => (
            <tr key={row.id}>
              <td>{fmt.date(row.created_at)}</td>
              <td>{row.username ?? '-'}</td>
              <td>{t(`actions.${row.action}`, { defaultValue: row.action })}</td>
              <td>
                {row.action === 'gram' || row.action === 'gram_correction'
                  ? row.detail
                  : `${stepName(row.from_step)} → ${stepName(row.to_step)}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
