/*
 * The admin's order grid at scale, as a user meets it: lines stream in through the compact format,
 * a header sorts, the quick filter narrows, the layout is saved as a view and comes back after a
 * reload, and the Excel file holds exactly the rows shown. Office staff get the grid without actions.
 */
import ExcelJS from 'exceljs';
import type { Page, Request } from 'playwright-core';
import { LINES_MEDIA_TYPE } from '../src/shared/lineWire';
import { ADMIN, apiCall, apiToken, login, revealGridColumn, userWithRole, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(180_000);

const live = withBrowserServer();
const LINES = 2_500;
let admin: string;
let lastOrder: { id: number; order_number: string };
let lastOrderLines: number[];
/** Every line's barcode, by its id. */
let barcodes: Map<number, string>;

const count = (page: Page, shown: number, total = LINES) =>
  page.getByText(`${shown.toLocaleString('tr-TR')} / ${total.toLocaleString('tr-TR')} satır`, { exact: true });
const firstRowId = (page: Page) => page.locator('.ag-row[row-index="0"] [col-id="order_product_id"]').first();

beforeAll(async () => {
  const url = live.server.url;
  admin = await apiToken(url);
  const buyerId = await userWithRole(url, admin, 'buyuk_alici', 5);
  await userWithRole(url, admin, 'ofis_grid', 4);
  await apiCall(url, 'POST', '/api/v1/customers', admin, { name: 'Büyük Alıcı', email: 'b@example.com', phone: '1', address: 'x', company_name: 'Büyük Ltd', credit: 1_000_000_000, tax_number: '1', user_id: buyerId });
  const productId = (await apiCall(url, 'POST', '/api/v1/product', admin, { title: 'Seri Yüzük', price: 900, workmanship_rate: 10, expected_weight: 2 })).product.id;
  const buyer = await apiToken(url, 'buyuk_alici', 'secret-1');
  const place = async (quantity: number) =>
    (await apiCall(url, 'POST', '/api/v1/customer-orders/simple', buyer, { address: 'x', email: 'b@example.com', phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: productId, quantity }] })).order;
  await place(1_000);
  await place(1_000);
  lastOrder = await place(500);
  const lines: Array<{ id: number; order_id: number; barcode: string }> = (await apiCall(url, 'GET', '/api/v1/orders', admin)).orders;
  barcodes = new Map(lines.map((line) => [line.id, line.barcode]));
  lastOrderLines = lines
    .filter((line: { order_id: number }) => line.order_id === lastOrder.id)
    .map((line: { id: number }) => line.id)
    .sort((a: number, b: number) => a - b);
});

test('the admin streams, sorts, filters, saves a view that survives a reload, and exports the rows shown', async () => {
  const context = await live.browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  const accepted: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/orders') accepted.push(request.headers().accept ?? '');
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await login(page, live.server.url, ADMIN.username, ADMIN.password);
  await page.goto(`${live.server.url}/admin/orders`);
  await count(page, LINES).waitFor({ timeout: 30_000 });
  // The list came in the grid's compact format (read by the worker), not as the spec's JSON.
  expect(accepted.some((accept) => accept.includes(LINES_MEDIA_TYPE))).toBe(true);

  // A header sorts by real values, ascending then descending.
  await revealGridColumn(page, 'order_product_id');
  const header = page.getByRole('columnheader', { name: 'Sipariş Ürün ID' });
  await header.click();
  await firstRowId(page).filter({ hasText: /^1$/ }).waitFor();
  await header.click();
  await firstRowId(page).filter({ hasText: new RegExp(`^${LINES}$`) }).waitFor();

  // The quick filter narrows to one order; the layout is saved (about a second later) with the filter in it.
  const saved = page.waitForResponse((response) => response.url().endsWith('/grid-views/orders/current') && (response.request().postData() ?? '').includes(lastOrder.order_number));
  await page.getByRole('searchbox', { name: 'Tüm sütunlarda ara' }).fill(lastOrder.order_number);
  await count(page, lastOrderLines.length).waitFor();
  expect((await saved).status()).toBe(200);

  // A named view.
  await page.getByRole('button', { name: 'Görünümü kaydet…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Görünümü kaydet' });
  await dialog.getByLabel('Görünüm adı').fill('Son sipariş');
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await page.getByRole('option', { name: 'Son sipariş' }).waitFor({ state: 'attached' });

  // After a reload the grid opens as it was left: same filter, same sort. Its lines are asked for
  // once, before anything else the page asks the server: the tab remembers what the screen reads.
  const asked: string[] = [];
  const onRequest = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
  };
  page.on('request', onRequest);
  await page.reload();
  await count(page, lastOrderLines.length).waitFor({ timeout: 30_000 });
  page.off('request', onRequest);
  expect(asked[0]).toBe('/api/v1/orders');
  expect(asked.filter((path) => path === '/api/v1/orders')).toHaveLength(1);
  await expect(page.getByRole('searchbox', { name: 'Tüm sütunlarda ara' }).inputValue()).resolves.toBe(lastOrder.order_number);
  await revealGridColumn(page, 'order_product_id');
  await firstRowId(page).filter({ hasText: new RegExp(`^${lastOrderLines[lastOrderLines.length - 1]}$`) }).waitFor();
  await page.getByRole('option', { name: 'Son sipariş' }).waitFor({ state: 'attached' });

  // The Excel file holds exactly the rows shown, in the grid's order, ids as numbers, barcodes as their digits.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: "Excel'e Aktar" }).click();
  const file = await download;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await file.path())!);
  const sheet = workbook.getWorksheet('Siparişler')!;
  const headers = (sheet.getRow(1).values as string[]).slice(1);
  const idColumn = headers.indexOf('Sipariş Ürün ID') + 1;
  const ids: unknown[] = [];
  const barcodeColumn = headers.indexOf('Barkod') + 1;
  const sheetBarcodes: unknown[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    ids.push(row.getCell(idColumn).value);
    sheetBarcodes.push(row.getCell(barcodeColumn).value);
  });
  expect(ids).toEqual([...lastOrderLines].reverse());
  expect(sheetBarcodes).toEqual([...lastOrderLines].reverse().map((id) => barcodes.get(id)));

  // The barcode column's filter finds a scanned line, from any order, and only it.
  await page.getByRole('searchbox', { name: 'Tüm sütunlarda ara' }).fill('');
  await count(page, LINES).waitFor();
  const scanned = 1_234;
  await revealGridColumn(page, 'barcode');
  await page.locator('.ag-floating-filter[col-id="barcode"] input').fill(barcodes.get(scanned)!);
  await count(page, 1).waitFor();
  const barcodeCell = page.locator('.ag-row[row-index="0"] [col-id="barcode"]').filter({ hasText: new RegExp(`^${barcodes.get(scanned)}$`) });
  await barcodeCell.waitFor();
  // Shown whole, not cut short by the column's width.
  await expect(barcodeCell.locator('.ag-cell-value').evaluate((value) => value.scrollWidth <= value.clientWidth)).resolves.toBe(true);
  await revealGridColumn(page, 'order_product_id');
  await firstRowId(page).filter({ hasText: new RegExp(`^${scanned}$`) }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test('office staff see the grid without actions, and the server refuses them the actions', async () => {
  const context = await live.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await login(page, live.server.url, 'ofis_grid', 'secret-1');
  await page.goto(`${live.server.url}/office/orders`);
  await count(page, LINES).waitFor({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Kalite Kontrol' }).count()).resolves.toBe(0);
  await expect(page.getByRole('button', { name: 'Paketleme Onayı' }).count()).resolves.toBe(0);
  const office = await apiToken(live.server.url, 'ofis_grid', 'secret-1');
  const lineId = lastOrderLines[0];
  for (const [method, path, body] of [
    ['PUT', `/api/v1/orders/order-products/${lineId}/quality_status`, { approved: true }],
    ['PUT', `/api/v1/orders/order-products/${lineId}/approve_shipping`, undefined],
    ['PUT', `/api/v1/orders/order-products/${lineId}/gram`, { product_gram: 3 }],
  ] as const) {
    const answer = await fetch(`${live.server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${office}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect({ path, status: answer.status }).toEqual({ path, status: 403 });
  }
  await context.close();
});
