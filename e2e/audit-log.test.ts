import { ADMIN, apiCall, apiToken, login, revealGridColumn, userWithRole, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(90_000);

const live = withBrowserServer();
let customerId: number;
/** A piece weighed by its workshop (5 g), packing not yet approved: the office may correct its gram. */
let lineId: number;

beforeAll(async () => {
  const url = live.server.url;
  const token = await apiToken(url);
  const buyerId = await userWithRole(url, token, 'firma_denetim', 5);
  const customer = await apiCall(url, 'POST', '/api/v1/customers', token, {
    name: 'Deniz Ak', email: 'deniz@example.com', phone: '0532', address: 'İzmir', company_name: 'Ak Kuyum', credit: 1000, tax_number: '9', user_id: buyerId,
  });
  customerId = customer.customer.id;

  const masterId = await userWithRole(url, token, 'usta_denetim', 3);
  const workshop = (await apiCall(url, 'POST', '/api/v1/workshops', token, { name: 'Denetim Atölye', code: 'DA', address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: masterId })).workshop;
  const product = (await apiCall(url, 'POST', '/api/v1/product', token, { title: 'Künye', price: 500, expected_weight: 5 })).product;
  await apiCall(url, 'PUT', `/api/v1/workshops/${workshop.id}/assign-product`, token, { product_id: product.id });
  const buyer = await apiToken(url, 'firma_denetim', 'secret-1');
  await apiCall(url, 'POST', '/api/v1/customer-orders/simple', buyer, { address: 'x', email: 'deniz@example.com', phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: product.id, quantity: 1 }] });
  const master = await apiToken(url, 'usta_denetim', 'secret-1');
  lineId = (await apiCall(url, 'GET', '/api/v1/workshop/me/orders', master)).orders[0].id;
  // Through the built-in steps into quality control, approved, then weighed.
  while ((await apiCall(url, 'PATCH', `/api/v1/workshop/me/orders/${lineId}/next-step`, master, {})).order.order_line_status_id !== 3);
  await apiCall(url, 'PUT', `/api/v1/orders/order-products/${lineId}/quality_status`, token, { approved: true, reason: '', return_step_id: null });
  await apiCall(url, 'POST', `/api/v1/workshop/me/gramage/${lineId}`, master, { product_gram: 5 });
});

test('the admin changes a credit, opens the audit log from the dashboard and finds the change, also by its kind', async () => {
  const page = await live.browser.newPage();
  const errors = watchErrors(page);
  await login(page, live.server.url, ADMIN.username, ADMIN.password);
  await page.goto(`${live.server.url}/admin/customers/${customerId}`);
  await page.getByLabel('Yeni kredi tutarı').fill('2.500,5');
  await page.getByRole('button', { name: 'Krediyi Güncelle' }).click();
  await page.getByText('Kredi başarıyla güncellendi!').waitFor();

  await page.goto(`${live.server.url}/dashboard`);
  await page.getByRole('main').getByRole('link', { name: /Değişiklik Kaydı/ }).click();
  await page.waitForURL('**/admin/audit-log');
  const credit = page.getByRole('row').filter({ hasText: `Müşteri #${customerId}` });
  await credit.waitFor();
  await expect(credit.textContent()).resolves.toMatch(/adminMüşteri kredisi.*Kredi: ₺?1\.000,00.* → ₺?2\.500,50/);
  // The role given in the setup is there too, until the admin filters by kind.
  await page.getByRole('cell', { name: 'Kullanıcı rolü', exact: true }).first().waitFor();

  await page.getByLabel('Değişiklik türü').selectOption({ label: 'Müşteri kredisi' });
  await page.getByRole('button', { name: 'Filtrele' }).click();
  await page.getByText('1-1 / 1 kayıt').waitFor();
  await expect(page.getByRole('cell', { name: 'Kullanıcı rolü', exact: true }).count()).resolves.toBe(0);
  expect(errors).toEqual([]);
});

test("the admin corrects a gram in the grid, finds it in 'Değişiklik Kaydı', and opens the line's history from its row by keyboard", async () => {
  const context = await live.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await login(page, live.server.url, ADMIN.username, ADMIN.password);
  await page.goto(`${live.server.url}/admin/orders`);
  await revealGridColumn(page, 'product_gram');
  await page.getByRole('gridcell', { name: '5 g' }).dblclick();
  await page.getByRole('textbox', { name: 'Gramı düzelt' }).fill('5,4');
  await page.keyboard.press('Enter');
  await page.getByText('Gram değeri başarıyla güncellendi!').waitFor();
  await page.getByRole('gridcell', { name: '5,4 g' }).waitFor();

  // The row's history, by keyboard: End takes the focus to the row's last cell, its history; Enter opens the panel.
  await page.getByRole('gridcell', { name: '5,4 g' }).focus();
  await page.keyboard.press('End');
  await page.waitForFunction(() => document.activeElement?.closest('.ag-cell')?.getAttribute('col-id') === 'history_action');
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: `Satır Geçmişi #${lineId}` });
  const correction = panel.getByRole('row').filter({ hasText: 'Gramaj düzeltme' });
  await correction.waitFor();
  await expect(correction.textContent()).resolves.toMatch(/admin.*Gramaj düzeltme.*5 -> 5\.4/);
  await panel.getByRole('row').filter({ hasText: 'Kalite kontrol onayı' }).waitFor();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });

  await page.goto(`${live.server.url}/admin/audit-log`);
  await page.getByLabel('Değişiklik türü').selectOption({ label: 'Gram düzeltme' });
  await page.getByRole('button', { name: 'Filtrele' }).click();
  await page.getByText('1-1 / 1 kayıt').waitFor();
  const row = page.getByRole('row').filter({ hasText: `Sipariş satırı #${lineId}` });
  await expect(row.textContent()).resolves.toMatch(/adminGram düzeltme.*Gram: 5 g → 5,4 g/);
  expect(errors).toEqual([]);
  await context.close();
});
