import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketDto } from '../../../shared/api/tickets';

/** The option values a ticket names, in the order the tablet names them. */
const OPTIONS = ['material', 'chain_length', 'size', 'color', 'karat'] as const;

interface Props {
  ticket: TicketDto;
  /** The barcode's symbol as SVG text; undefined until it is drawn. */
  symbol: string | undefined;
  optionName: (id: number) => string;
  /** The expected date as the reader writes a day. */
  day: (iso: string) => string;
}

/** One job ticket: what the piece is and what is asked of it, and nothing of the buyer or a price. */
export const Ticket = memo(function Ticket({ ticket, symbol, optionName, day }: Props) {
  const { t } = useTranslation('tickets');
  const options = OPTIONS.flatMap((option) => {
    const id = ticket[`${option}_id`];
    return id === null ? [] : [`${t(`orders:columns.${option}`)}: ${optionName(id)}`];
  });
  return (
    <article className="ticket" aria-label={t('ticket', { barcode: ticket.barcode })}>
      <p className="ticket-head">
        <span>
          <span translate="no">{ticket.order_number}</span>
          {ticket.item_count > 1 && ` (${t('piece', { index: ticket.item_index, count: ticket.item_count })})`}
        </span>
        {ticket.urgent && <span className="ticket-urgent">{t('urgent')}</span>}
      </p>
      <div className="ticket-barcode">
        {/* The symbol is bwip-js's SVG of our own digits; a scanner reads it, a person the digits below. */}
        <span className="ticket-symbol" aria-hidden="true" dangerouslySetInnerHTML={symbol === undefined ? undefined : { __html: symbol }} />
        <span className="ticket-digits">{ticket.barcode}</span>
      </div>
      <p className="ticket-product">{ticket.product_title}</p>
      {options.length > 0 && <p>{options.join(' · ')}</p>}
      {ticket.customization_option && (
        <p className="ticket-work">
          {t('customization')}: {ticket.customization_option}
          {ticket.font && ` (${t('font')}: ${ticket.font})`}
        </p>
      )}
      {ticket.customer_note && (
        <p className="ticket-note">
          {t('note')}: {ticket.customer_note}
        </p>
      )}
      <p className="ticket-foot">
        <span>
          {t('expected')}: {ticket.production_expected_date ? day(ticket.production_expected_date) : '-'}
        </span>
        <span>{ticket.workshop_name ?? t('noWorkshop')}</span>
      </p>
    </article>
  );
});
