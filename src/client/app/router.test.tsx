import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { API } from '../../shared/api';
import { mockFetch, renderApp, storeLogin, testStore } from '../test-utils';
import { AppRoutes, preloadScreen } from './router';

/** Shows the router's current path so the tests can see where a guard sent the browser. */
function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

const ME = { user: { id: 7, username: 'ali', email: 'ali@example.com', role: 2, role_name: 'Admin', status: 'active', created_at: '2026-11-23T08:00:00.000Z' } };

function open(path: string) {
  const view = renderApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    path,
  );
  return { ...view, path: () => screen.getByTestId('location').textContent };
}

beforeEach(() => {
  mockFetch((_method, url) => (url === API.me ? [200, ME] : [200, {}]));
});

test('without a session every guarded route goes to the login card', async () => {
  const { t, path } = open('/admin/users');
  expect(await screen.findByRole('heading', { name: t('auth:loginTitle') })).toBeInTheDocument();
  expect(path()).toBe('/login');
});

test('a token that cannot be decoded counts as no session', async () => {
  sessionStorage.setItem('authToken', '%%% not base64 %%%');
  const { t, path } = open('/dashboard');
  expect(await screen.findByRole('heading', { name: t('auth:loginTitle') })).toBeInTheDocument();
  expect(path()).toBe('/login');
});

test.each(['/login', '/', '/no/such/page'])('with a session %s goes to the dashboard', async (start) => {
  storeLogin(2, 'Admin');
  const { t, path } = open(start);
  expect(await screen.findByRole('heading', { name: t('dashboard:welcome', { name: 'ali' }) })).toBeInTheDocument();
  expect(path()).toBe('/dashboard');
});

test('a screen preloaded for the address the page opens on renders in the first commit, never behind the loading line', async () => {
  storeLogin(2, 'Yonetici');
  // Once its code is in, the first render holds the screen itself.
  await preloadScreen('/admin/flow', testStore());
  const { t } = open('/admin/flow');
  // At once, not found later: a screen behind the fallback would not be in the document yet.
  expect(screen.getByRole('heading', { name: t('flow:title') })).toBeInTheDocument();
});

test.each([
  [2, '/admin/orders', ['lookups/lookupsRequested', 'settings/settingsRequested', 'steps/stepsRequested', 'gridViews/gridViewsRequested', 'orderLines/linesRequested']],
  [4, '/office/orders', ['lookups/lookupsRequested', 'settings/settingsRequested', 'steps/stepsRequested', 'gridViews/gridViewsRequested', 'orderLines/linesRequested']],
  // A role the screen is not for, or no session: its code may come, its reads do not go out.
  [3, '/admin/orders', []],
  [null, '/admin/orders', []],
  [2, '/admin/users', []],
])('role %s opening %s asks with its code for %j', (role, path, asked) => {
  if (role !== null) storeLogin(role);
  const store = testStore();
  const dispatched: string[] = [];
  void preloadScreen(path, { getState: store.getState, dispatch: (action) => dispatched.push(action.type) });
  expect(dispatched).toEqual(asked);
});

test('the reset-password screen opens without a session', async () => {
  const { t, path } = open('/reset-password?token=abc');
  expect(await screen.findByRole('heading', { name: t('auth:resetTitle') })).toBeInTheDocument();
  expect(path()).toBe('/reset-password');
});

test('the order management screen has its heading and a way back to the dashboard', async () => {
  storeLogin(2, 'Yonetici');
  const { t } = open('/admin/orders');
  expect(await screen.findByRole('heading', { name: t('orders:title') })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: t('common:backToDashboard') })).toHaveAttribute('href', '/dashboard');
});

test('the office reads orders and customers on their own screens, not on the dashboard', async () => {
  storeLogin(4, 'Ofis');
  const orders = open('/office/orders');
  expect(await screen.findByRole('heading', { name: orders.t('orders:title') })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: orders.t('dashboard:welcome', { name: 'ali' }) })).not.toBeInTheDocument();
  orders.unmount();
  const customers = open('/office/customers');
  expect(await screen.findByRole('heading', { name: customers.t('customers:listTitle') })).toBeInTheDocument();
  expect(customers.path()).toBe('/office/customers');
});

test('the dashboard greets the user by name once the profile is read, not by the role', async () => {
  storeLogin(2, 'Pasif Kullanıcı');
  const { t } = open('/dashboard');
  expect(await screen.findByRole('heading', { name: t('dashboard:welcome', { name: 'ali' }) })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: /Pasif Kullanıcı/ })).toBeNull();
});

test.each([
  [2, '/admin/customers/5', ['/dashboard', '/admin/orders', '/admin/customers', '/admin/phone-order', '/admin/workshops', '/admin/product-catalog', '/admin/users', '/admin/audit-log', '/admin/metal', '/admin/archive', '/admin/flow'], '/admin/customers'],
  [4, '/office/reports', ['/dashboard', '/office/orders', '/office/customers', '/office/phone-order', '/office/reports', '/office/metal', '/office/archive', '/office/flow', '/office/profile'], '/office/reports'],
  [4, '/office/archive', ['/dashboard', '/office/orders', '/office/customers', '/office/phone-order', '/office/reports', '/office/metal', '/office/archive', '/office/flow', '/office/profile'], '/office/archive'],
  [4, '/office/flow', ['/dashboard', '/office/orders', '/office/customers', '/office/phone-order', '/office/reports', '/office/metal', '/office/archive', '/office/flow', '/office/profile'], '/office/flow'],
  [3, '/workshop/order/9', ['/dashboard', '/workshop/orders', '/workshop/products', '/workshop/metal', '/workshop/archive', '/workshop/profile'], '/workshop/orders'],
  [5, '/order/9', ['/dashboard', '/customer/orders', '/customer/new-order', '/customer/archive', '/customer/profile'], '/customer/orders'],
  [1, '/dashboard', ['/dashboard'], '/dashboard'],
])('role %i on %s has its menu with the current screen marked', async (role, path, links, current) => {
  storeLogin(role, 'Rol');
  mockFetch((_method, url) => (url === API.me ? [200, { user: { ...ME.user, role, role_name: 'Rol' } }] : [200, {}]));
  const { t } = open(path);
  const menu = await screen.findByRole('navigation', { name: t('common:nav.label') });
  expect(within(menu).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(links);
  expect(within(menu).getByRole('link', { current: 'page' })).toHaveAttribute('href', current);
});

test('a detail screen has breadcrumbs back to its list and the dashboard', async () => {
  storeLogin(2, 'Admin');
  const { t } = open('/admin/workshops/3/products');
  const crumbs = await screen.findByRole('navigation', { name: t('common:breadcrumbs') });
  expect(within(crumbs).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/dashboard', '/admin/workshops', '/admin/workshops/3']);
  fireEvent.click(within(crumbs).getByRole('link', { name: t('common:nav.dashboard') }));
  expect(await screen.findByRole('heading', { name: t('dashboard:welcome', { name: 'ali' }) })).toBeInTheDocument();
});

test('a role route opens the dashboard on its tab', async () => {
  storeLogin(3, 'Atolye');
  const { t } = open('/workshop/profile');
  expect(await screen.findByRole('tab', { selected: true })).toHaveTextContent(t('dashboard:tabs.account'));
});

test('the HTTPS warning shows on every page served over plain HTTP', async () => {
  const { t } = open('/login');
  expect(await screen.findByRole('alert')).toHaveTextContent(t('common:httpsWarning'));
});

test('logging in leads to the dashboard; logging out back to the login card', async () => {
  const calls = mockFetch((_method, url) => {
    if (url === API.login) return [200, { token: 'aaa.bbb.ccc', refresh_token: 'r-1', user_role_id: 2, user_role_title: 'Admin', user_id: 7 }];
    if (url === API.me) return [200, ME];
    return [200, { message: 'ok' }];
  });
  const { t, path } = open('/login');
  fireEvent.change(screen.getByLabelText(t('auth:username')), { target: { value: ' ali ' } });
  fireEvent.change(screen.getByLabelText(t('auth:password')), { target: { value: 'secret1' } });
  fireEvent.click(screen.getByRole('button', { name: t('auth:loginButton') }));
  expect(await screen.findByRole('heading', { name: t('dashboard:welcome', { name: 'ali' }) })).toBeInTheDocument();
  expect(path()).toBe('/dashboard');
  expect(calls[0]).toMatchObject({ url: API.login, body: { username: 'ali', password: 'secret1' } });
  expect(sessionStorage.getItem('authToken')).toBe(btoa('aaa.bbb.ccc'));

  localStorage.setItem('userRole', '2');
  fireEvent.click(screen.getByRole('button', { name: t('common:logout') }));
  expect(await screen.findByRole('heading', { name: t('auth:loginTitle') })).toBeInTheDocument();
  expect(path()).toBe('/login');
  expect(calls.some((call) => call.url === API.logout && call.method === 'POST')).toBe(true);
  expect(Object.keys(sessionStorage)).toEqual([]);
  expect(localStorage.getItem('userRole')).toBeNull();
});

test.each([
  [4, '/admin/orders'],
  [4, '/admin/users'],
  [3, '/office/orders'],
  [5, '/workshop/order/5'],
  [3, '/order/5'],
  [2, '/customer/orders/5'],
  [5, '/office/phone-order'],
  [5, '/admin/phone-order'],
  [4, '/admin/phone-order'],
])('role %i typing %s lands on its own dashboard', async (role, start) => {
  storeLogin(role, 'Kullanıcı');
  const { path } = open(start);
  await screen.findByRole('heading', { level: 1 });
  expect(path()).toBe('/dashboard');
});
