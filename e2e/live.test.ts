/*
 * Live order lines in the browser: the admin's grid and the workshop's tablet follow the floor
 * without a reload, and a dropped socket catches up with what changed while it was away.
 */
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { ADMIN, apiCall, apiToken, login, revealGridColumn, userWithRole, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(120_000);

const live = withBrowserServer();
/** How long a change may take to show on another screen. */
const WITHIN = { timeout: 2_000 };
let admin: string;
let buyer: string;
let productId: number;
let lineIds: number[];
const contexts: BrowserContext[] = [];
let adminPage: Page;
let masterPage: Page;
let errors: string[];

/** Lines read back after a live event (the events carry their lines: none until a reconnect). */
const readBacks: string[] = [];
const watchReadBacks = (page: Page) => page.on('request', (request) => request.url().includes('/api/v1/order-lines/changes') && readBacks.push(request.url()));

/** Admin sockets pass through here, so a test can drop one and hold the reconnection back. */
let holdReconnects = false;
const routed: WebSocketRoute[] = [];

const order = (quantity: number) => ({ address: 'x', email: 'a@example.com', phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: productId, quantity }] });
const gridCell = (page: Page, lineId: number, column: string) => page.locator(`.ag-row[row-id="${lineId}"] [col-id="${column}"]`);
const liveState = (page: Page, state: string) => page.locator(`[data-live-state="${state}"]`);

async function newPage(): Promise<Page> {
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  const url = live.server.url;
  admin = await apiToken(url);
  const masterId = await userWithRole(url, admin, 'canli_usta', 3);
  const buyerId = await userWithRole(url, admin, 'canli_alici', 5);
  const workshop = (await apiCall(url, 'POST', '/api/v1/workshops', admin, { name: 'Canlı Atölye', code: 'C', address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: masterId })).workshop;
  await apiCall(url, 'POST', '/api/v1/customers', admin, { name: 'Canlı Alıcı', email: 'c@example.com', phone: '1', address: 'x', company_name: 'Canlı Ltd', credit: 1_000_000_000, tax_number: '1', user_id: buyerId });
  const steps: number[] = [];
  for (const step_name of ['Döküm', 'Rodaj']) steps.push((await apiCall(url, 'POST', '/api/v1/production-steps', admin, { step_name })).production_step.id);
  productId = (await apiCall(url, 'POST', '/api/v1/product', admin, { title: 'Canlı Yüzük', price: 1500, workmanship_rate: 10, expected_weight: 3 })).product.id;
  await apiCall(url, 'PUT', '/api/v1/product-production-steps/bulk', admin, { product_id: productId, steps: steps.map((step_id, i) => ({ step_id, position_in_process: i + 1 })) });
  await apiCall(url, 'PUT', `/api/v1/workshops/${workshop.id}/assign-product`, admin, { product_id: productId });
  buyer = await apiToken(url, 'canli_alici', 'secret-1');
  await apiCall(url, 'POST', '/api/v1/customer-orders/simple', buyer, order(2));
  const master = await apiToken(url, 'canli_usta', 'secret-1');
  lineIds = (await apiCall(url, 'GET', '/api/v1/workshop/me/orders', master)).orders.map((line: { id: number }) => line.id);

  adminPage = await newPage();
  errors = watchErrors(adminPage);
  watchReadBacks(adminPage);
  await adminPage.routeWebSocket(/\/ws/, (socket) => {
    if (holdReconnects) return socket.close({ code: 4000, reason: 'held back by the test' });
    socket.connectToServer();
    routed.push(socket);
  });
  await login(adminPage, url, ADMIN.username, ADMIN.password);
  await adminPage.goto(`${url}/admin/orders`);
  await adminPage.getByRole('region', { name: 'Sipariş Yönetimi' }).waitFor();
  await liveState(adminPage, 'connected').waitFor();

  masterPage = await newPage();
  errors.push(...watchErrors(masterPage));
  watchReadBacks(masterPage);
  await login(masterPage, url, 'canli_usta', 'secret-1');
  await liveState(masterPage, 'connected').waitFor();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
});

test('a tap on the tablet changes the admin’s row in place, keeping its sort', async () => {
  // The admin sorts by line id, newest last; the order of rows must survive the update.
  await revealGridColumn(adminPage, 'order_product_id');
  await adminPage.getByRole('columnheader', { name: 'Sipariş Ürün ID' }).click();
  await revealGridColumn(adminPage, 'current_step');
  await gridCell(adminPage, lineIds[0], 'current_step').filter({ hasText: 'Daha başlamadı' }).waitFor();
  const rowsBefore = await adminPage.locator('.ag-row[row-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('row-index') + ':' + row.getAttribute('row-id')));

  await masterPage.goto(`${live.server.url}/workshop/order/${lineIds[0]}`);
  await masterPage.getByRole('button', { name: 'Sonraki Adım' }).click();
  await masterPage.getByRole('definition').filter({ hasText: 'Döküm' }).waitFor();

  await gridCell(adminPage, lineIds[0], 'current_step').filter({ hasText: 'Döküm' }).waitFor(WITHIN);
  await revealGridColumn(adminPage, 'status');
  await gridCell(adminPage, lineIds[0], 'status').filter({ hasText: 'Üretimde' }).waitFor(WITHIN);
  const rowsAfter = await adminPage.locator('.ag-row[row-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('row-index') + ':' + row.getAttribute('row-id')));
  expect(rowsAfter.sort()).toEqual(rowsBefore.sort());
  expect(readBacks).toEqual([]);
});

test('a new order shows on the admin’s grid and on the workshop’s tablet list and cards at once', async () => {
  await masterPage.goto(`${live.server.url}/workshop/orders`);
  const waiting = masterPage.getByRole('group', { name: 'Bekleyen' });
  await waiting.getByText('1', { exact: true }).waitFor();
  const { order: placed } = await apiCall(live.server.url, 'POST', '/api/v1/customer-orders/simple', buyer, order(1));
  await waiting.getByText('2', { exact: true }).waitFor(WITHIN);
  await masterPage.getByRole('row', { name: new RegExp(placed.order_number) }).waitFor(WITHIN);
  const newLine = (await apiCall(live.server.url, 'GET', '/api/v1/customers/me/orders', buyer)).orders.find((line: { order_id: number }) => line.order_id === placed.id).id;
  await revealGridColumn(adminPage, 'order_number');
  await gridCell(adminPage, newLine, 'order_number').filter({ hasText: placed.order_number }).waitFor(WITHIN);
  expect(readBacks).toEqual([]);
});

test('a dropped socket reconnects and catches up with a change made while it was away', async () => {
  holdReconnects = true;
  for (const socket of routed.splice(0)) {
    await socket.close({ code: 4000, reason: 'dropped by the test' });
  }
  await liveState(adminPage, 'reconnecting').waitFor();
  // The change happens while the admin's screen has no socket (its reconnects are held back).
  const master = await apiToken(live.server.url, 'canli_usta', 'secret-1');
  await apiCall(live.server.url, 'PATCH', `/api/v1/workshop/me/orders/${lineIds[1]}/approve`, master, { approved: true });
  await apiCall(live.server.url, 'PATCH', `/api/v1/workshop/me/orders/${lineIds[1]}/next-step`, master, {});
  await revealGridColumn(adminPage, 'current_step');
  expect(await gridCell(adminPage, lineIds[1], 'current_step').textContent()).toBe('Daha başlamadı');
  holdReconnects = false;
  await liveState(adminPage, 'connected').waitFor({ timeout: 15_000 });
  await gridCell(adminPage, lineIds[1], 'current_step').filter({ hasText: 'Döküm' }).waitFor(WITHIN);
  // What changed while it was away is read from the last version it saw.
  expect(readBacks).toEqual([expect.stringContaining('/api/v1/order-lines/changes?since=')]);
  expect(errors).toEqual([]);
});
