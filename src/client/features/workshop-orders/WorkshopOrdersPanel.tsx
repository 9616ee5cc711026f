import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { withinDays } from '../../../shared/days';
import { workshopCards } from '../../../shared/figures';
import { stepLabel } from '../../../shared/statuses';
import { isUrgent } from '../../../shared/urgent';
import { ListStatus } from '../../components/ListStatus';
import { TableHead } from '../../components/TableHead';
import { useScopeLines } from '../order-lines';
import { useFormatters, useLookups } from '../lookups';

const MINE = { kind: 'myWorkshop' } as const;

/** The workshop's orders tab: five figures, a delivery-date filter and the lines, urgent ones marked. */
export function WorkshopOrdersPanel() {
  const { t } = useTranslation('workshopOrders');
  const navigate = useNavigate();
  const fmt = useFormatters();
  const lookups = useLookups();
  const lines = useScopeLines(MINE);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const rows = lines.lines;
  const shown = useMemo(() => rows.filter((line) => withinDays(line.production_expected_date, from, to, fmt.timeZone)), [rows, from, to, fmt.timeZone]);
  // The cards follow the lines on screen: the same shared figures the server's statistics route uses.
  const figures = useMemo(() => (lines.status === 'ready' ? workshopCards(rows) : null), [rows, lines.status]);
  const stepName = (step: number) => stepLabel(step, (id) => lookups.step.get(id), t('notStarted'));

  return (
    <section aria-label={t('columns.order')}>
      {figures && (
        <div className="cards">
          {(
            [
              ['total', figures.total],
              ['inProcess', figures.in_process],
              ['waiting', figures.waiting],
              ['late', figures.late],
              ['average', figures.average_production_days === null ? '-' : t('cards.days', { value: figures.average_production_days.toFixed(1) })],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="card stat" role="group" aria-label={t(`cards.${key}`)}>
              <strong>{value}</strong>
              {t(`cards.${key}`)}
            </div>
          ))}
        </div>
      )}
      <div className="toolbar">
        <label>
          {t('from')}
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          {t('to')}
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setFrom('');
            setTo('');
          }}
        >
          {t('clear')}
        </button>
        <button type="button" onClick={lines.reload}>
          {t('refresh')}
        </button>
      </div>
      <ListStatus status={lines.status} notice={lines.notice} count={shown.length} empty={t('empty')} />
      {shown.length > 0 && (
        <div className="table-scroll">
          <table>
            <TableHead labels={(['order', 'product', 'status', 'step', 'expected', 'note', 'style', 'actions'] as const).map((key) => t(`columns.${key}`))} />
            <tbody>
              {shown.map((line) => (
                <tr key={line.id} className={isUrgent(line) ? 'urgent' : undefined}>
                  <td>{line.order_number}</td>
                  <td>{line.product_title}</td>
                  <td>{lookups.status.get(line.order_line_status_id) ?? line.order_line_status_id}</td>
                  <td>{stepName(line.current_order_line_process)}</td>
                  <td>{line.production_expected_date ? fmt.date(line.production_expected_date) : '-'}</td>
                  <td>{line.customer_note || '-'}</td>
                  <td>{line.fulfilment_style || '-'}</td>
                  <td>
                    <button type="button" className="big" aria-label={t('detailOf', { id: line.id })} onClick={() => navigate(`/workshop/order/${line.id}`)}>
                      {t('detail')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
