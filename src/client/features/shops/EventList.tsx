import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { NoticeView } from '../../components/NoticeView';
import { Pager, usePaging } from '../../components/Pager';
import { TableHead } from '../../components/TableHead';
import { type Formatters, useFormatters } from '../lookups';
import { RowNotice } from './RowNotice';
import type { ShopEventDto } from '../../../shared/api';
import { eventsRequested, jobDismissRequested, jobRetryRequested, selectDismissal, selectDismissed, selectEvents, selectRetry } from './slice';

const COLUMNS = ['topic', 'store', 'received', 'status', 'attempts', 'error', 'actions'] as const;

function EventRow({ event, fmt }: { event: ShopEventDto; fmt: Formatters }) {
  const { t } = useTranslation('shops');
  const dispatch = useAppDispatch();
  const retry = useAppSelector((state) => selectRetry(state, event.id));
  const dismissal = useAppSelector((state) => selectDismissal(state, event.id));
  const busy = retry?.status === 'busy' || dismissal?.status === 'busy';
  return (
    <tr>
      {/* Jobs the product made itself (subscribing, reconciling) have no topic: their kind says what they are. */}
      <td>{event.topic ?? t(`events.kinds.${event.kind}`, { defaultValue: event.kind })}</td>
      <td>{event.shop_name ?? event.shop_domain ?? '-'}</td>
      <td>{fmt.date(event.created_at)}</td>
      <td>{t(`events.statuses.${event.status}`)}</td>
      <td>{event.attempts}</td>
      <td>{event.last_error ?? '-'}</td>
      <td>
        {event.status === 'failed' && (
          <>
            <button type="button" className="secondary small" disabled={busy} onClick={() => dispatch(jobRetryRequested(event.id))}>
              {t('events.retry')}
            </button>{' '}
            <button type="button" className="secondary small" disabled={busy} onClick={() => dispatch(jobDismissRequested(event.id))}>
              {t('events.dismiss')}
            </button>
          </>
        )}
        <RowNotice notice={retry?.notice} />
        <RowNotice notice={dismissal?.notice} />
      </td>
    </tr>
  );
}

/** The latest webhooks and store jobs, newest first, with what became of them; a failed one can be tried again or dismissed. */
export function EventList() {
  const { t } = useTranslation('shops');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const { status, notice, list } = useAppSelector(selectEvents);
  const dismissed = useAppSelector(selectDismissed);
  const { page, pages, visible, onPage } = usePaging(list);
  useEffect(() => {
    dispatch(eventsRequested());
  }, [dispatch]);
  return (
    <section aria-labelledby="shop-events-title">
      <h3 id="shop-events-title">{t('events.title')}</h3>
      <div className="toolbar">
        <button type="button" className="secondary" disabled={status === 'loading'} onClick={() => dispatch(eventsRequested())}>
          {t('events.refresh')}
        </button>
      </div>
      <NoticeView notice={dismissed} />
      <ListStatus status={status} notice={notice} count={list.length} empty={t('events.empty')} />
      {visible.length > 0 && (
        <div className="table-scroll">
          <table aria-labelledby="shop-events-title">
            <TableHead labels={COLUMNS.map((column) => t(`events.columns.${column}`))} />
            <tbody>
              {visible.map((event) => (
                <EventRow key={event.id} event={event} fmt={fmt} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={pages} onPage={onPage} />
    </section>
  );
}
