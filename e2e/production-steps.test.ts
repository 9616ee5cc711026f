import { ADMIN, login, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(60_000);

const live = withBrowserServer();

test('the admin adds, edits and deletes production steps in the settings tab', async () => {
  const page = await live.browser.newPage();
  const errors = watchErrors(page);
  await login(page, live.server.url, ADMIN.username, ADMIN.password);
  await page.getByRole('tab', { name: 'Sistem Ayarları' }).click();
  await page.getByRole('tab', { name: 'Üretim Adımları' }).click();
  await page.getByText('Henüz üretim adımı eklenmemiş.').waitFor();

  await page.getByRole('button', { name: 'Adım Ekle' }).click();
  await page.getByText('Adım adı gereklidir.').waitFor();

  await page.getByLabel('Adım Adı', { exact: true }).fill('Kesim');
  await page.getByLabel('Açıklama', { exact: true }).fill('Levhadan kesim');
  await page.getByRole('button', { name: 'Adım Ekle' }).click();
  await page.getByRole('cell', { name: 'Kesim', exact: true }).waitFor();
  await expect(page.getByLabel('Adım Adı', { exact: true }).inputValue()).resolves.toBe('');
  await page.getByLabel('Adım Adı', { exact: true }).fill('Cila');
  await page.keyboard.press('Enter');
  await page.getByRole('cell', { name: 'Cila', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Düzenle: Kesim' }).click();
  await page.getByLabel('Kesim adı').fill('Lazer kesim');
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await page.getByRole('cell', { name: 'Lazer kesim', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Sil: Cila' }).click();
  await page.getByText('Cila silinsin mi?').waitFor();
  await page.getByRole('button', { name: 'İptal' }).click();
  await page.getByRole('button', { name: 'Sil: Cila' }).click();
  await page.getByRole('button', { name: 'Evet, Sil' }).click();
  await page.getByText('Üretim adımı silindi.').waitFor();
  await expect(page.getByRole('cell', { name: 'Cila', exact: true }).count()).resolves.toBe(0);

  await page.reload();
  await page.getByRole('tab', { name: 'Sistem Ayarları' }).click();
  await page.getByRole('tab', { name: 'Üretim Adımları' }).click();
  await page.getByRole('cell', { name: 'Lazer kesim', exact: true }).waitFor();
  expect(errors).toEqual([]);
});
