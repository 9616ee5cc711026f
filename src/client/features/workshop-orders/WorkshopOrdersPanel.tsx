import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { withinDays } from '../../../shared/days';
import { workshopCards } from '../../../shared/figures';
import { isOpenLine } from '../../../shared/lifecycle';
import { stepLabel } from '../../../shared/statuses';
import { isUrgent } from '../../../shared/urgent';
import { ListStatus } from '../../components/ListStatus';
import { Pager, usePaging } from '../../components/Pager';
import { TableHead } from '../../components/TableHead';
import { useScopeLines } from '../order-lines';
import { useFormatters, useLookups, useStatusTexts } from '../lookups';

const MINE = { kind: 'myWorkshop' } as const;

/** Which of its lines the tablet lists: the work still to do, or the completed and canceled. */
type Work = 'open' | 'finished';
const WORKS: readonly Work[] = ['open', 'finished'];

/**
 * The workshop's orders tab: five figures over all its lines, the open or the finished lines with a
 * delivery-date filter, a page at a time (a workshop may have tens of thousands), urgent ones marked.
 */
export function WorkshopOrdersPanel() {
  const { t } = useTranslation('workshopOrders');
  const navigate = useNavigate();
  const fmt = useFormatters();
  const lookups = useLookups();
  const status = useStatusTexts();
  const lines = useScopeLines(MINE);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [work, setWork] = useState<Work>('open');
  const rows = lines.lines;
  // Split once per change of the lines; a live change that completes a line moves it to 'finished'.
  const split = useMemo(() => {
    const open: typeof rows = [];
    const finished: typeof rows = [];
    for (const line of rows) (isOpenLine(line) ? open : finished).push(line);
    return { open, finished };
  }, [rows]);
  const listed = split[work];
  const shown = useMemo(() => {
    const due = withinDays(from, to, fmt.timeZone);
    return listed.filter((line) => due(line.production_expected_date));
  }, [listed, from, to, fmt.timeZone]);
  const paging = usePaging(shown, `${work} ${from} ${to}`);
  const listTop = useRef<HTMLDivElement>(null);
  // The cards count all the workshop's lines, whichever list is shown (SPEC section 2): the same
  // shared figures the server's statistics route uses, following every change of the lines.
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
              ['average', figures.average_production_days === null ? '-' : t('cards.days', { value: fmt.number(figures.average_production_days, 1) })],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="card stat" role="group" aria-label={t(`cards.${key}`)}>
              <strong>{value}</strong>
              {t(`cards.${key}`)}
            </div>
          ))}
        </div>
      )}
      <div className="toolbar" role="group" aria-label={t('work.label')}>
        {WORKS.map((key) => (
          <button key={key} type="button" className={work === key ? 'big' : 'big secondary'} aria-pressed={work === key} onClick={() => setWork(key)}>
            {t(`work.${key}`, { count: split[key].length })}
          </button>
        ))}
      </div>
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
      <ListStatus status={lines.status} notice={lines.notice} count={shown.length} empty={t(work === 'open' ? 'emptyOpen' : 'emptyFinished')} />
      {shown.length > 0 && (
        <div className="table-scroll" ref={listTop}>
          <table>
            <TableHead labels={(['order', 'product', 'status', 'step', 'expected', 'note', 'style', 'actions'] as const).map((key) => t(`columns.${key}`))} />
            <tbody>
              {paging.visible.map((line) => (
                <tr key={line.id} className={isUrgent(line) ? 'urgent' : undefined}>
                  <td>{line.order_number}</td>
                  <td>{line.product_title}</td>
                  <td>{status.told(line)}</td>
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
      <Pager
        big
        page={paging.page}
        pages={paging.pages}
        onPage={(page) => {
          paging.onPage(page);
          // The next page starts at its first row, not where the finger tapped at the bottom.
          listTop.current?.scrollIntoView?.({ block: 'start' });
        }}
      />
    </section>
  );
}
