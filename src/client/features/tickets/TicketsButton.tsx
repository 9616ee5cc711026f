import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TICKETS_MAX } from '../../../shared/api/tickets';
import type { OrderLineDto } from '../../../shared/api';
import { NoticeView } from '../../components/NoticeView';
import { orderTicketsPath, ticketsPath } from './query';

type Picked = Pick<OrderLineDto, 'id' | 'order_id'>;

/**
 * Beside a grid of lines: the job tickets of the selected rows, or of the whole order of the
 * selected rows (one order). Asked what is selected when pressed, so it renders nothing per selection.
 */
export function TicketsButton({ selected }: { selected: () => readonly Picked[] }) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const [why, setWhy] = useState<'selectFirst' | 'oneOrder' | 'tooMany' | null>(null);
  const open = (whole: boolean) => {
    const rows = selected();
    const orders = new Set(rows.map((row) => row.order_id));
    if (rows.length === 0) return setWhy('selectFirst');
    if (whole && orders.size > 1) return setWhy('oneOrder');
    if (!whole && rows.length > TICKETS_MAX) return setWhy('tooMany');
    setWhy(null);
    navigate(whole ? orderTicketsPath(rows[0].order_id) : ticketsPath(rows.map((row) => row.id)));
  };
  return (
    <>
      <button type="button" className="secondary" onClick={() => open(false)}>
        {t('button.lines')}
      </button>
      <button type="button" className="secondary" onClick={() => open(true)}>
        {t('button.order')}
      </button>
      {why === 'tooMany' ? (
        <NoticeView notice={{ kind: 'error', key: 'validation:ticketsTooMany', params: { max: TICKETS_MAX } }} />
      ) : (
        why && <span role="status" className="hint">{t(`button.${why}`)}</span>
      )}
    </>
  );
}
