import { ADMIN, apiCall, apiToken, login, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(90_000);

const live = withBrowserServer();

/*
 * A number is read as the product's reader writes it, whatever the browser's own language: this
 * browser is set to American English, where a number field took '6,2' for 62.
 */
test('the gram tolerance is typed as the reader writes percentages, in Turkish and in English, and saved as read', async () => {
  const { url } = live.server;
  const token = await apiToken(url);
  const context = await live.browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await login(page, url, ADMIN.username, ADMIN.password);
  await page.getByRole('tab', { name: 'Sistem Ayarları' }).click();
  await page.getByRole('tab', { name: 'Genel Ayarlar' }).click();
  await page.getByLabel('Sistem E-postası').fill('ofis@example.com');
  await page.getByLabel('Telefon').fill('0212 555 00 00');
  const tolerance = page.getByLabel('Gram Toleransı (%)');
  await tolerance.fill('abc');
  await page.getByText('Bu bir sayı değil; örneğin 1.234,56 yazın.').waitFor();
  await tolerance.fill('6.2');
  await page.getByText('Ondalık ayırıcı virgüldür, nokta yalnızca binlikleri ayırır: 6,2 yazın.').waitFor();
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await page.getByText('Ondalık ayırıcı virgüldür, nokta yalnızca binlikleri ayırır: 6,2 yazın.').waitFor();
  await tolerance.fill('6,2');
  await page.getByText('Kaydedilecek: 6,20').waitFor();
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await page.getByText('Ayarlar kaydedildi.').waitFor();
  expect((await apiCall(url, 'GET', '/api/v1/settings/general', token)).settings.gram_tolerance_percent).toBe(6.2);

  // An English reader: a comma groups thousands, a point marks the decimals; the stored value is written that way.
  await page.goto(`${url}/dashboard?lng=en`);
  await page.getByRole('tab', { name: 'System settings' }).click();
  await page.getByRole('tab', { name: 'General settings' }).click();
  const english = page.getByLabel('Gram tolerance (%)');
  await page.waitForFunction((input) => (input as HTMLInputElement).value === '6.2', await english.elementHandle());
  await english.fill('7,5');
  await page.getByText('The decimal mark is a point; a comma only groups thousands: write 7.5.').waitFor();
  await english.fill('7.5');
  await page.getByText('Will be saved as 7.50').waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Settings saved.').waitFor();
  expect((await apiCall(url, 'GET', '/api/v1/settings/general', token)).settings.gram_tolerance_percent).toBe(7.5);
  expect(errors).toEqual([]);
  await context.close();
});
