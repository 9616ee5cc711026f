import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from './hooks';
import { currentNavItem, navOfRole } from './navigation';
import { logoutRequested, selectSession } from '../features/session';
import { LanguageMenu, useUserLanguage } from '../features/account';
import { LiveIndicator } from '../features/live';
import { NotificationBell } from '../features/notifications';
import { roleName } from '../components/roleName';
import type { RoleId } from '../../shared/roles';

/** The role's main screens, the current one marked, so every screen has a way to the others. */
function MainNav({ role }: { role: RoleId }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const items = navOfRole(role);
  const current = currentNavItem(items, pathname);
  return (
    <nav className="main-nav" aria-label={t('nav.label')}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} aria-current={item === current ? 'page' : undefined}>
              {t(`nav.${item.label}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Header with the live channel's state, the language menu, the user, the logout button and the role's menu around every logged-in screen. */
export function Layout() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const { role, roleTitle, username } = useAppSelector(selectSession);
  useUserLanguage();
  return (
    <>
      <header className="topbar">
        <div className="topbar-row">
          <Link to="/dashboard" className="brand">
            {t('appName')}
          </Link>
          <div className="topbar-tools">
            <LiveIndicator />
            <NotificationBell />
            <LanguageMenu />
            <span className="who">{[username, role ? roleName(t, role, roleTitle) : roleTitle].filter(Boolean).join(' · ')}</span>
            <button type="button" className="secondary" onClick={() => dispatch(logoutRequested())}>
              {t('logout')}
            </button>
          </div>
        </div>
        <MainNav role={role} />
      </header>
      <main>
        <Suspense fallback={<p role="status">{t('loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
