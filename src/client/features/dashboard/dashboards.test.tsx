import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type DashboardCountsDto, type OrderReportDto, type ProductLinesDto } from '../../../shared/api';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { RoleDashboard } from './dashboards';

const links = () => screen.queryAllByRole('link').map((link) => link.getAttribute('href'));

test('the admin dashboard leads to the six admin screens and has the password tab in settings', () => {
  const { t } = renderApp(<RoleDashboard role={2} />);
  expect(links()).toEqual(['/admin/users', '/admin/customers', '/admin/workshops', '/admin/product-catalog', '/admin/orders', '/admin/audit-log']);
  fireEvent.click(screen.getByRole('tab', { name: t('dashboard:tabs.settings') }));
  expect(screen.getByRole('heading', { name: t('account:passwordTitle') })).toBeInTheDocument();
});

test('the workshop dashboard has main, orders, products, metal and account tabs; the route can open the account tab', () => {
  const { t } = renderApp(<RoleDashboard role={3} tab="account" />);
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([t('dashboard:tabs.main'), t('dashboard:tabs.orders'), t('dashboard:tabs.products'), t('metal:workshop.tab'), t('dashboard:tabs.account')]);
  expect(screen.getByRole('heading', { name: t('account:passwordTitle') })).toBeInTheDocument();
});

test('the customer dashboard opens on order management with its cards', () => {
  const { t } = renderApp(<RoleDashboard role={5} />);
  expect(screen.getByRole('tab', { selected: true })).toHaveTextContent(t('dashboard:tabs.orderManagement'));
  expect(links().slice(0, 3)).toEqual(['/customer/orders', '/customer/new-order', '/customer/profile']);
});

test('the office dashboard leads to the office screens; its report and account are tabs a route opens', async () => {
  const { t } = renderApp(<RoleDashboard role={4} />);
  expect(links()).toEqual(['/office/orders', '/office/customers', '/office/reports', '/office/profile']);
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([t('dashboard:tabs.main'), t('dashboard:tabs.reports'), t('dashboard:tabs.account')]);
});

test('the office report shows every line by status and the open and late lines per workshop', async () => {
  storeLogin(4, 'Ofis');
  const report: OrderReportDto = {
    lines_by_status: [{ status_id: 1, name: 'Bekliyor', count: 7 }, { status_id: 2, name: 'Üretimde', count: 3 }],
    late: 2,
    canceled: 1,
    workshops: [{ workshop_id: 4, workshop_name: 'Usta Ali', open: 9, late: 2 }, { workshop_id: null, workshop_name: null, open: 1, late: 0 }],
  };
  mockFetch((_method, url) => (url === API.orderReport ? [200, { report }] : [200, {}]));
  const { t } = renderApp(<RoleDashboard role={4} tab="reports" />);
  const byStatus = await screen.findByRole('table', { name: t('dashboard:report.byStatus') });
  expect(within(byStatus).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Bekliyor7', 'Üretimde3']);
  const perWorkshop = screen.getByRole('table', { name: t('dashboard:report.perWorkshop') });
  expect(within(perWorkshop).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Usta Ali92', `${t('dashboard:report.noWorkshop')}10`]);
});

test('the office account tab changes the password', () => {
  const { t } = renderApp(<RoleDashboard role={4} tab="account" />);
  expect(screen.getByRole('heading', { name: t('account:passwordTitle') })).toBeInTheDocument();
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

test("the workshop's products tab lists each product of its lines with its open and all lines as the server counts them, not the lines loaded", async () => {
  storeLogin(3, 'Atölye');
  // The tablet has loaded one line; the server counts every line of the workshop.
  const orders = [{ id: 1, product_id: 9, product_title: 'Yüzük', product_picture_url: null, order_line_status_id: 1, canceled_at: null }];
  const products: ProductLinesDto[] = [
    { product_id: 9, title: 'Yüzük', picture_url: null, open: 12, total: 480 },
    { product_id: 4, title: 'Küpe', picture_url: null, open: 12, total: 96 },
    { product_id: 5, title: 'Kolye', picture_url: null, open: 0, total: 2500 },
  ];
  mockFetch((_method, url) => (url === API.myWorkshopOrders ? [200, { orders }] : url === API.myWorkshopProductLines ? [200, { products }] : [200, {}]));
  const { t } = renderApp(<RoleDashboard role={3} tab="products" />);
  const table = await screen.findByRole('table');
  expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([t('dashboard:workshopProducts.photo'), t('dashboard:workshopProducts.product'), t('dashboard:workshopProducts.open'), t('dashboard:workshopProducts.total')]);
  // The most open work first, then by name.
  expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['-Küpe1296', '-Yüzük12480', '-Kolye02500']);
});

test("the workshop's products tab says when the server cannot count them", async () => {
  storeLogin(3, 'Atölye');
  mockFetch((_method, url) => (url === API.myWorkshopProductLines ? [500, {}] : [200, {}]));
  const { t } = renderApp(<RoleDashboard role={3} tab="products" />);
  expect(await screen.findByText(t('dashboard:workshopProducts.failed'))).toBeInTheDocument();
});

test("the admin dashboard counts the waiting work; each count leads to its lines: the grid on the view's lines, the customers, the shop items to match", async () => {
  storeLogin(2, 'Yönetici');
  const counts: DashboardCountsDto = { views: { late: 4, qualityControl: 3, packing: 2, awaitingWorkshop: 1 }, above_credit: 5, unmatched_items: 6 };
  mockFetch((_method, url) => (url === API.dashboardCounts ? [200, { counts }] : [200, {}]));
  const { t } = renderApp(<RoleDashboard role={2} />);
  const section = await screen.findByRole('navigation', { name: t('dashboard:counts.title') });
  const shown = within(section)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
  expect(shown).toEqual([
    [`4 ${t('dashboard:counts.late')}`, '/admin/orders?view=late'],
    [`3 ${t('dashboard:counts.qualityControl')}`, '/admin/orders?view=qualityControl'],
    [`2 ${t('dashboard:counts.packing')}`, '/admin/orders?view=packing'],
    [`1 ${t('dashboard:counts.awaitingWorkshop')}`, '/admin/orders?view=awaitingWorkshop'],
    [`5 ${t('dashboard:counts.aboveCredit')}`, '/admin/customers'],
    [`6 ${t('dashboard:counts.unmatchedItems')}`, '/dashboard?tab=settings&sub=shops'],
  ]);
});

test('office staff see the same counts leading to their own screens; the shop items, matched by the admin, are counted without a link', async () => {
  storeLogin(4, 'Ofis');
  const counts: DashboardCountsDto = { views: { late: 4, qualityControl: 3, packing: 2, awaitingWorkshop: 1 }, above_credit: 5, unmatched_items: 6 };
  mockFetch((_method, url) => (url === API.dashboardCounts ? [200, { counts }] : [200, {}]));
  const { t } = renderApp(<RoleDashboard role={4} />);
  const section = await screen.findByRole('navigation', { name: t('dashboard:counts.title') });
  expect(within(section).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
    '/office/orders?view=late',
    '/office/orders?view=qualityControl',
    '/office/orders?view=packing',
    '/office/orders?view=awaitingWorkshop',
    '/office/customers',
  ]);
  expect(within(section).getByText(t('dashboard:counts.unmatchedItems'), { exact: false })).toHaveTextContent(`6 ${t('dashboard:counts.unmatchedItems')}`);
});

test('the admin dashboard says when the counts cannot be read', async () => {
  storeLogin(2, 'Yönetici');
  mockFetch(() => [500, {}]);
  const { t } = renderApp(<RoleDashboard role={2} />);
  expect(await screen.findByText(t('dashboard:counts.failed'))).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: t('dashboard:counts.title') })).toBeNull();
});

test('a link can open the admin dashboard on its shops settings, where shop items are matched', async () => {
  storeLogin(2, 'Yönetici');
  mockFetch(() => [200, { shops: [], items: [], events: [] }]);
  const { t } = renderApp(<RoleDashboard role={2} tab="settings" sub="shops" />);
  expect(screen.getAllByRole('tab', { selected: true }).map((tab) => tab.textContent)).toEqual([t('dashboard:tabs.settings'), t('shops:tab')]);
  // The panel's lists have been read.
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
});
