import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { OrderLineDto } from '../../../shared/api';
import { isLate } from '../../../shared/late';
import { canAdvance, lineState } from '../../../shared/lifecycle';
import { useAppSelector } from '../../app/hooks';
import { NoticeView } from '../../components/NoticeView';
import { lineIsUrgent, selectLineAction } from '../order-lines';
import { useFormatters, useStatusTexts } from '../lookups';
import { isBusy, NextStepButton } from './NextStepButton';
import { useStepName } from './useStepName';

/**
 * A line of the workshop's list: urgent rows marked, a late one says so beside its due date (one at
 * risk of it with its forecast leaving date), and the
 * next step is a tap away where the life cycle offers it (a failed one says why in the row).
 */
export function WorkRow({ line, now }: { line: OrderLineDto; now: number }) {
  const { t } = useTranslation('workshopOrders');
  const navigate = useNavigate();
  const fmt = useFormatters();
  const status = useStatusTexts();
  const stepName = useStepName();
  const action = useAppSelector((state) => selectLineAction(state, line.id));
  const stepping = action?.kind === 'nextStep';
  const failed = stepping && action.status === 'failed' ? action.notice : null;
  return (
    <tr className={lineIsUrgent(line) ? 'urgent' : undefined}>
      <td>{line.order_number}</td>
      <td>{line.product_title}</td>
      <td>{status.told(line)}</td>
      <td>{stepName(line.current_order_line_process)}</td>
      <td>
        {line.production_expected_date ? fmt.date(line.production_expected_date) : '-'}
        {isLate(line, now) && <span className="badge late">{t('late')}</span>}
        {line.late_risk && line.forecast_date && <span className="badge late">{t('lateRisk', { date: fmt.date(line.forecast_date) })}</span>}
      </td>
      <td>{line.customer_note || '-'}</td>
      <td>{line.fulfilment_style || '-'}</td>
      <td>
        <div className="row-actions">
          {/* Kept while it tells what it just did, though the piece may have left production by it. */}
          {(canAdvance(lineState(line)) || (stepping && isBusy(action))) && <NextStepButton line={line} />}
          <button type="button" className="big secondary" aria-label={t('detailOf', { id: line.id })} onClick={() => navigate(`/workshop/order/${line.id}`)}>
            {t('detail')}
          </button>
        </div>
        <NoticeView notice={failed} />
      </td>
    </tr>
  );
}
