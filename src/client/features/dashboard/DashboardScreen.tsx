import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectSession } from '../session';
import { RoleDashboard } from './dashboards';

/* Role routes that open the dashboard on one of its tabs. */
const TAB_OF_PATH: Record<string, string> = {
  '/workshop/orders': 'orders',
  '/workshop/products': 'products',
  '/workshop/profile': 'account',
  '/workshop/metal': 'metal',
  '/customer/orders': 'orders',
  '/customer/new-order': 'orders',
  '/customer/profile': 'account',
  '/customer/account': 'account',
  '/office/reports': 'reports',
  '/office/profile': 'account',
};

export default function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  // The user's name comes with the profile read at start; until then a greeting without it.
  const { role, username } = useAppSelector(selectSession);
  const { pathname, search } = useLocation();
  // A link may name the tab too (`?tab=settings&sub=shops`): where a dashboard count leads.
  const [params] = useSearchParams();
  return (
    <>
      <h1>{username ? t('welcome', { name: username }) : t('welcomeNameless')}</h1>
      <RoleDashboard key={`${role}${pathname}${search}`} role={role} tab={TAB_OF_PATH[pathname] ?? params.get('tab') ?? undefined} sub={params.get('sub') ?? undefined} />
    </>
  );
}
