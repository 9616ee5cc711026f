import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../test-utils';
import { RoleDashboard } from './dashboards';

const links = () => screen.queryAllByRole('link').map((link) => link.getAttribute('href'));

test('the admin dashboard leads to the six admin screens and has the password tab in settings', () => {
  const { t } = renderApp(<RoleDashboard role={2} />);
  expect(links()).toEqual(['/admin/users', '/admin/customers', '/admin/workshops', '/admin/product-catalog', '/admin/orders', '/admin/audit-log']);
  fireEvent.click(screen.getByRole('tab', { name: t('dashboard:tabs.settings') }));
  expect(screen.getByRole('heading', { name: t('account:passwordTitle') })).toBeInTheDocument();
});

test('the workshop dashboard has main, orders and account tabs; the route can open the account tab', () => {
  const { t } = renderApp(<RoleDashboard role={3} tab="account" />);
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([t('dashboard:tabs.main'), t('dashboard:tabs.orders'), t('dashboard:tabs.account')]);
  expect(screen.getByRole('heading', { name: t('account:passwordTitle') })).toBeInTheDocument();
});

test('the customer dashboard opens on order management with its cards', () => {
  const { t } = renderApp(<RoleDashboard role={5} />);
  expect(screen.getByRole('tab', { selected: true })).toHaveTextContent(t('dashboard:tabs.orderManagement'));
  expect(links().slice(0, 3)).toEqual(['/customer/orders', '/customer/new-order', '/customer/profile']);
});

test('the office dashboard leads to the office screens', () => {
  renderApp(<RoleDashboard role={4} />);
  expect(links()).toEqual(['/office/orders', '/office/customers', '/office/reports', '/office/profile']);
});

test('role 1 sees only the inactive-account notice', () => {
  const { t } = renderApp(<RoleDashboard role={1} />);
  expect(screen.getByRole('heading', { name: t('dashboard:inactiveTitle') })).toBeInTheDocument();
  expect(links()).toEqual([]);
  expect(screen.queryByRole('tab')).toBeNull();
});

test('an unknown role gets the generic cards', () => {
  const { t } = renderApp(<RoleDashboard role={42} />);
  expect(screen.getByText(t('dashboard:cards.profile.title'))).toBeInTheDocument();
  expect(screen.queryByRole('tab')).toBeNull();
});
