import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { orderTicketsPath, ticketsPath } from './query';

/** On a line's screen: its own job ticket, and those of its order's lines. */
export function TicketLinks({ line, order }: { line: number; order: number }) {
  const { t } = useTranslation('tickets');
  return (
    <p className="ticket-links">
      <Link to={ticketsPath([line])} className="button-link secondary">
        {t('link.line')}
      </Link>{' '}
      <Link to={orderTicketsPath(order)} className="button-link secondary">
        {t('link.order')}
      </Link>
    </p>
  );
}
