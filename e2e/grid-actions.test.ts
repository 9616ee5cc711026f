/*
 * The admin order grid's row actions and what it shows of itself, at a laptop's 1280 x 800.
 */
import type { Page } from 'playwright-core';
import { ADMIN, apiCall, apiToken, login, revealGridColumn, userWithRole, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(120_000);

const live = withBrowserServer();
let admin: string;
let master: string;
let lineIds: number[];

const LINES = 30;

beforeAll(async () => {
  const url = live.server.url;
  admin = await apiToken(url);
  const masterId = await userWithRole(url, admin, 'eylem_usta', 3);
  const buyerId = await userWithRole(url, admin, 'eylem_alici', 5);
  const workshop = (await apiCall(url, 'POST', '/api/v1/workshops', admin, { name: 'Eylem Atölye', code: 'E', address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: masterId })).workshop;
  await apiCall(url, 'POST', '/api/v1/customers', admin, { name: 'Eylem Alıcı', email: 'e@example.com', phone: '1', address: 'x', company_name: 'Eylem Ltd', credit: 1_000_000_000, tax_number: '1', user_id: buyerId });
  const step = (await apiCall(url, 'POST', '/api/v1/production-steps', admin, { step_name: 'Döküm' })).production_step.id;
  const productId = (await apiCall(url, 'POST', '/api/v1/product', admin, { title: 'Eylem Yüzüğü', price: 1500, workmanship_rate: 10, expected_weight: 3 })).product.id;
  await apiCall(url, 'PUT', '/api/v1/product-production-steps/bulk', admin, { product_id: productId, steps: [{ step_id: step, position_in_process: 1 }] });
  await apiCall(url, 'PUT', `/api/v1/workshops/${workshop.id}/assign-product`, admin, { product_id: productId });
  const buyer = await apiToken(url, 'eylem_alici', 'secret-1');
  await apiCall(url, 'POST', '/api/v1/customer-orders/simple', buyer, { address: 'x', email: 'e@example.com', phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: productId, quantity: LINES }] });
  master = await apiToken(url, 'eylem_usta', 'secret-1');
  lineIds = (await apiCall(url, 'GET', '/api/v1/workshop/me/orders', master)).orders.map((line: { id: number }) => line.id).sort((a: number, b: number) => a - b);
});

async function openGrid(): Promise<{ page: Page; errors: string[] }> {
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await login(page, live.server.url, ADMIN.username, ADMIN.password);
  await page.goto(`${live.server.url}/admin/orders`);
  await count(page, LINES).waitFor({ timeout: 30_000 });
  return { page, errors };
}

const count = (page: Page, shown: number) => page.getByText(`${shown} / ${LINES} satır`, { exact: true });
const cell = (page: Page, lineId: number, column: string) => page.locator(`.ag-row[row-id="${lineId}"] .ag-cell[col-id="${column}"]`);

/** Moves a line on the floor, as its workshop and the office would, until it waits for quality control. */
async function toQualityControl(lineId: number) {
  const url = live.server.url;
  await apiCall(url, 'PATCH', `/api/v1/workshop/me/orders/${lineId}/approve`, master, { approved: true });
  await apiCall(url, 'PATCH', `/api/v1/workshop/me/orders/${lineId}/next-step`, master, {});
  await apiCall(url, 'PATCH', `/api/v1/workshop/me/orders/${lineId}/next-step`, master, {});
}
const approveQuality = (lineId: number) => apiCall(live.server.url, 'PUT', `/api/v1/orders/order-products/${lineId}/quality_status`, admin, { approved: true, reason: '', return_step_id: null });
const enterGram = (lineId: number) => apiCall(live.server.url, 'POST', `/api/v1/workshop/me/gramage/${lineId}`, master, { product_gram: 3 });

/** The newest lines are the grid's first rows (the list comes newest first): each test takes its own. */
const newest = (index: number) => lineIds[lineIds.length - 1 - index];

test("at 1280 x 800 the row actions are one icon wide and about twice as many rows fit; 'Ürün' names the product after 'Sipariş No'", async () => {
  const { page, errors } = await openGrid();
  await page.locator('.ag-cell[col-id="history_action"] button').first().waitFor();
  // Before: the four pinned action columns took 510 px and 5 rows showed above the fold.
  const pinned = await page.locator('.ag-header-cell[col-id$="_action"]:not(.ag-floating-filter)').evaluateAll((cells) => cells.reduce((sum, c) => sum + c.getBoundingClientRect().width, 0));
  expect(pinned).toBeLessThanOrEqual(200);
  const rowsAboveFold = await page.locator('.ag-cell[col-id="history_action"]').evaluateAll((cells) => cells.filter((c) => c.getBoundingClientRect().bottom <= window.innerHeight).length);
  expect(rowsAboveFold).toBeGreaterThanOrEqual(9);
  // Each action still has its name, on hover and for a screen reader.
  const history = page.getByRole('button', { name: `Geçmiş: satır #${newest(0)}` });
  await expect(history.getAttribute('title')).resolves.toBe('Geçmiş');
  await expect(page.locator('.ag-header-cell[col-id="packing_action"]:not(.ag-floating-filter)').getAttribute('title')).resolves.toBe('Paketleme İşlemi');
  // The last column's button lies wholly inside its cell and clear of the grid's scroll bar (which overlays the cells where the browser's scroll bars do).
  const [button, column, scrollBar] = await Promise.all([history.boundingBox(), cell(page, newest(0), 'history_action').boundingBox(), page.locator('.ag-body-vertical-scroll').boundingBox()]);
  expect(button!.x + button!.width).toBeLessThanOrEqual(Math.min(column!.x + column!.width, scrollBar?.x ?? Infinity));

  const headers = await page.locator('.ag-header-row-column .ag-header-cell').evaluateAll((cells) =>
    cells.map((c) => [Number(c.getAttribute('aria-colindex')), c.textContent?.trim()] as const).sort((a, b) => a[0] - b[0]).map(([, text]) => text),
  );
  expect(headers.slice(1, 4)).toEqual(['Sipariş No', 'Ürün', 'Ad']);
  await cell(page, newest(0), 'product').filter({ hasText: 'Eylem Yüzüğü' }).waitFor();
  expect(errors).toEqual([]);
  await page.context().close();
});

test("the quality-control window shows the product by name and the line's recent history", async () => {
  const lineId = newest(1);
  await toQualityControl(lineId);
  const { page, errors } = await openGrid();
  await cell(page, lineId, 'quality_action').getByRole('button', { name: 'Kalite Kontrol' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kalite Kontrol Durumu' });
  await dialog.getByText('Eylem Yüzüğü').waitFor();
  const history = dialog.getByRole('table', { name: 'Geçmiş' });
  await history.getByRole('cell', { name: 'Daha başlamadı → Döküm' }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(errors).toEqual([]);
  await page.context().close();
});

test("'Paketleme Onayı' asks first, naming the line: Escape leaves the line as it is, Enter completes it", async () => {
  const lineId = newest(2);
  await toQualityControl(lineId);
  await approveQuality(lineId);
  await enterGram(lineId);
  const { page, errors } = await openGrid();
  const approve = cell(page, lineId, 'packing_action').getByRole('button', { name: 'Paketleme Onayı' });
  // From the keyboard: the Enter pressed on the focused cell opens the question and does not answer it.
  // (The cell is focused by a click beside its button, which lies at the cell's left.)
  await cell(page, lineId, 'packing_action').click({ position: { x: 40, y: 4 } });
  await page.waitForFunction((id) => {
    const focused = document.activeElement;
    return focused?.classList.contains('ag-cell') && focused.getAttribute('col-id') === 'packing_action' && focused.closest('.ag-row')?.getAttribute('row-id') === String(id);
  }, lineId);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Paketleme Onayı' });
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect(approve.isEnabled()).resolves.toBe(true);

  await approve.click();
  await dialog.getByText(`Satır #${lineId} (B2B-000001 · Eylem Yüzüğü) paketlendi olarak onaylansın mı?`, { exact: false }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect(approve.isEnabled()).resolves.toBe(true);

  await approve.click();
  await dialog.waitFor();
  await page.keyboard.press('Enter');
  await page.getByText('Paketleme onayı başarıyla verildi!').waitFor();
  await cell(page, lineId, 'packing_action').getByRole('img', { name: 'Tamamlandı' }).waitFor();
  expect(errors).toEqual([]);
  await page.context().close();
});

test('a change made elsewhere reaches the packing cell without a reload', async () => {
  const lineId = newest(3);
  await toQualityControl(lineId);
  const { page, errors } = await openGrid();
  const packing = cell(page, lineId, 'packing_action');
  await packing.getByRole('img', { name: 'Kalite kontrol bekleniyor' }).waitFor();
  await approveQuality(lineId);
  await packing.getByRole('img', { name: 'Önce gram girilmeli' }).waitFor({ timeout: 5_000 });
  await enterGram(lineId);
  await packing.getByRole('button', { name: 'Paketleme Onayı' }).waitFor({ timeout: 5_000 });
  expect(errors).toEqual([]);
  await page.context().close();
});

test('a filter saved on a column out of view is named after a reload, and Temizle shows every row', async () => {
  const { page, errors } = await openGrid();
  await revealGridColumn(page, 'customization_option');
  const saved = page.waitForResponse((response) => response.url().endsWith('/grid-views/orders/current') && (response.request().postData() ?? '').includes('customization_option'));
  await page.locator('.ag-floating-filter[col-id="customization_option"] input').fill('yok böyle');
  await count(page, 0).waitFor();
  expect((await saved).status()).toBe(200);

  await page.reload();
  await count(page, 0).waitFor({ timeout: 30_000 });
  await page.getByText('1 filtre uygulanmış: Kişiselleştirme').waitFor();
  await expect(page.getByRole('combobox', { name: 'Görünüm' }).inputValue()).resolves.toBe('');
  await page.getByRole('button', { name: 'Tüm filtreleri temizle' }).click();
  await count(page, LINES).waitFor();
  await expect(page.getByText(/filtre uygulanmış/).count()).resolves.toBe(0);
  expect(errors).toEqual([]);
  await page.context().close();
});
