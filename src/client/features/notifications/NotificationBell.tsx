import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NoticeView } from '../../components/NoticeView';
import { isInactive } from '../../../shared/roles';
import { useFormatters } from '../lookups';
import { selectSession } from '../session';
import { preferencesPathOf } from './preferencesPath';
import { allReadRequested, notificationReadRequested, notificationsRequested, selectNotifications } from './slice';

/**
 * The header's bell: the unread count, kept current by the live channel, and a panel of the newest
 * notifications, each opening what it is about. Escape closes the panel and gives the focus back
 * to the bell. `data-unread` lets browser tests wait for a count.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectSession).role;
  const { status, notice, items, unread, markNotice } = useAppSelector(selectNotifications);
  const { date } = useFormatters();
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const panelId = useId();
  const shown = !isInactive(role);
  const settings = preferencesPathOf(role);

  useEffect(() => {
    if (shown) dispatch(notificationsRequested());
  }, [dispatch, shown]);
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);
  if (!shown) return null;

  const close = () => {
    setOpen(false);
    bell.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  return (
    <span className="notifications">
      <button
        ref={bell}
        type="button"
        className="secondary bell"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? t('bellUnread', { count: unread }) : t('bell')}
        data-unread={unread}
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true">&#128276;</span>
        {unread > 0 && (
          <span className="bell-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <section ref={panel} id={panelId} className="notification-panel" role="dialog" aria-label={t('title')} tabIndex={-1} onKeyDown={onKeyDown}>
          <div className="notification-head">
            <h2>{t('title')}</h2>
            {unread > 0 && (
              <button type="button" className="link" onClick={() => dispatch(allReadRequested())}>
                {t('markAllRead')}
              </button>
            )}
            <button type="button" className="link" onClick={close}>
              {t('close')}
            </button>
          </div>
          <NoticeView notice={markNotice} />
          {status === 'loading' && <p role="status">{t('loading')}</p>}
          {status === 'failed' && (
            <>
              <NoticeView notice={notice} />
              <button type="button" className="secondary" onClick={() => dispatch(notificationsRequested())}>
                {t('retry')}
              </button>
            </>
          )}
          {status === 'ready' && items.length === 0 && <p>{t('empty')}</p>}
          {items.length > 0 && (
            <ul className="notification-list">
              {items.map((item) => (
                <li key={item.id} className={item.read_at === null ? 'unread' : undefined} data-kind={item.kind}>
                  <div className="notification-title">
                    {item.read_at === null && <span className="visually-hidden">{t('unreadMark')}: </span>}
                    {item.link ? (
                      <Link
                        to={item.link}
                        onClick={() => {
                          dispatch(notificationReadRequested(item.id));
                          setOpen(false);
                        }}
                      >
                        {item.title}
                      </Link>
                    ) : (
                      <strong>{item.title}</strong>
                    )}
                  </div>
                  <p>{item.body}</p>
                  <div className="notification-foot">
                    <time dateTime={item.created_at}>{date(item.created_at)}</time>
                    {item.read_at === null && (
                      <button type="button" className="link" onClick={() => dispatch(notificationReadRequested(item.id))} aria-label={`${t('markRead')}: ${item.title}`}>
                        {t('markRead')}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {settings && (
            <p className="notification-settings">
              <Link to={settings} onClick={() => setOpen(false)}>
                {t('preferences.link')}
              </Link>
            </p>
          )}
        </section>
      )}
    </span>
  );
}
