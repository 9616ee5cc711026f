import { ADMIN, login, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(60_000);

const live = withBrowserServer();

test('the admin adds, edits and deletes production steps in the settings tab', async () => {
  const page = await live.browser.newPage();
  const errors = watchErrors(page);
  await login(page, live.server.url, ADMIN.username, ADMIN.password);
  await page.getByRole('tab', { name: 'Sistem Ayarları' }).click();
  await page.getByRole('tab', { name: 'Üretim Adımları' }).click();
  // The built-in process's steps are there from the start.
  await page.getByRole('cell', { name: 'Kalite Kontrol', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Adım Ekle' }).click();
  await page.getByText('Adım adı gereklidir.').waitFor();

  await page.getByLabel('Adım Adı', { exact: true }).fill('Döküm');
  await page.getByLabel('Açıklama', { exact: true }).fill('Mumdan döküm');
  await page.getByRole('button', { name: 'Adım Ekle' }).click();
  await page.getByRole('cell', { name: 'Döküm', exact: true }).waitFor();
  await expect(page.getByLabel('Adım Adı', { exact: true }).inputValue()).resolves.toBe('');
  // A name another step has but for case is refused with its sentence; the typed name stays.
  await page.getByLabel('Adım Adı', { exact: true }).fill('kalite kontrol');
  await page.getByRole('button', { name: 'Adım Ekle' }).click();
  await page.getByText("'Kalite Kontrol' adında bir üretim adımı zaten var; başka bir ad seçin.").waitFor();
  await expect(page.getByLabel('Adım Adı', { exact: true }).inputValue()).resolves.toBe('kalite kontrol');
  await page.getByLabel('Adım Adı', { exact: true }).fill('Taş Mıhlama');
  await page.keyboard.press('Enter');
  await page.getByRole('cell', { name: 'Taş Mıhlama', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Düzenle: Döküm' }).click();
  await page.getByLabel('Döküm adı').fill('Vakum döküm');
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await page.getByRole('cell', { name: 'Vakum döküm', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Sil: Taş Mıhlama' }).click();
  await page.getByText('Taş Mıhlama silinsin mi?').waitFor();
  await page.getByRole('button', { name: 'İptal' }).click();
  await page.getByRole('button', { name: 'Sil: Taş Mıhlama' }).click();
  await page.getByRole('button', { name: 'Evet, Sil' }).click();
  await page.getByText('Üretim adımı silindi.').waitFor();
  await expect(page.getByRole('cell', { name: 'Taş Mıhlama', exact: true }).count()).resolves.toBe(0);

  await page.reload();
  await page.getByRole('tab', { name: 'Sistem Ayarları' }).click();
  await page.getByRole('tab', { name: 'Üretim Adımları' }).click();
  await page.getByRole('cell', { name: 'Vakum döküm', exact: true }).waitFor();
  expect(errors).toEqual([]);
});
