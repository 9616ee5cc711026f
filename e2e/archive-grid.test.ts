import ExcelJS from 'exceljs';
import type { ArchiveLineDto } from '../src/shared/api';
import { ADMIN, apiCall, apiToken, customerWithLine, login, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(120_000);

const live = withBrowserServer();
/** The closed line the archive query finds (outside the working set), and an open line the grid shows every day. */
let closed: ArchiveLineDto;
let other: ArchiveLineDto;

beforeAll(async () => {
  const admin = await apiToken(live.server.url);
  const product = (await apiCall(live.server.url, 'POST', '/api/v1/product', admin, { title: 'Izgara Yüzük', price: 500 })).product;
  closed = await customerWithLine(live.server.url, admin, 'izgara_kapanan', 'izgara_kapanan', product.id);
  other = await customerWithLine(live.server.url, admin, 'izgara_acik', 'izgara_acik', product.id);
  await apiCall(live.server.url, 'PUT', `/api/v1/orders/order-products/${closed.id}/cancel`, admin, { reason: 'Müşteri vazgeçti' });
  // No closed line in the everyday lists: the canceled one is found by the archive alone.
  const { settings } = await apiCall(live.server.url, 'GET', '/api/v1/settings/general', admin);
  await apiCall(live.server.url, 'PUT', '/api/v1/settings/general', admin, { ...settings, working_set_days: 0 });
});

test("the admin runs an archive query on the grid, finds a closed line by its order number as the grid's row, exports the query and goes back", async () => {
  const page = await live.browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const errors = watchErrors(page);
  await login(page, live.server.url, ADMIN.username, ADMIN.password);
  await page.goto(`${live.server.url}/admin/orders`);
  const count = (shown: number, total: number) => page.getByText(`${shown} / ${total} satır`, { exact: true });
  const grid = page.getByRole('region', { name: 'Sipariş Yönetimi' });
  await grid.locator(`.ag-row[row-id="${other.id}"]`).first().waitFor();
  await expect(grid.locator(`.ag-row[row-id="${closed.id}"]`).count()).resolves.toBe(0);

  await page.getByRole('button', { name: 'Arşiv sorgusu' }).click();
  const form = page.getByRole('dialog', { name: 'Arşiv sorgusunu ızgarada göster' });
  const search = form.getByRole('searchbox', { name: 'Arama' });
  await search.fill(closed.order_number);
  await search.press('Enter');

  const banner = page.getByRole('region', { name: 'Arşiv sorgusu' });
  await banner.getByText(`Izgara güncel satırları değil, bir arşiv sorgusunu gösteriyor: Arama: ${closed.order_number}`).waitFor();
  await count(1, 1).waitFor();
  const row = grid.locator(`.ag-row[row-id="${closed.id}"]`);
  await row.locator('[col-id="order_number"]').filter({ hasText: closed.order_number }).waitFor();
  await expect(grid.locator(`.ag-row[row-id="${other.id}"]`).count()).resolves.toBe(0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: "Excel'e Aktar" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^siparisler_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.worksheets[0];
  expect(sheet.rowCount).toBe(2);
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  const values = (sheet.getRow(2).values as unknown[]).slice(1);
  expect(values[headers.indexOf('Sipariş No')]).toBe(closed.order_number);
  expect(values[headers.indexOf('Barkod')]).toBe(closed.barcode);

  await banner.getByRole('button', { name: 'Güncel satırlara dön' }).click();
  await grid.locator(`.ag-row[row-id="${other.id}"]`).first().waitFor();
  await expect(grid.locator(`.ag-row[row-id="${closed.id}"]`).count()).resolves.toBe(0);
  await expect(banner.count()).resolves.toBe(0);
  expect(errors).toEqual([]);
});
