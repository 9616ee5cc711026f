import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { Modal } from '../../components/Modal';
import { type NoticeLike, NoticeView } from '../../components/NoticeView';
import { gramConfirmationDeclined, gramCorrected } from '../order-lines';

/** The question about a gram far from the piece's expected weight (`question`): saved with the yes, or left. */
export function GramConfirmModal({ asked, question }: { asked: { id: number; gram: number }; question: NoticeLike | null }) {
  const { t } = useTranslation('orders');
  const dispatch = useAppDispatch();
  const decline = () => dispatch(gramConfirmationDeclined(asked.id));
  return (
    <Modal title={t('gramConfirm.title')} onClose={decline}>
      <NoticeView notice={question} />
      <div className="toolbar">
        <button type="button" onClick={() => dispatch(gramCorrected(asked.id, asked.gram, true))}>
          {t('gramConfirm.save')}
        </button>
        <button type="button" className="secondary" onClick={decline}>
          {t('gramConfirm.cancel')}
        </button>
      </div>
    </Modal>
  );
}
