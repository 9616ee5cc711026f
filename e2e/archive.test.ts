import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import type { ArchiveLineDto } from '../src/shared/api';
import { ADMIN, apiCall, apiToken, customerWithLine, login, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(120_000);

const live = withBrowserServer();
/** The line each customer ordered, as the archive answers it. */
const lineOf: Record<string, ArchiveLineDto> = {};

beforeAll(async () => {
  const admin = await apiToken(live.server.url);
  const product = (await apiCall(live.server.url, 'POST', '/api/v1/product', admin, { title: 'Arşiv Yüzük', price: 500 })).product;
  lineOf.own = await customerWithLine(live.server.url, admin, 'arsiv_alici', 'Deniz Arşiv', product.id);
  lineOf.other = await customerWithLine(live.server.url, admin, 'arsiv_diger', 'Başka Müşteri', product.id);
  // The first customer's line closes: canceled with a reason.
  await apiCall(live.server.url, 'PUT', `/api/v1/orders/order-products/${lineOf.own.id}/cancel`, admin, { reason: 'Müşteri vazgeçti' });
});

async function signedIn(username: string, password = 'secret-1'): Promise<{ page: Page; errors: string[] }> {
  const page = await live.browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const errors = watchErrors(page);
  await login(page, live.server.url, username, password);
  return { page, errors };
}

/** Searches the archive for `text` with the keyboard: typed, then Enter. */
async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Arama' });
  await box.fill(text);
  await box.press('Enter');
}

test('the admin opens the archive from the grid, finds the canceled line by its order number and exports the query', async () => {
  const { page, errors } = await signedIn(ADMIN.username, ADMIN.password);
  await page.goto(`${live.server.url}/admin/orders`);
  // The grid's toolbar link, not the menu's.
  await page.getByRole('main').getByRole('link', { name: 'Arşiv' }).click();
  await page.waitForURL('**/admin/archive');
  const results = page.getByRole('table', { name: 'Arşivdeki satırlar' });
  await results.waitFor();

  await search(page, lineOf.own.order_number);
  const row = results.getByRole('row').filter({ hasText: lineOf.own.order_number });
  await row.getByRole('cell', { name: 'İptal edildi' }).waitFor();
  await page.waitForFunction((table) => (table as HTMLTableElement).tBodies[0].rows.length === 1, await results.elementHandle());
  await expect(row.textContent()).resolves.toContain(lineOf.own.barcode);
  expect(await row.getByRole('cell').nth(9).textContent()).not.toBe('');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: "Excel'e Aktar" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^arsiv_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.getWorksheet('Arşiv')!;
  const headers = (sheet.getRow(1).values as string[]).slice(1);
  expect(headers.slice(0, 2)).toEqual(['Sipariş No', 'Barkod']);
  expect(sheet.rowCount).toBe(2);
  const values = (sheet.getRow(2).values as unknown[]).slice(1);
  expect(values.slice(0, 2)).toEqual([lineOf.own.order_number, lineOf.own.barcode]);
  expect(values[headers.indexOf('Durum')]).toBe('İptal edildi');
  expect(errors).toEqual([]);
});

test("a customer finds its own line by barcode in its archive, and never another customer's", async () => {
  const { page, errors } = await signedIn('arsiv_alici');
  await page.goto(`${live.server.url}/customer/orders`);
  await page.getByRole('main').getByRole('link', { name: 'Arşiv' }).click();
  await page.waitForURL('**/customer/archive');
  const results = page.getByRole('table', { name: 'Arşivdeki satırlar' });
  await results.waitFor();
  await expect(page.getByRole('combobox', { name: 'Müşteri' }).count()).resolves.toBe(0);

  await search(page, lineOf.own.barcode);
  await results.getByRole('row').filter({ hasText: lineOf.own.barcode }).waitFor();

  await search(page, lineOf.other.barcode);
  await page.getByText('Kayıt bulunamadı').waitFor();
  await expect(page.getByText(lineOf.other.order_number).count()).resolves.toBe(0);

  // A row leads to the customer's own line screen.
  await search(page, lineOf.own.barcode);
  await results.getByRole('link', { name: new RegExp(lineOf.own.order_number) }).click();
  await page.waitForURL(`**/customer/orders/${lineOf.own.id}`);
  expect(errors).toEqual([]);
});
