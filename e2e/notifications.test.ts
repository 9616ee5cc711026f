/*
 * The bell in the browser: an office action tells the customer, whose bell count rises live, and
 * the notification opens the line it is about.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { apiCall, apiToken, login, userWithRole, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(120_000);

const live = withBrowserServer();
let admin: string;
let customerId: number;
let productId: number;
let context: BrowserContext;
let page: Page;
let errors: string[];

const order = { address: 'x', email: 'a@example.com', phone_number: '1', country: 'TR', zip_code: '1', credit_exceeded_confirmed: true };

beforeAll(async () => {
  const url = live.server.url;
  admin = await apiToken(url);
  const masterId = await userWithRole(url, admin, 'zil_usta', 3);
  const buyerId = await userWithRole(url, admin, 'zil_alici', 5);
  const workshop = (await apiCall(url, 'POST', '/api/v1/workshops', admin, { name: 'Zil Atölye', code: 'Z', address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: masterId })).workshop;
  customerId = (await apiCall(url, 'POST', '/api/v1/customers', admin, { name: 'Zil Alıcı', email: 'z@example.com', phone: '1', address: 'x', company_name: 'Zil Ltd', credit: 1_000_000, tax_number: '1', user_id: buyerId })).customer.id;
  productId = (await apiCall(url, 'POST', '/api/v1/product', admin, { title: 'Zil Yüzük', price: 1500, workmanship_rate: 10, expected_weight: 3 })).product.id;
  await apiCall(url, 'PUT', `/api/v1/workshops/${workshop.id}/assign-product`, admin, { product_id: productId });

  context = await live.browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  errors = watchErrors(page);
  await login(page, url, 'zil_alici', 'secret-1');
  await page.locator('[data-live-state="connected"]').waitFor();
});

afterAll(async () => {
  await context?.close();
});

test("the office places an order for the customer: the customer's bell rises live, and its notification opens the line", async () => {
  const bell = page.locator('button.bell');
  await bell.and(page.locator('[data-unread="0"]')).waitFor();

  const placed = (await apiCall(live.server.url, 'POST', `/api/v1/customers/${customerId}/orders`, admin, { ...order, products: [{ product_id: productId, quantity: 2 }] })).order;
  await bell.and(page.locator('[data-unread="1"]')).waitFor();
  await page.getByRole('button', { name: 'Bildirimler: 1 okunmamış' }).click();

  const panel = page.getByRole('dialog', { name: 'Bildirimler' });
  const link = panel.getByRole('link', { name: `Siparişiniz alındı: ${placed.order_number}` });
  await link.waitFor();
  await panel.getByText(`Sipariş ${placed.order_number} alındı: 2 parça.`).waitFor();
  await link.click();

  await page.waitForURL(new RegExp(`/customer/orders/${placed.first_line_id}$`));
  await page.getByRole('heading', { name: 'Sipariş Detayı' }).waitFor();
  await bell.and(page.locator('[data-unread="0"]')).waitFor();
  expect(errors).toEqual([]);
});
