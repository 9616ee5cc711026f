import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLineDto } from '../../../shared/api';
import { Modal } from '../../components/Modal';

/**
 * The packing approval asked before it is given: approving completes the line, so the dialog names the
 * line first. Enter approves (unless a button has the focus: then that button's own press counts),
 * Escape leaves it.
 */
export function PackingConfirmModal({ line, onConfirm, onCancel }: { line: OrderLineDto; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation('orders');
  const confirm = useRef(onConfirm);
  confirm.current = onConfirm;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.target instanceof HTMLButtonElement) return;
      event.preventDefault();
      confirm.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <Modal title={t('packingConfirm.title')} onClose={onCancel}>
      <p>{t('packingConfirm.question', { id: line.id, order: line.order_number, product: line.product_title })}</p>
      <div className="toolbar">
        <button type="button" onClick={onConfirm}>
          {t('packingConfirm.yes')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('packingConfirm.no')}
        </button>
      </div>
    </Modal>
  );
}
