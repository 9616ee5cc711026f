import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Modal } from '../../components/Modal';
import { NoticeView } from '../../components/NoticeView';
import { addedUserSeen, selectAddedUser } from './slice';

/**
 * What the server answered for a user just added: the invitation sent, or the one-time password,
 * shown this once. Closing it forgets the password; nothing shows it again.
 */
export function AddedUserDialog() {
  const { t } = useTranslation('users');
  const dispatch = useAppDispatch();
  const added = useAppSelector(selectAddedUser);
  if (!added) return null;
  const close = () => dispatch(addedUserSeen());
  return (
    <Modal title={t('added.title')} onClose={close}>
      <NoticeView notice={{ kind: 'success', ...added.message }} />
      {added.password !== null && (
        <dl className="facts">
          <dt>{t('added.password')}</dt>
          <dd>
            <code aria-label={t('added.passwordFor', { username: added.username })}>{added.password}</code>
          </dd>
        </dl>
      )}
      <div className="toolbar">
        <button type="button" onClick={close}>
          {t('added.close')}
        </button>
      </div>
    </Modal>
  );
}
