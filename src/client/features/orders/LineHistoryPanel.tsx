import { useTranslation } from 'react-i18next';
import type { OrderLineDto } from '../../../shared/api';
import { Modal } from '../../components/Modal';
import { LineHistory } from '../order-lines';

/** A line's history over the grid, opened from its row: which piece it is, then every move with who made it and why. */
export default function LineHistoryPanel({ line, onClose }: { line: OrderLineDto; onClose: () => void }) {
  const { t } = useTranslation('orders');
  return (
    <Modal title={t('history.title', { id: line.id })} onClose={onClose}>
      <dl className="facts">
        <dt>{t('columns.order_number')}</dt>
        <dd>{line.order_number}</dd>
        <dt>{t('correction.product')}</dt>
        <dd>{line.product_title}</dd>
      </dl>
      <LineHistory id={line.id} />
      <div className="toolbar">
        <button type="button" className="secondary" onClick={onClose}>
          {t('history.close')}
        </button>
      </div>
    </Modal>
  );
}
