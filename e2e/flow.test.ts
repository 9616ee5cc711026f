/*
 * Where pieces wait: the admin opens the flow screen from the menu, sees the pieces waiting by
 * workshop and step, their dwell times and chart, the board following a move made elsewhere, and
 * follows the pieces at a production step into the order grid, where a scanned job ticket selects
 * its row.
 */
import type { Page } from 'playwright-core';
import { ADMIN, apiCall, apiToken, login, userWithRole, watchErrors, wedgeScan, withBrowserServer } from './harness';

jest.setTimeout(120_000);

const live = withBrowserServer();
let master: string;
let lineIds: number[];
let barcodes: string[];

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
  const lines: Array<{ id: number; barcode: string }> = (await apiCall(url, 'GET', '/api/v1/workshop/me/orders', master)).orders.sort((a: { id: number }, b: { id: number }) => a.id - b.id);
  lineIds = lines.map((line) => line.id);
  barcodes = lines.map((line) => line.barcode);
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

test('the admin opens the flow screen from the menu, sees the board, the dwell times and the chart, the board follows a move, a step cell opens exactly its lines in the grid, and a scan there selects its row', async () => {
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
  const atStep = board.getByRole('link', { name: 'Akış Atölye, Döküm: 2 parça, siparişlerde göster' });
  await atStep.waitFor({ timeout: 30_000 });
  expect(await rowsOf(page, 'Şu an bekleyen parçalar')).toEqual([
    ['Atölye bekleyen', '1', '0', '0'],
    ['Akış Atölye', '0', '1', '2'],
  ]);

  // The two pieces at 'Döküm' open in the grid, and only they, under a banner naming their place.
  await atStep.click();
  await page.waitForURL((url) => url.pathname === '/admin/orders');
  await page.getByText('2 / 4 satır', { exact: true }).waitFor({ timeout: 30_000 });
  const banner = page.getByRole('region', { name: 'Akıştan süzgeç' });
  await banner.getByText('Şu an burada bekleyen satırlar: Akış Atölye, Döküm.').waitFor();
  // Each row is drawn once per column section (pinned ones too): its ids, once each.
  const ids = (selector: string) => page.locator(selector).evaluateAll((rows) => [...new Set(rows.map((row) => Number(row.getAttribute('row-id'))))].sort((a, b) => a - b));
  await page.locator('.ag-row[row-id]').first().waitFor();
  expect(await ids('.ag-row[row-id]')).toEqual(lineIds.slice(0, 2));

  // A keyboard-wedge scan, nothing focused: the row of the ticket's line is selected.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await wedgeScan(page, barcodes[1]);
  await page.locator(`.ag-row-selected[row-id="${lineIds[1]}"]`).first().waitFor();
  // A line the link leaves out is named, not shown.
  await wedgeScan(page, barcodes[2]);
  await page.getByRole('alert').getByText(`Okutulan ${barcodes[2]} kodlu satır tabloda var, ama süzgeçler onu gizliyor.`).waitFor();

  // Taking the filter away shows every line; the same scan now selects that row.
  await banner.getByRole('button', { name: 'Tüm satırları göster' }).click();
  await page.getByText('4 / 4 satır', { exact: true }).waitFor();
  await wedgeScan(page, barcodes[2]);
  await page.locator(`.ag-row-selected[row-id="${lineIds[2]}"]`).first().waitFor();
  expect(await ids('.ag-row-selected')).toEqual([lineIds[2]]);
  expect(errors).toEqual([]);
});
