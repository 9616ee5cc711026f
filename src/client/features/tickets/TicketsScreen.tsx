import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { TICKETS_MAX, type TicketDto } from '../../../shared/api/tickets';
import { dayIn } from '../../../shared/days';
import { formatDay } from '../../../shared/locale';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { NoticeView } from '../../components/NoticeView';
import { useFormatters, useLookups } from '../lookups';
import { isLayout, type Layout, LAYOUTS, layoutCss } from './layouts';
import { ticketAskOf, ticketQueryOf } from './query';
import { selectTickets, ticketsRequested } from './slice';
import { useSymbols } from './symbols';
import { Ticket } from './Ticket';

const NO_TICKETS: TicketDto[] = [];
const TOO_MANY = { kind: 'error', key: 'validation:ticketsTooMany', params: { max: TICKETS_MAX } } as const;

/**
 * /tickets?lines=1,2,3 or /tickets?order=7: one job ticket per line, in one of two printed layouts
 * (`layout=`, thermal labels unless A4 is chosen), printed once every barcode is drawn.
 */
export default function TicketsScreen() {
  const { t, i18n } = useTranslation('tickets');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const ask = useMemo(() => ticketAskOf(search), [search]);
  const query = ask.kind === 'lines' || ask.kind === 'order' ? ticketQueryOf(ask) : null;
  const [layout, setLayout] = useState<Layout>(() => {
    const chosen = search.get('layout');
    return isLayout(chosen) ? chosen : 'thermal';
  });
  const loaded = useAppSelector(selectTickets);
  useEffect(() => {
    if (query) dispatch(ticketsRequested(query));
  }, [dispatch, query]);
  // Only the answer to this page's own question: another page's tickets are never shown here.
  const current = query !== null && loaded.query === query ? loaded : null;
  const tickets = current?.tickets ?? NO_TICKETS;
  const codes = useMemo(() => tickets.map((ticket) => ticket.barcode), [tickets]);
  const { symbols, done } = useSymbols(codes);
  const lookups = useLookups();
  const { timeZone } = useFormatters();
  const optionName = useCallback((id: number) => lookups.optionValue.get(id) ?? String(id), [lookups.optionValue]);
  const language = i18n.language;
  const day = useCallback((iso: string) => formatDay(dayIn(Date.parse(iso), timeZone), language), [timeZone, language]);
  const ready = current?.status === 'ready' && tickets.length > 0 && done;
  const choose = (next: Layout) => {
    // Held here as well as in the address: the router writes the address in a transition, and until
    // then the radio would spring back to the old layout under the pointer.
    setLayout(next);
    setSearch(
      (previous) => {
        const changed = new URLSearchParams(previous);
        changed.set('layout', next);
        return changed;
      },
      { replace: true },
    );
  };

  return (
    <main className="tickets-page">
      <style>{layoutCss(layout)}</style>
      <div className="tickets-toolbar">
        <button type="button" className="secondary" onClick={() => navigate(-1)}>
          {t('back')}
        </button>
        <h1>{t('title')}</h1>
        <fieldset>
          <legend>{t('layout.label')}</legend>
          {LAYOUTS.map((option) => (
            <label key={option}>
              <input type="radio" name="ticket-layout" value={option} checked={layout === option} onChange={() => choose(option)} />
              {t(`layout.${option}`)}
            </label>
          ))}
        </fieldset>
        <button type="button" onClick={() => window.print()} disabled={!ready}>
          {t('print')}
        </button>
        {current?.status === 'ready' && tickets.length > 0 && <span role="status">{done ? t('count', { count: tickets.length }) : t('drawing')}</span>}
      </div>
      {ask.kind === 'none' && <p>{t('none')}</p>}
      {ask.kind === 'tooMany' && <NoticeView notice={TOO_MANY} />}
      {query !== null && <ListStatus status={current?.status === 'ready' || current?.status === 'failed' ? current.status : 'loading'} notice={current?.notice ?? null} count={tickets.length} empty={t('empty')} />}
      {tickets.length > 0 && (
        <section className={`tickets tickets-${layout}`} aria-label={t('title')} aria-busy={!done} data-ready={ready}>
          {tickets.map((ticket) => (
            <Ticket key={ticket.id} ticket={ticket} symbol={symbols.get(ticket.barcode)} optionName={optionName} day={day} />
          ))}
        </section>
      )}
    </main>
  );
}
