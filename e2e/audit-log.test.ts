import { ADMIN, apiCall, apiToken, login, userWithRole, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(90_000);

const live = withBrowserServer();
let customerId: number;

beforeAll(async () => {
  const token = await apiToken(live.server.url);
  const buyerId = await userWithRole(live.server.url, token, 'firma_denetim', 5);
  const customer = await apiCall(live.server.url, 'POST', '/api/v1/customers', token, {
    name: 'Deniz Ak', email: 'deniz@example.com', phone: '0532', address: 'İzmir', company_name: 'Ak Kuyum', credit: 1000, tax_number: '9', user_id: buyerId,
  });
  customerId = customer.customer.id;
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
