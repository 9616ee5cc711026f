import type { Page } from 'playwright-core';
import { apiCall, apiToken, login, userWithRole, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(120_000);

const live = withBrowserServer();
const PHOTO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="gold"/></svg>')}`;
let admin: string;
let customerId: number;

beforeAll(async () => {
  admin = await apiToken(live.server.url);
  const buyerId = await userWithRole(live.server.url, admin, 'siparis_alici', 5);
  await userWithRole(live.server.url, admin, 'telefon_ofis', 4);
  customerId = (
    await apiCall(live.server.url, 'POST', '/api/v1/customers', admin, {
      name: 'Zeynep Kaya', email: 'zeynep@example.com', phone: '0532', address: 'Bağdat Cd. 1', zip_code: '34000', city: 'İstanbul', company_name: 'Kaya Kuyum', credit: 100_000, tax_number: '1', user_id: buyerId,
    })
  ).customer.id;
  await apiCall(live.server.url, 'POST', '/api/v1/product', admin, { title: 'Tektaş Yüzük', price: 3000, sku: 'YZK-100', picture_url: PHOTO });
  await apiCall(live.server.url, 'POST', '/api/v1/product', admin, { title: 'IŞIK Küpe', price: 750 });
  for (let i = 0; i < 40; i++) await apiCall(live.server.url, 'POST', '/api/v1/product', admin, { title: `Zincir Model ${i}`, price: 100 + i });
  // An earlier order, which the list filtered to the new one leaves out.
  const buyer = await apiToken(live.server.url, 'siparis_alici', 'secret-1');
  const products = (await apiCall(live.server.url, 'GET', '/api/v1/product', buyer)).products as Array<{ id: number; title: string }>;
  await apiCall(live.server.url, 'POST', '/api/v1/customer-orders/simple', buyer, {
    address: 'x', email: 'zeynep@example.com', phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: products.find((p) => p.title === 'Zincir Model 3')!.id, quantity: 1 }],
  });
});

async function signedIn(username: string): Promise<{ page: Page; errors: string[] }> {
  const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await login(page, live.server.url, username, 'secret-1');
  return { page, errors };
}

test('the customer finds products by typing, picks one with the keyboard, notes each piece, and lands on the list of the new order alone', async () => {
  const { page, errors } = await signedIn('siparis_alici');
  await page.goto(`${live.server.url}/customer/new-order`);
  const form = page.getByRole('region', { name: 'Manuel Sipariş' });
  await page.waitForFunction((input) => (input as HTMLInputElement).value === '34000', await form.getByLabel('Posta Kodu').elementHandle());

  const picker = form.getByRole('combobox', { name: 'Ürün 1' });
  const list = form.getByRole('listbox', { name: 'Ürün 1' });
  await picker.click();
  await expect(list.getByRole('option').count()).resolves.toBe(42);
  // Turkish capitals alike: 'ışık' finds 'IŞIK'; every typed word must match.
  await picker.fill('ışık');
  await list.getByRole('option', { name: /IŞIK Küpe/ }).waitFor();
  await expect(list.getByRole('option').count()).resolves.toBe(1);
  await picker.fill('yüz');
  const ring = list.getByRole('option', { name: /Tektaş Yüzük/ });
  await ring.waitFor();
  await expect(ring.textContent()).resolves.toContain('₺3.000,00');
  await expect(ring.locator('img').getAttribute('src')).resolves.toBe(PHOTO);
  // By a code, with the keyboard: the first match is marked, Enter takes it and sends nothing.
  await picker.fill('yzk-100');
  await expect(list.getByRole('option').count()).resolves.toBe(1);
  await picker.press('ArrowDown');
  await page.waitForFunction((box) => (box as HTMLElement).getAttribute('aria-activedescendant') !== null, await picker.elementHandle());
  await picker.press('Enter');
  await expect(picker.inputValue()).resolves.toMatch(/^\d+ - Tektaş Yüzük$/);
  await expect(picker.getAttribute('aria-expanded')).resolves.toBe('false');
  expect(page.url()).toContain('/customer/new-order');

  await form.getByLabel('Adet 1').fill('2');
  await form.getByLabel('1. satır, 1. parça notu').fill('İç yüzey: Zeynep');
  await form.getByLabel('1. satır, 2. parça notu').fill('Ölçü 14');
  await form.getByTestId('order-amount').filter({ hasText: '₺6.000,00' }).waitFor();
  await form.getByRole('button', { name: 'Siparişi Oluştur' }).click();

  // The list of the new order's two pieces, each with its own note; the earlier order left out until asked for.
  await page.waitForURL(/\/customer\/orders\?order=B2B-\d+$/);
  await page.getByText('Sipariş oluşturuldu.').waitFor();
  const number = decodeURIComponent(new URL(page.url()).searchParams.get('order')!);
  await page.getByText(`Yalnızca ${number} numaralı siparişin ürünleri gösteriliyor.`).waitFor();
  const rows = page.locator('tbody tr');
  await rows.nth(1).waitFor();
  await expect(rows.count()).resolves.toBe(2);
  await page.getByRole('row', { name: /İç yüzey: Zeynep/ }).waitFor();
  await page.getByRole('row', { name: /Ölçü 14/ }).waitFor();
  await page.getByRole('button', { name: 'Tüm siparişler' }).click();
  await page.getByRole('row', { name: /Zincir Model 3/ }).waitFor();
  await expect(rows.count()).resolves.toBe(3);

  // A piece's own note is in its detail.
  await page.getByRole('row', { name: /Ölçü 14/ }).click();
  await page.waitForURL(/\/order\/\d+$/);
  await page.getByRole('definition').filter({ hasText: /^Ölçü 14$/ }).waitFor();
  expect(errors).toEqual([]);
});

test("the office takes an order by phone for a customer it finds by typing; it is the customer's, and the change log names who placed it", async () => {
  const { page, errors } = await signedIn('telefon_ofis');
  await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Telefon Siparişi' }).click();
  await page.waitForURL('**/office/phone-order');
  const customer = page.getByRole('combobox', { name: 'Müşteri' });
  await customer.fill('KAYA');
  await page.getByRole('option', { name: /Zeynep Kaya \(Kaya Kuyum\)/ }).click();
  const form = page.getByRole('region', { name: 'Manuel Sipariş' });
  await page.waitForFunction((input) => (input as HTMLInputElement).value === 'Bağdat Cd. 1', await form.getByLabel('Adres').elementHandle());
  const picker = form.getByRole('combobox', { name: 'Ürün 1' });
  await picker.fill('ışık');
  await picker.press('Enter');
  await expect(picker.inputValue()).resolves.toMatch(/IŞIK Küpe$/);
  await form.getByLabel('1. satır, 1. parça notu').fill('Kilitli');
  await form.getByRole('button', { name: 'Siparişi Oluştur' }).click();
  await page.getByText(/^B2B-\d+ numaralı sipariş Zeynep Kaya adına oluşturuldu\.$/).waitFor();

  const lines = (await apiCall(live.server.url, 'GET', `/api/v1/customers/${customerId}/orders`, admin)).orders as Array<{ product_title: string; customer_note: string | null }>;
  expect(lines.filter((line) => line.product_title === 'IŞIK Küpe').map((line) => line.customer_note)).toEqual(['Kilitli']);
  const audit = (await apiCall(live.server.url, 'GET', '/api/v1/audit-log?kind=phone_order', admin)).audit_log as Array<{ username: string; entity_id: number }>;
  expect(audit).toEqual([expect.objectContaining({ username: 'telefon_ofis', entity_id: customerId })]);
  expect(errors).toEqual([]);
});
