import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from './hooks';
import { logoutRequested, selectSession } from '../features/session';
import { LiveIndicator } from '../features/live';

/** Header with the live channel's state, the user's role and the logout button around every logged-in screen. */
export function Layout() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const { roleTitle, username } = useAppSelector(selectSession);
  return (
    <>
      <header className="topbar">
        <Link to="/dashboard" className="brand">
          {t('appName')}
        </Link>
        <div>
          <LiveIndicator />
          <span className="who">{[username, roleTitle].filter(Boolean).join(' · ')}</span>
          <button type="button" className="secondary" onClick={() => dispatch(logoutRequested())}>
            {t('logout')}
          </button>
        </div>
      </header>
      <main>
        <Suspense fallback={<p role="status">{t('loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
