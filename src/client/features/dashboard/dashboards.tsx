import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { isInactive, Role } from '../../../shared/roles';
import { type Tab, Tabs } from '../../components/Tabs';
import { AccountPanel, PasswordChangeForm } from '../account';
import { OptionNamesPanel } from '../catalogue';
import { CreditSummary } from '../credit-summary';
import { FailedMailsPanel } from '../mail';
import { CustomerOrdersPanel, ManualOrderForm } from '../customer-orders';
import { ProductionStepsPanel } from '../production-steps';
import { OrderReportPanel } from '../reports';
import { WorkshopMetalPanel } from '../metal';
import { GeneralSettingsPanel, SystemInfoPanel } from '../settings';
import { ShopsPanel } from '../shops';
import { WorkshopOrdersPanel } from '../workshop-orders';
import { WaitingCounts } from './WaitingCounts';
import { NavCards } from './NavCards';
import { WorkshopProductsPanel } from './WorkshopProductsPanel';

/* The dashboard of each role (SPEC section 2): a row of tabs, or for some roles cards alone. */

const soon = (text: string) => () => <p className="alert info">{text}</p>;

/** `sub` preselects a tab within the chosen one (the admin's settings). */
const TABS: Partial<Record<number, (t: TFunction<'dashboard'>, pathname: string, sub?: string) => Tab[]>> = {
  [Role.Admin]: (t, _pathname, sub) => [
    {
      id: 'main',
      label: t('tabs.main'),
      content: () => (
        <>
          <NavCards
            cards={[
              { card: 'users', to: '/admin/users' },
              { card: 'customers', to: '/admin/customers' },
              { card: 'workshops', to: '/admin/workshops' },
              { card: 'productCatalog', to: '/admin/product-catalog' },
              { card: 'orders', to: '/admin/orders' },
              { card: 'auditLog', to: '/admin/audit-log' },
            ]}
          />
          <WaitingCounts />
        </>
      ),
    },
    {
      id: 'settings',
      label: t('tabs.settings'),
      content: () => (
        <Tabs
          label={t('tabs.settings')}
          initial={sub}
          tabs={[
            { id: 'password', label: t('settingsTabs.password'), content: () => <PasswordChangeForm /> },
            { id: 'systemInfo', label: t('settingsTabs.systemInfo'), content: () => <SystemInfoPanel /> },
            { id: 'general', label: t('settingsTabs.general'), content: () => <GeneralSettingsPanel /> },
            { id: 'steps', label: t('settingsTabs.steps'), content: () => <ProductionStepsPanel /> },
            { id: 'optionNames', label: t('catalogue:optionNames.tab'), content: () => <OptionNamesPanel /> },
            { id: 'shops', label: t('shops:tab'), content: () => <ShopsPanel /> },
            { id: 'mail', label: t('mail:tab'), content: () => <FailedMailsPanel /> },
          ]}
        />
      ),
    },
  ],
  [Role.Workshop]: (t) => [
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
    { id: 'products', label: t('tabs.products'), content: () => <WorkshopProductsPanel /> },
    { id: 'metal', label: t('metal:workshop.tab'), content: () => <WorkshopMetalPanel /> },
    { id: 'account', label: t('tabs.account'), content: () => <AccountPanel role={Role.Workshop} /> },
  ],
  // Office staff read what the admin manages: the order grid and customers (read-only), the report, their account.
  [Role.Office]: (t) => [
    {
      id: 'main',
      label: t('tabs.main'),
      content: () => (
        <>
          <NavCards
            cards={[
              { card: 'officeOrders', to: '/office/orders' },
              { card: 'officeCustomers', to: '/office/customers' },
              { card: 'officeReports', to: '/office/reports' },
              { card: 'officeProfile', to: '/office/profile' },
            ]}
          />
          <WaitingCounts area="office" />
        </>
      ),
    },
    { id: 'reports', label: t('tabs.reports'), content: () => <OrderReportPanel /> },
    { id: 'account', label: t('tabs.account'), content: () => <PasswordChangeForm /> },
  ],
  [Role.Customer]: (t, pathname) => [
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
    { id: 'products', label: t('tabs.productManagement'), content: soon(t('productManagementSoon')) },
    { id: 'reports', label: t('tabs.reports'), content: soon(t('reportsSoon')) },
    {
      id: 'account',
      label: t('tabs.account'),
      content: () => (
        <>
          <div className="no-print">
            <AccountPanel role={Role.Customer} />
            <NavCards cards={[{ card: 'help' }]} />
          </div>
          <CreditSummary orderLink={(id) => `/customer/orders/${id}`} />
        </>
      ),
    },
  ],
};

function InactiveNotice() {
  const { t } = useTranslation('dashboard');
  return (
    <section className="card narrow" aria-labelledby="inactive-title">
      <h2 id="inactive-title">{t('inactiveTitle')}</h2>
      <p>{t('inactiveText')}</p>
    </section>
  );
}

/** `tab` (and `sub` within it) preselects a tab from the route; a role the code does not know (the server may hold one) gets the generic cards. */
export function RoleDashboard({ role, tab, sub }: { role: number; tab?: string; sub?: string }) {
  const { t } = useTranslation('dashboard');
  const { pathname } = useLocation();
  const tabs = TABS[role]?.(t, pathname, sub);
  if (tabs) return <Tabs label={tabs[0].label} initial={tab} tabs={tabs} />;
  if (isInactive(role)) return <InactiveNotice />;
  return <NavCards cards={[{ card: 'profile' }, { card: 'help' }]} />;
}
