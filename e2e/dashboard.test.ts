/*
 * The admin dashboard's counts of waiting work, each a link: a count of lines opens the order
 * grid on the built-in view of its lines, showing as many rows as the count said.
 */
import { ADMIN, apiCall, apiToken, login, userWithRole, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(120_000);

const live = withBrowserServer();

beforeAll(async () => {
  const url = live.server.url;
  const admin = await apiToken(url);
  const masterId = await userWithRole(url, admin, 'sayac_usta', 3);
  const buyerId = await userWithRole(url, admin, 'sayac_alici', 5);
  const workshop = (await apiCall(url, 'POST', '/api/v1/workshops', admin, { name: 'Sayaç Atölye', code: 'SA', address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: masterId })).workshop;
  await apiCall(url, 'POST', '/api/v1/customers', admin, { name: 'Sayaç Alıcı', email: 's@example.com', phone: '1', address: 'x', company_name: 'Sayaç Ltd', credit: 1_000_000, tax_number: '1', user_id: buyerId });
  // Lines of a product a workshop makes, and of one no workshop makes yet.
  const made = (await apiCall(url, 'POST', '/api/v1/product', admin, { title: 'Atölyeli Yüzük', price: 100 })).product.id;
  const orphan = (await apiCall(url, 'POST', '/api/v1/product', admin, { title: 'Atölyesiz Küpe', price: 100 })).product.id;
  await apiCall(url, 'POST', '/api/v1/products/workshop', admin, { product_id: made, workshop_id: workshop.id });
  const buyer = await apiToken(url, 'sayac_alici', 'secret-1');
  await apiCall(url, 'POST', '/api/v1/customer-orders/simple', buyer, {
    address: 'x',
    email: 's@example.com',
    phone_number: '1',
    country: 'TR',
    zip_code: '1',
    products: [
      { product_id: made, quantity: 3 },
      { product_id: orphan, quantity: 2 },
    ],
  });
});

test("a count on the admin dashboard opens the order grid on its view's lines", async () => {
  const page = await live.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors = watchErrors(page);
  await login(page, live.server.url, ADMIN.username, ADMIN.password);
  const counts = page.getByRole('navigation', { name: 'Bekleyen işler' });
  await counts.getByRole('link', { name: '0 Geciken satır' }).waitFor();
  await counts.getByRole('link', { name: '0 Kredisi aşılan müşteri' }).waitFor();
  await counts.getByRole('link', { name: '0 Eşleşme bekleyen mağaza ürünü' }).waitFor();

  await counts.getByRole('link', { name: '2 Atölye bekleyen' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/orders');
  // The grid holds all five lines and shows the two of the view; the address no longer names it.
  await page.getByText('2 / 5 satır', { exact: true }).waitFor({ timeout: 30_000 });
  expect(new URL(page.url()).search).toBe('');
  expect(errors).toEqual([]);
});
