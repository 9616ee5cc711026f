import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withinDays } from '../../../shared/days';
import { isOpenLine } from '../../../shared/lifecycle';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { NoticeView } from '../../components/NoticeView';
import { usePageShape } from '../../components/pageShape';
import { Pager, usePaging } from '../../components/Pager';
import { TableHead } from '../../components/TableHead';
import { ArchiveLink } from '../archive';
import { useScopeLines } from '../order-lines';
import { useFormatters } from '../lookups';
import { cardsRequested, selectWorkshopCards } from './slice';
import { ScanBar } from './ScanBar';
import { inWorkOrder, isWorkSort, rangeBackwards, WORK_SORTS, type WorkSort } from './workOrder';
import { WorkRow } from './WorkRow';

const MINE = { kind: 'myWorkshop' } as const;

/** Which of its lines the tablet lists: the work still to do, or the completed and canceled. */
type Work = 'open' | 'finished';
const WORKS: readonly Work[] = ['open', 'finished'];

/**
 * The workshop's orders tab on a 1024 x 768 tablet: five figures over all its lines in one row, the
 * open lines (urgent first, then the soonest due; or by their forecast, or those at risk first) or
 * the finished ones (newest first) with a delivery-date filter, a page at a time (a workshop may
 * have tens of thousands).
 */
export function WorkshopOrdersPanel() {
  const { t } = useTranslation('workshopOrders');
  const id = useId();
  usePageShape('tablet');
  const fmt = useFormatters();
  const lines = useScopeLines(MINE);
  const dispatch = useAppDispatch();
  // The cards count all the workshop's lines, whichever list is shown and however few of them the
  // tablet has loaded (SPEC section 2): the server's figures, read again after the lines change.
  const { data: figures, notice: cardsNotice } = useAppSelector(selectWorkshopCards);
  useEffect(() => {
    dispatch(cardsRequested());
  }, [dispatch]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [work, setWork] = useState<Work>('open');
  const [sort, setSort] = useState<WorkSort>('work');
  const rows = lines.lines;
  // Split once per change of the lines; a live change that completes a line moves it to 'finished'.
  const split = useMemo(() => {
    const open: typeof rows = [];
    const finished: typeof rows = [];
    for (const line of rows) (isOpenLine(line) ? open : finished).push(line);
    return { open: inWorkOrder(open, sort), finished };
  }, [rows, sort]);
  const listed = split[work];
  // A start after the end is said beside the filter, and filters nothing: no line falls in it.
  const backwards = rangeBackwards(from, to);
  const shown = useMemo(() => {
    if (backwards) return listed;
    const due = withinDays(from, to, fmt.timeZone);
    return listed.filter((line) => due(line.production_expected_date));
  }, [listed, from, to, backwards, fmt.timeZone]);
  const paging = usePaging(shown, `${work} ${sort} ${backwards ? '' : `${from} ${to}`}`);
  const listTop = useRef<HTMLDivElement>(null);
  const now = Date.now();

  return (
    <section className="workshop-orders" aria-label={t('columns.order')}>
      <ScanBar />
      <NoticeView notice={cardsNotice} />
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
      <div className="work-filters">
        <div className="toolbar" role="group" aria-label={t('work.label')}>
          {WORKS.map((key) => (
            <button key={key} type="button" className={work === key ? undefined : 'secondary'} aria-pressed={work === key} onClick={() => setWork(key)}>
              {t(`work.${key}`, { count: split[key].length })}
            </button>
          ))}
        </div>
        {work === 'open' && (
          <div className="toolbar">
            <label>
              {t('sort.label')}
              <select value={sort} onChange={(e) => isWorkSort(e.target.value) && setSort(e.target.value)}>
                {WORK_SORTS.map((key) => (
                  <option key={key} value={key}>
                    {t(`sort.${key}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
        <div className="toolbar">
          <label>
            {t('from')}
            <input type="date" value={from} aria-invalid={backwards} aria-describedby={backwards ? `${id}-range` : undefined} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label>
            {t('to')}
            <input type="date" value={to} aria-invalid={backwards} aria-describedby={backwards ? `${id}-range` : undefined} onChange={(e) => setTo(e.target.value)} />
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
          <button
            type="button"
            onClick={() => {
              lines.reload();
              dispatch(cardsRequested());
            }}
          >
            {t('refresh')}
          </button>
          <ArchiveLink />
        </div>
        {backwards && (
          <p id={`${id}-range`} className="field-error" role="alert">
            {t('rangeBackwards')}
          </p>
        )}
      </div>
      <ListStatus status={lines.status} notice={lines.notice} count={shown.length} empty={t(work === 'open' ? 'emptyOpen' : 'emptyFinished')} />
      {shown.length > 0 && (
        <div className="table-scroll" ref={listTop}>
          <table>
            <TableHead labels={(['order', 'product', 'status', 'step', 'expected', 'note', 'style', 'actions'] as const).map((key) => t(`columns.${key}`))} />
            <tbody>
              {paging.visible.map((line) => (
                <WorkRow key={line.id} line={line} now={now} />
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
