/*
 * Where pieces wait: the admin opens the flow screen from the menu, sees the pieces waiting by
 * workshop and step, their dwell times and chart, the board following a move made elsewhere, and
 * follows the pieces waiting for a workshop into the order grid.
 */
import type { Page } from 'playwright-core';
import { ADMIN, apiCall, apiToken, login, userWithRole, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(120_000);

const live = withBrowserServer();
let master: string;
let lineIds: number[];

beforeAll(async () => {
  const url = live.server.url;
  const admin = await apiToken(url);
  const masterId = await userWithRole(url, admin, 'akis_usta', 3);
  const buyerId = await userWithRole(url, admin, 'akis_alici', 5);
  const workshop = (await apiCall(url, 'POST', '/api/v1/workshops', admin, { name: 'Akış Atölye', code: 'AK', address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: masterId })).workshop;
  await apiCall(url, 'POST', '/api/v1/customers', admin, { name: 'Akış Alıcı', email: 'a@example.com', phone: '1', address: 'x', company_name: 'Akış Ltd', credit: 1_000_000, tax_number: '1', user_id: buyerId });
  const step = (await apiCall(url, 'POST', '/api/v1/production-steps', admin, { step_name: 'Döküm' })).production_step.id;
  const productId = (await apiCall(url, 'POST', '/api/v1/product', admin, { title: 'Akış Yüzüğü', price: 100 })).product.id;
  await apiCall(url, 'PUT', '/api/v1/product-production-steps/bulk', admin, { product_id: productId, steps: [{ step_id: step, position_in_process: 1 }] });
  await apiCall(url, 'PUT', `/api/v1/workshops/${workshop.id}/assign-product`, admin, { product_id: productId });
  const orphanId = (await apiCall(url, 'POST', '/api/v1/product', admin, { title: 'Akış Küpesi', price: 100 })).product.id;
  const buyer = await apiToken(url, 'akis_alici', 'secret-1');
  await apiCall(url, 'POST', '/api/v1/customer-orders/simple', buyer, {
    address: 'x',
    email: 'a@example.com',
    phone_number: '1',
    country: 'TR',
    zip_code: '1',
    products: [
      { product_id: productId, quantity: 3 },
      { product_id: orphanId, quantity: 1 },
    ],
  });
  master = await apiToken(url, 'akis_usta', 'secret-1');
  lineIds = (await apiCall(url, 'GET', '/api/v1/workshop/me/orders', master)).orders.map((line: { id: number }) => line.id);
  await toFirstStep(lineIds[0]);
});

/** The workshop starts a piece: it leaves 'waiting to start' for its first step. */
async function toFirstStep(lineId: number) {
  await apiCall(live.server.url, 'PATCH', `/api/v1/workshop/me/orders/${lineId}/approve`, master, { approved: true });
  await apiCall(live.server.url, 'PATCH', `/api/v1/workshop/me/orders/${lineId}/next-step`, master, {});
}

/** A table's body rows, each as the text of its cells (the row's header first). */
const rowsOf = (page: Page, name: string) =>
  page
    .getByRole('table', { name })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)));

test('the admin opens the flow screen from the menu, sees the board, the dwell times and the chart, the board follows a move, and a cell opens the grid', async () => {
  const page = await live.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors = watchErrors(page);
  await login(page, live.server.url, ADMIN.username, ADMIN.password);
  await page.getByRole('link', { name: 'Akış', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin/flow');
  await page.getByRole('heading', { name: 'Parçalar Nerede Bekliyor' }).waitFor();

  const board = page.getByRole('table', { name: 'Şu an bekleyen parçalar' });
  await board.waitFor();
  expect(await board.locator('thead th').allTextContents()).toEqual(['Atölye', 'Atölye bekliyor', 'Başlamayı bekliyor', 'Döküm']);
  expect(await rowsOf(page, 'Şu an bekleyen parçalar')).toEqual([
    ['Atölye bekleyen', '1', '0', '0'],
    ['Akış Atölye', '0', '2', '1'],
  ]);
  // The one piece started left its wait to start: one stay ended in the period.
  const dwell = await rowsOf(page, 'Bekleme süreleri (saat)');
  expect(dwell.map((row) => row.slice(0, 3))).toEqual([['Akış Atölye', 'Başlamayı bekliyor', '1']]);
  // The chart is drawn by its own chunk, within the page's policy (no error logged).
  await page.getByRole('figure', { name: 'Adımlara göre ortanca bekleme (saat)' }).locator('canvas').first().waitFor();
  // So is the trend: that stay's week, at the only place with one.
  await page.getByRole('figure', { name: 'Başlamayı bekliyor (Akış Atölye): haftalara göre ortanca bekleme ve parça' }).locator('canvas').first().waitFor();
  await expect(page.getByRole('combobox', { name: 'Yer' }).locator('option').allTextContents()).resolves.toEqual(['Başlamayı bekliyor (Akış Atölye)']);

  // Another piece starts on the floor: the board reads again once the live channel tells of it.
  await toFirstStep(lineIds[1]);
  await page.getByRole('table', { name: 'Şu an bekleyen parçalar' }).getByRole('row', { name: 'Akış Atölye 0 1 2' }).waitFor({ timeout: 30_000 });

  // The piece no workshop makes yet opens in the grid's view of such lines.
  await board.getByRole('link', { name: '1 parça: siparişlerde göster' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/orders');
  await page.getByText('1 / 4 satır', { exact: true }).waitFor({ timeout: 30_000 });
  expect(errors).toEqual([]);
});
