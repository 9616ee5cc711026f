import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { ADMIN, apiCall, apiToken, login, userWithRole, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(90_000);

const live = withBrowserServer();
let token: string;
const ids: Record<string, number> = {};


beforeAll(async () => {
  token = await apiToken(live.server.url);
  ids.usta1 = await userWithRole(live.server.url, token, 'usta_bir', 3);
  ids.usta2 = await userWithRole(live.server.url, token, 'usta_iki', 3);
  ids.firma = await userWithRole(live.server.url, token, 'firma_a', 5);
  for (const title of ['Pırlanta Yüzük', 'Altın Zincir', 'Gümüş Küpe']) {
    ids[title] = (await apiCall(live.server.url, 'POST', '/api/v1/product', token, { title })).product.id;
  }
  const second = await apiCall(live.server.url, 'POST', '/api/v1/workshops', token, {
    name: 'İkinci Atölye', code: 'W2', address: 'Ankara', company_name: 'İki Ltd', phone_number: '0312', tax_number: '222', user_id: ids.usta2,
  });
  ids.w2 = second.workshop.id;
  await apiCall(live.server.url, 'POST', '/api/v1/products/workshop', token, { product_id: ids['Altın Zincir'], workshop_id: ids.w2 });
});

async function fillForm(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

test('the admin creates a workshop, assigns a product to it and moves another one there', async () => {
  const page = await live.browser.newPage();
  const errors = watchErrors(page);
  await login(page, live.server.url, ADMIN.username, ADMIN.password);
  await page.goto(`${live.server.url}/admin/users`);
  await page.getByRole('button', { name: 'Atölye Ekle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Atölye Ekle' });
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await dialog.getByText('Tüm alanları doldurun.').first().waitFor();
  await dialog.getByLabel('Kullanıcı').selectOption({ label: 'usta_bir (usta_bir@example.com)' });
  await fillForm(page, { Ad: 'Birinci Atölye', Kod: 'W1', 'Telefon Numarası': '0212 111', 'Firma Adı': 'Bir Kuyum', 'Vergi Numarası': '111', Adres: 'İstanbul' });
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await dialog.waitFor({ state: 'detached' });

  await page.goto(`${live.server.url}/admin/workshops`);
  await page.getByLabel('Atölye ara').fill('birinci');
  await page.getByRole('link', { name: 'Birinci Atölye' }).click();
  await page.getByRole('heading', { name: 'Atölye Detayı' }).waitFor();
  await page.getByText('Bir Kuyum').waitFor();
  await page.getByText('Hiç sipariş bulunamadı.').waitFor();
  await page.getByRole('button', { name: "Excel'e Aktar" }).click();
  await page.getByText('Aktarılacak sipariş bulunamadı!').waitFor();
  await expect(page.getByPlaceholder('Müşteri Notu ara').count()).resolves.toBe(1);

  await page.getByRole('link', { name: 'Atölye Ürünleri' }).click();
  await page.getByText('Hiç ürün bulunamadı.').waitFor();
  await page.getByRole('button', { name: 'Ürün Ata' }).click();
  const assign = page.getByRole('dialog', { name: 'Atölyeye Ürün Ata' });
  await expect(assign.getByRole('button', { name: 'Ata' }).isDisabled()).resolves.toBe(true);
  await assign.getByLabel('Ürün').selectOption({ label: `${ids['Pırlanta Yüzük']} - Pırlanta Yüzük` });
  await assign.getByRole('button', { name: 'Ata' }).click();
  await assign.waitFor({ state: 'detached' });
  await page.getByRole('cell', { name: 'Pırlanta Yüzük', exact: true }).waitFor();

  await page.getByRole('link', { name: 'Tüm Ürünleri Yönet' }).click();
  await page.getByText('3 / 3 ürün').waitFor();
  await page.getByText('Başka atölyeye atanmış (Bu atölyeye taşıyabilirsiniz)').waitFor();
  await page.getByRole('button', { name: 'Bu Atölyeye Taşı: Altın Zincir' }).click();
  await page.getByRole('button', { name: 'Kaldır: Altın Zincir' }).waitFor();
  await page.getByLabel('Atama durumu').selectOption({ label: 'Atanmamış' });
  await page.getByText('1 / 3 ürün').waitFor();
  await page.getByRole('button', { name: 'Ata: Gümüş Küpe' }).waitFor();

  const w1 = (await apiCall(live.server.url, 'GET', '/api/v1/workshops', token)).workshops.find((w: { name: string }) => w.name === 'Birinci Atölye');
  const owned = await apiCall(live.server.url, 'GET', `/api/v1/workshops/${w1.id}/products`, token);
  expect(owned.product_ids.sort()).toEqual([ids['Pırlanta Yüzük'], ids['Altın Zincir']].sort());
  expect(errors).toEqual([]);
});

test('the admin creates a B2B customer, sets its credit and exports the list to a real Excel file', async () => {
  const page = await live.browser.newPage();
  const errors = watchErrors(page);
  await login(page, live.server.url, ADMIN.username, ADMIN.password);
  await page.goto(`${live.server.url}/admin/users`);
  await page.getByRole('button', { name: 'Müşteri Ekle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Müşteri Ekle' });
  await dialog.getByLabel('Kullanıcı').selectOption({ label: 'firma_a (firma_a@example.com)' });
  await fillForm(page, {
    Ad: 'Zeynep Kaya', 'E-posta': 'zeynep@firma.com', Telefon: '0532', Adres: 'İzmir', 'Firma Adı': 'Kaya Mücevher', 'Vergi Numarası': '4455', Kredi: '1000',
  });
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await dialog.waitFor({ state: 'detached' });

  await page.goto(`${live.server.url}/admin/customers`);
  await page.getByRole('link', { name: 'Zeynep Kaya' }).click();
  await page.getByRole('heading', { name: 'Müşteri Detayı' }).waitFor();
  await page.getByText('Kredi değişikliği yok.').waitFor();
  const credit = page.getByLabel('Yeni kredi tutarı');
  await credit.fill('-5');
  await page.getByRole('button', { name: 'Krediyi Güncelle' }).click();
  await page.getByText('Geçerli bir kredi miktarı girin.').waitFor();
  // Amounts are read as a Turkish reader writes them, whatever the browser's language: a point groups
  // thousands, a comma marks the decimals; the amount to be saved shows before it is saved.
  await credit.fill('75.000');
  await page.getByText('Kaydedilecek: ₺75.000,00').waitFor();
  await page.getByRole('button', { name: 'Krediyi Güncelle' }).click();
  await page.getByText('Kredi başarıyla güncellendi!').waitFor();
  const customerId = Number(page.url().split('/').pop());
  expect((await apiCall(live.server.url, 'GET', `/api/v1/customers/B2B/${customerId}/info`, token)).customer.credit).toBe(75000);
  await credit.fill('2500.5');
  await page.getByText('Ondalık ayırıcı virgüldür, nokta yalnızca binlikleri ayırır: 2500,5 yazın.').waitFor();
  await credit.fill('2.500,5');
  await page.getByRole('button', { name: 'Krediyi Güncelle' }).click();
  await page.getByTestId('customer-credit').filter({ hasText: '2.500,50' }).waitFor();
  await page.getByRole('cell', { name: 'admin', exact: true }).nth(1).waitFor();

  await page.goto(`${live.server.url}/admin/customers`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: "Listeyi Excel'e Aktar" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^musteriler_\d{4}-\d\d-\d\d\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.getWorksheet('Müşteriler')!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'Ad', 'Firma', 'E-posta', 'Telefon', 'Vergi Numarası', 'Kredi']);
  expect(sheet.getRow(2).getCell(3).value).toBe('Kaya Mücevher');
  expect(sheet.getRow(2).getCell(7).value).toBe(2500.5);
  expect(errors).toEqual([]);
});

test('the workshop user sees its own workshop and the customer its own profile', async () => {
  const master = await live.browser.newPage();
  const errors = watchErrors(master);
  await login(master, live.server.url, 'usta_iki', 'secret-1');
  await master.goto(`${live.server.url}/workshop/profile`);
  await master.getByRole('region', { name: 'Atölye Bilgileri' }).getByText('İkinci Atölye').waitFor();
  await master.getByRole('heading', { name: 'Şifre Değiştir' }).waitFor();

  const buyer = await live.browser.newPage();
  errors.push(...watchErrors(buyer));
  await login(buyer, live.server.url, 'firma_a', 'secret-1');
  await buyer.goto(`${live.server.url}/customer/profile`);
  const block = buyer.getByRole('region', { name: 'Müşteri Bilgileri' });
  await block.getByText('Kaya Mücevher').waitFor();
  await block.getByText('2.500,50', { exact: false }).waitFor();
  await buyer.getByRole('region', { name: 'İstatistikler' }).getByText('Sipariş Sayısı').waitFor();
  expect(errors).toEqual([]);
});
