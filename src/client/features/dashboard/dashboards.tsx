import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Role } from '../../../shared/roles';
import { Tabs } from '../../components/Tabs';
import { AccountPanel } from '../account/AccountPanel';
import { CustomerOrdersPanel } from '../customer-orders/CustomerOrdersPanel';
import { ManualOrderForm } from '../customer-orders/ManualOrderForm';
import { PasswordChangeForm } from '../account/PasswordChangeForm';
import { ProductionStepsPanel } from '../production-steps/ProductionStepsPanel';
import { GeneralSettingsPanel } from '../settings/GeneralSettingsPanel';
import { WorkshopOrdersPanel } from '../workshop-orders/WorkshopOrdersPanel';
import { SystemInfoPanel } from '../settings/SystemInfoPanel';
import { NavCards } from './NavCards';

/* The dashboard of each role (SPEC section 2). `tab` preselects a tab from the route. */

function AdminDashboard({ tab }: { tab?: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Tabs
      label={t('tabs.main')}
      initial={tab}
      tabs={[
        {
          id: 'main',
          label: t('tabs.main'),
          content: () => (
            <NavCards
              cards={[
                { card: 'users', to: '/admin/users' },
                { card: 'customers', to: '/admin/customers' },
                { card: 'workshops', to: '/admin/workshops' },
                { card: 'productCatalog', to: '/admin/product-catalog' },
                { card: 'orders', to: '/admin/orders' },
              ]}
            />
          ),
        },
        {
          id: 'settings',
          label: t('tabs.settings'),
          content: () => (
            <Tabs
              label={t('tabs.settings')}
              tabs={[
                { id: 'password', label: t('settingsTabs.password'), content: () => <PasswordChangeForm /> },
                { id: 'systemInfo', label: t('settingsTabs.systemInfo'), content: () => <SystemInfoPanel /> },
                { id: 'general', label: t('settingsTabs.general'), content: () => <GeneralSettingsPanel /> },
                { id: 'steps', label: t('settingsTabs.steps'), content: () => <ProductionStepsPanel /> },
              ]}
            />
          ),
        },
      ]}
    />
  );
}

function WorkshopDashboard({ tab }: { tab?: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Tabs
      label={t('tabs.main')}
      initial={tab}
      tabs={[
        {
          id: 'main',
          label: t('tabs.main'),
          content: () => (
            <NavCards
              cards={[
                { card: 'workshopOrders', to: '/workshop/orders' },
                { card: 'workshopProducts', to: '/workshop/products' },
                { card: 'workshopProfile', to: '/workshop/profile' },
              ]}
            />
          ),
        },
        { id: 'orders', label: t('tabs.orders'), content: () => <WorkshopOrdersPanel /> },
        { id: 'account', label: t('tabs.account'), content: () => <AccountPanel role={Role.Workshop} /> },
      ]}
    />
  );
}

function CustomerDashboard({ tab }: { tab?: string }) {
  const { t } = useTranslation('dashboard');
  const { pathname } = useLocation();
  return (
    <Tabs
      label={t('tabs.orderManagement')}
      initial={tab}
      tabs={[
        {
          id: 'orders',
          label: t('tabs.orderManagement'),
          content: () => (
            <>
              <NavCards
                cards={[
                  { card: 'customerOrders', to: '/customer/orders' },
                  { card: 'customerNewOrder', to: '/customer/new-order' },
                  { card: 'customerProfile', to: '/customer/profile' },
                ]}
              />
              {pathname === '/customer/new-order' && <ManualOrderForm />}
              <CustomerOrdersPanel />
            </>
          ),
        },
        { id: 'products', label: t('tabs.productManagement'), content: () => <p className="alert info">{t('productManagementSoon')}</p> },
        { id: 'reports', label: t('tabs.reports'), content: () => <p className="alert info">{t('reportsSoon')}</p> },
        {
          id: 'account',
          label: t('tabs.account'),
          content: () => (
            <>
              <AccountPanel role={Role.Customer} />
              <NavCards cards={[{ card: 'help' }]} />
            </>
          ),
        },
      ]}
    />
  );
}

function OfficeDashboard() {
  return (
    <NavCards
      cards={[
        { card: 'officeOrders', to: '/office/orders' },
        { card: 'officeCustomers', to: '/office/customers' },
        { card: 'officeReports', to: '/office/reports' },
        { card: 'officeProfile', to: '/office/profile' },
      ]}
    />
  );
}

function InactiveNotice() {
  const { t } = useTranslation('dashboard');
  return (
    <section className="card narrow" aria-labelledby="inactive-title">
      <h2 id="inactive-title">{t('inactiveTitle')}</h2>
      <p>{t('inactiveText')}</p>
    </section>
  );
}

function GenericDashboard() {
  return <NavCards cards={[{ card: 'profile' }, { card: 'help' }]} />;
}

export function RoleDashboard({ role, tab }: { role: number; tab?: string }) {
  switch (role) {
    case Role.Admin:
      return <AdminDashboard tab={tab} />;
    case Role.Workshop:
      return <WorkshopDashboard tab={tab} />;
    case Role.Office:
      return <OfficeDashboard />;
    case Role.Customer:
      return <CustomerDashboard tab={tab} />;
    case Role.Inactive:
      return <InactiveNotice />;
    default:
      return <GenericDashboard />;
  }
}
