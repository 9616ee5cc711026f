import { ADMIN, apiCall, apiToken, login, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(60_000);

const live = withBrowserServer();

beforeAll(async () => {
  const token = await apiToken(live.server.url);
  for (const step_name of ['Döküm', 'Mıhlama', 'Parlatma']) await apiCall(live.server.url, 'POST', '/api/v1/production-steps', token, { step_name });
  for (let i = 1; i <= 60; i++) {
    await apiCall(live.server.url, 'POST', '/api/v1/product', token, { title: i === 42 ? 'Tektaş Yüzük' : `Zincir Kolye ${i}`, sku: `SKU-${i}` });
  }
});

test('the admin filters the catalogue, edits a product and gives it a routing', async () => {
  const page = await live.browser.newPage();
  const errors = watchErrors(page);
  await login(page, live.server.url, ADMIN.username, ADMIN.password);
  await page.getByRole('main').getByRole('link', { name: /Ürün Kataloğu/ }).click();
  await page.getByText('60 / 60 ürün').waitFor();
  await page.getByText('Sayfa 1 / 2').waitFor();

  await page.getByLabel('Ürün ara').fill('tektaş');
  await page.getByText('1 / 60 ürün').waitFor();
  await page.getByRole('cell', { name: 'Tektaş Yüzük', exact: true }).waitFor();

  // An empty value makes no call; an out-of-range one is refused in Turkish; a good one is saved.
  const rate = page.getByLabel('İşçilik Oranı (%): Tektaş Yüzük');
  await rate.fill('');
  await page.getByRole('button', { name: 'İşçilik Oranı (%) kaydet: Tektaş Yüzük' }).click();
  await expect(page.getByText('Kaydedildi.').count()).resolves.toBe(0);
  await rate.fill('120');
  await rate.press('Enter');
  await page.getByText('İşçilik oranı 0 ile 100 arasında bir sayı olmalıdır.').waitFor();
  // The rate is read as a Turkish reader writes it, not by the browser's language.
  await rate.fill('12.75');
  await rate.press('Enter');
  await page.getByText('Ondalık ayırıcı virgüldür, nokta yalnızca binlikleri ayırır: 12,75 yazın.').waitFor();
  await rate.fill('12,75');
  await page.getByText('Kaydedilecek: 12,75').waitFor();
  await rate.press('Enter');
  await page.getByText('Kaydedildi.').waitFor();
  await page.getByLabel('Üretim Süresi (gün): Tektaş Yüzük').fill('9');
  await page.getByRole('button', { name: 'Üretim Süresi (gün) kaydet: Tektaş Yüzük' }).click();

  await page.getByRole('button', { name: 'Üretim adımları: Tektaş Yüzük' }).click();
  const dialog = page.getByRole('dialog', { name: 'Üretim Süreci: Tektaş Yüzük' });
  await dialog.getByText('Bu ürün için üretim adımları bulunamadı!').waitFor();
  await dialog.getByText('Kesim, Kaynak, Cila, Kalite Kontrol', { exact: false }).waitFor();
  for (const step of ['Döküm', 'Mıhlama', 'Parlatma']) {
    await dialog.getByLabel('Eklenecek adım').selectOption({ label: step });
    await dialog.getByRole('button', { name: 'Ekle' }).click();
  }
  await dialog.getByRole('button', { name: 'Yukarı taşı: Parlatma' }).click();
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await dialog.waitFor({ state: 'detached' });

  const token = await apiToken(live.server.url);
  const product = (await apiCall(live.server.url, 'GET', '/api/v1/product', token)).products.find((p: { title: string }) => p.title === 'Tektaş Yüzük');
  expect(product).toMatchObject({ workmanship_rate: 12.75, production_expected_days: 9 });
  const routing = await apiCall(live.server.url, 'GET', `/api/v1/product/${product.id}/production_process`, token);
  expect(routing.product_production_steps.map((s: { step_name: string }) => s.step_name)).toEqual(['Döküm', 'Parlatma', 'Mıhlama']);

  await page.getByRole('button', { name: 'Üretim adımları: Tektaş Yüzük' }).click();
  // The dialog reads the routing as it opens: its steps are listed once that answer is in.
  const steps = page.getByRole('dialog', { name: 'Üretim Süreci: Tektaş Yüzük' }).getByRole('listitem');
  await steps.filter({ hasText: '3. Mıhlama' }).waitFor();
  await expect(steps.allTextContents()).resolves.toEqual(['1. Döküm↑↓×', '2. Parlatma↑↓×', '3. Mıhlama↑↓×']);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Ürünleri Senkronize Et' }).click();
  await page.getByText('Mağaza bağlantısı henüz yapılandırılmadı', { exact: false }).waitFor();
  expect(errors).toEqual([]);
});
