import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NoticeView } from '../../components/NoticeView';
import { selectNotifications, unsubscribeRequested } from './slice';

/** Opened from a notification e-mail's link: asks before that kind's e-mails stop; no login needed. */
export default function UnsubscribeScreen() {
  const { t } = useTranslation('notifications');
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const { busy, done, notice } = useAppSelector(selectNotifications).unsubscribe;
  const signed = ['u', 'k', 't'].every((name) => params.get(name));
  const query = new URLSearchParams(['u', 'k', 't'].map((name) => [name, params.get(name) ?? ''])).toString();
  return (
    <div className="auth-wrap">
      <section className="card auth-card" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title">{t('unsubscribe.title')}</h1>
        {!signed && <NoticeView notice={{ kind: 'error', key: 'notifications:unsubscribe.invalid' }} />}
        <NoticeView notice={notice} />
        {signed && !done && (
          <>
            <p>{t('unsubscribe.question')}</p>
            <button type="button" className="submit" disabled={busy} onClick={() => dispatch(unsubscribeRequested(query))}>
              {t('unsubscribe.confirm')}
            </button>
          </>
        )}
        <div className="auth-links">
          <Link to="/login">{t('auth:toLogin')}</Link>
        </div>
      </section>
    </div>
  );
}
