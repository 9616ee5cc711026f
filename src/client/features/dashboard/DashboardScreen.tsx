import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectSession } from '../session';
import { RoleDashboard } from './dashboards';

/* Role routes that open the dashboard on one of its tabs. */
const TAB_OF_PATH: Record<string, string> = {
  '/workshop/orders': 'orders',
  '/workshop/profile': 'account',
  '/customer/orders': 'orders',
  '/customer/new-order': 'orders',
  '/customer/profile': 'account',
  '/office/reports': 'reports',
  '/office/profile': 'account',
};

export default function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  const { role, roleTitle } = useAppSelector(selectSession);
  const { pathname } = useLocation();
  return (
    <>
      <h1>{t('welcome', { title: roleTitle })}</h1>
      <RoleDashboard key={`${role}${pathname}`} role={role} tab={TAB_OF_PATH[pathname]} />
    </>
  );
}
