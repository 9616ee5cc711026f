/*
 * A shipment told to the customer in the browser: the admin hands a line to the carrier in the
 * order grid, the customer's bell rises live in its own open page, the notification names the
 * tracking number and opens the line; once the customer turns shipments off in its notification
 * settings, the next shipment tells it nothing.
 */
import type { Page } from 'playwright-core';
import { ADMIN, apiCall, apiToken, login, revealGridColumn, userWithRole, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(150_000);

const live = withBrowserServer();
let admin: string;
let buyer: string;
/** One line per order, each packed and waiting for the carrier; the last one is canceled instead. */
let lines: Array<{ id: number; order_number: string }>;

const order = { address: 'x', email: 'k@example.com', phone_number: '1', country: 'TR', zip_code: '1' };

beforeAll(async () => {
  const url = live.server.url;
  admin = await apiToken(url);
  const masterId = await userWithRole(url, admin, 'kargo_usta', 3);
  const buyerId = await userWithRole(url, admin, 'kargo_alici', 5);
  const workshop = (await apiCall(url, 'POST', '/api/v1/workshops', admin, { name: 'Kargo Atölye', code: 'K', address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: masterId })).workshop;
  await apiCall(url, 'POST', '/api/v1/customers', admin, { name: 'Kargo Alıcı', email: 'k@example.com', phone: '1', address: 'x', company_name: 'Kargo Ltd', credit: 1_000_000, tax_number: '1', user_id: buyerId });
  const step = (await apiCall(url, 'POST', '/api/v1/production-steps', admin, { step_name: 'Döküm' })).production_step.id;
  const productId = (await apiCall(url, 'POST', '/api/v1/product', admin, { title: 'Kargo Yüzüğü', price: 1500, workmanship_rate: 10, expected_weight: 3 })).product.id;
  await apiCall(url, 'PUT', '/api/v1/product-production-steps/bulk', admin, { product_id: productId, steps: [{ step_id: step, position_in_process: 1 }] });
  await apiCall(url, 'PUT', `/api/v1/workshops/${workshop.id}/assign-product`, admin, { product_id: productId });

  // The customer's own orders: a user is not told of its own action, so its bell starts at nought.
  buyer = await apiToken(url, 'kargo_alici', 'secret-1');
  for (let i = 0; i < 3; i++) await apiCall(url, 'POST', '/api/v1/customer-orders/simple', buyer, { ...order, products: [{ product_id: productId, quantity: 1 }] });
  const master = await apiToken(url, 'kargo_usta', 'secret-1');
  lines = ((await apiCall(url, 'GET', '/api/v1/orders', admin)).orders as Array<{ id: number; order_number: string }>).sort((a, b) => a.id - b.id);
  expect(lines).toHaveLength(3);
  // The two lines to ship go through the workshop, quality control and packing.
  for (const { id } of lines.slice(0, 2)) {
    await apiCall(url, 'PATCH', `/api/v1/workshop/me/orders/${id}/approve`, master, { approved: true });
    await apiCall(url, 'PATCH', `/api/v1/workshop/me/orders/${id}/next-step`, master, {});
    await apiCall(url, 'PATCH', `/api/v1/workshop/me/orders/${id}/next-step`, master, {});
    await apiCall(url, 'PUT', `/api/v1/orders/order-products/${id}/quality_status`, admin, { approved: true, reason: '', return_step_id: null });
    await apiCall(url, 'POST', `/api/v1/workshop/me/gramage/${id}`, master, { product_gram: 3 });
    await apiCall(url, 'PUT', `/api/v1/orders/order-products/${id}/approve_shipping`, admin);
  }
});

async function personPage(username: string, password: string): Promise<{ page: Page; errors: string[] }> {
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await login(page, live.server.url, username, password);
  return { page, errors };
}

/** The admin types the tracking number into the line's tracking cell, the grid filtered to the line, and waits for the carrier's answer. */
async function ship(page: Page, lineId: number, tracking: string) {
  await revealGridColumn(page, 'order_product_id');
  await page.locator('.ag-floating-filter[col-id="order_product_id"] input').fill(String(lineId));
  await page.locator(`.ag-row[row-index="0"][row-id="${lineId}"]`).first().waitFor();
  await page.locator('.ag-row[row-index="1"]').first().waitFor({ state: 'detached' });
  await revealGridColumn(page, 'shipment_tracking_number');
  await page.keyboard.press('Enter');
  const editor = page.locator(`.ag-row[row-id="${lineId}"] .ag-cell[col-id="shipment_tracking_number"] input`);
  await editor.fill(tracking);
  await editor.press('Enter');
  await page.getByText(`Kargoya verildi: 1 parça, takip numarası ${tracking}.`).waitFor();
}

const notificationsOf = async (kind: string) =>
  ((await apiCall(live.server.url, 'GET', '/api/v1/notifications', buyer)).notifications as Array<{ kind: string }>).filter((n) => n.kind === kind);

test("a shipment raises the customer's bell live and opens the line with its tracking number; turned off in the settings, the next one tells nothing", async () => {
  const customer = await personPage('kargo_alici', 'secret-1');
  const office = await personPage(ADMIN.username, ADMIN.password);
  const bell = customer.page.locator('button.bell');
  await customer.page.locator('[data-live-state="connected"]').waitFor();
  await bell.and(customer.page.locator('[data-unread="0"]')).waitFor();
  await office.page.goto(`${live.server.url}/admin/orders`);
  await office.page.locator(`.ag-row[row-id="${lines[0].id}"]`).first().waitFor({ timeout: 30_000 });

  // The admin hands the first line to the carrier; the customer's open page counts it without a reload.
  const [first, second, third] = lines;
  await ship(office.page, first.id, 'YK-E2E-1');
  await bell.and(customer.page.locator('[data-unread="1"]')).waitFor();
  await customer.page.getByRole('button', { name: 'Bildirimler: 1 okunmamış' }).click();
  const panel = customer.page.getByRole('dialog', { name: 'Bildirimler' });
  const item = panel.getByRole('listitem').filter({ has: customer.page.getByRole('link', { name: new RegExp(first.order_number) }) });
  await expect(item.getAttribute('data-kind')).resolves.toBe('line_shipped');
  await item.getByText(/YK-E2E-1/).waitFor();
  await item.getByRole('link').click();
  await customer.page.waitForURL(new RegExp(`/customer/orders/${first.id}$`));
  await customer.page.getByRole('heading', { name: 'Sipariş Detayı' }).waitFor();
  await customer.page.getByRole('definition').filter({ hasText: first.order_number }).waitFor();
  await bell.and(customer.page.locator('[data-unread="0"]')).waitFor();

  // The customer turns shipments off on its notification settings, opened from the bell.
  await bell.click();
  await panel.getByRole('link', { name: 'Bildirim ayarları' }).click();
  await customer.page.waitForURL(/\/customer\/notifications$/);
  const shipments = customer.page.getByRole('group', { name: 'Kargoya verilen parça' });
  await expect(shipments.getByRole('radio', { name: 'E-posta ile de' }).isChecked()).resolves.toBe(true);
  await shipments.getByRole('radio', { name: 'Kapalı' }).check();
  await customer.page.getByRole('button', { name: 'Kaydet' }).click();
  await customer.page.getByRole('status').filter({ hasText: 'Bildirim ayarlarınız kaydedildi.' }).waitFor();
  await customer.page.reload();
  await expect(customer.page.getByRole('group', { name: 'Kargoya verilen parça' }).getByRole('radio', { name: 'Kapalı' }).isChecked()).resolves.toBe(true);

  // The second shipment is written with no notification: the shipment's answer comes after its transaction.
  await ship(office.page, second.id, 'YK-E2E-2');
  expect(await notificationsOf('line_shipped')).toHaveLength(1);
  // A kind still on is told as before, and the bell then counts it alone.
  await apiCall(live.server.url, 'PUT', `/api/v1/orders/order-products/${third.id}/cancel`, admin, { reason: 'Müşteri vazgeçti' });
  await bell.and(customer.page.locator('[data-unread="1"]')).waitFor();
  await bell.click();
  await panel.locator('li[data-kind="order_canceled"]').waitFor();
  await expect(panel.locator('li[data-kind="line_shipped"]').count()).resolves.toBe(1);
  await expect(panel.getByText(/YK-E2E-2/).count()).resolves.toBe(0);

  expect(customer.errors).toEqual([]);
  expect(office.errors).toEqual([]);
  await customer.page.context().close();
  await office.page.context().close();
});
