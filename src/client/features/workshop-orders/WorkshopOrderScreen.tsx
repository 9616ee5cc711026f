import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { LineHistoryDto } from '../../../shared/api';
import { canAdvance, canEnterGram, canWorkshopApprove, lineState } from '../../../shared/lifecycle';
import { gramSchema } from '../../../shared/schemas/orders';
import { LineStatus, stepLabel } from '../../../shared/statuses';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NoticeView } from '../../components/NoticeView';
import { TableHead } from '../../components/TableHead';
import { firstError, parseDecimal } from '../../components/validate';
import {
  gramEntered,
  lineHistoryRequested,
  lineRequested,
  nextStepRequested,
  selectLine,
  selectLineAction,
  selectLineHistory,
  selectLoad,
  workshopApprovalRequested,
} from '../order-lines';
import { useFormatters, useLookups } from '../lookups';

/** /workshop/order/{id}: one piece on the tablet: what it is, where it stands, one tap to move it on. */
export default function WorkshopOrderScreen() {
  const { t } = useTranslation('workshopOrders');
  const dispatch = useAppDispatch();
  const id = Number(useParams().id);
  const fmt = useFormatters();
  const lookups = useLookups();
  const order = useAppSelector((state) => selectLine(state, id));
  const load = useAppSelector((state) => selectLoad(state, `line:${id}`));
  const history = useAppSelector((state) => selectLineHistory(state, id));
  const action = useAppSelector((state) => selectLineAction(state, id));
  const [gramValue, setGramValue] = useState('');
  const [gramError, setGramError] = useState<string | null>(null);
  useEffect(() => {
    dispatch(lineRequested({ id, reader: 'workshop' }));
    dispatch(lineHistoryRequested(id));
  }, [dispatch, id]);
  if (!order) return <NoticeView notice={load?.notice ?? null} />;

  const stepName = (step: number | null) => (step === null ? '-' : stepLabel(step, (s) => lookups.step.get(s), t('notStarted')));
  const statusName = (status: number | null) => (status === null ? '-' : (lookups.status.get(status) ?? String(status)));
  /**
   * What a history row changed: the step it went to, else the status (after the last step the piece
   * moves into quality control at the same step), else what the action recorded (a gram, a reason).
   */
  const historyChange = (row: LineHistoryDto) => {
    if (row.action === 'gram' || row.action === 'gram_correction') return row.detail;
    if (row.from_step !== row.to_step) return `${stepName(row.from_step)} → ${stepName(row.to_step)}`;
    if (row.from_status !== row.to_status) return `${statusName(row.from_status)} → ${statusName(row.to_status)}`;
    return row.detail ?? '-';
  };
  const options = [order.material_id, order.chain_length_id, order.size_id, order.color_id, order.karat_id]
    .filter((value): value is number => value !== null)
    .map((value) => `${value} - ${lookups.optionValue.get(value) ?? value}`)
    .join(', ');
  const state = lineState(order);
  // While an action runs or the line settles after one, no button takes a tap (a double tap moves a piece once).
  const busy = action?.status === 'busy' || action?.status === 'settling';
  const nextLabel = () => {
    if (action?.kind !== 'nextStep') return t('nextStep');
    if (action.status === 'busy') return t('nextBusy');
    if (action.status !== 'settling') return t('nextStep');
    return order.order_line_status_id === LineStatus.QualityControl ? t('nextDoneQuality') : t('nextDone', { step: stepName(order.current_order_line_process) });
  };
  const saveGram = () => {
    const value = parseDecimal(gramValue);
    const invalid = firstError(gramSchema, { product_gram: value });
    setGramError(invalid);
    if (invalid) return;
    dispatch(gramEntered(id, value as number));
  };

  return (
    <>
      <Link to="/workshop/orders">{t('back')}</Link>
      <h1>{t('title', { id })}</h1>
      <NoticeView notice={action?.notice ?? null} />
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
              {order.product_gram === null ? '-' : fmt.gram(order.product_gram)}
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
              aria-busy={busy}
              disabled={!canAdvance(state) || busy}
              onClick={() => dispatch(nextStepRequested(id, order.current_order_line_process))}
            >
              {nextLabel()}
            </button>
            <button type="button" className="big secondary" disabled={!canWorkshopApprove(state) || busy} onClick={() => dispatch(workshopApprovalRequested(id))}>
              {state.workshopApproved ? t('approved') : t('approve')}
            </button>
          </div>
          {canEnterGram(state) && (
            <div className="inline-edit">
              {/* Text, not a number field: a number field reads '1,5' as 15 in a browser set to English. */}
              <input type="text" inputMode="decimal" aria-label={t('gramLabel')} value={gramValue} onChange={(e) => setGramValue(e.target.value)} />
              <button type="button" className="big" disabled={busy} onClick={saveGram}>
                {t('gramSave')}
              </button>
            </div>
          )}
          {gramError && <div className="field-error">{t(gramError)}</div>}
        </section>
      </div>
      <h2>{t('history')}</h2>
      <NoticeView notice={history?.notice ?? null} />
      <table>
        <TableHead labels={(['when', 'who', 'action', 'change'] as const).map((key) => t(`historyColumns.${key}`))} />
        <tbody>
          {(history?.rows ?? []).map((row) => (
            <tr key={row.id}>
              <td>{fmt.date(row.created_at)}</td>
              <td>{row.username ?? '-'}</td>
              <td>{t(`actions.${row.action}`, { defaultValue: row.action })}</td>
              <td>
                {historyChange(row)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
