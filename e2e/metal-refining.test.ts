import type { Page } from 'playwright-core';
import { API } from '../src/shared/api';
import { apiCall, apiToken, login, userWithRole, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(150_000);

const live = withBrowserServer();
const url = () => live.server.url;

/*
 * Two workshops, each issued 22 ayar gold in November and each confirming it on its tablet (through
 * the API here): 100 g and 50 g, so a refining lot over that period is shared two to one.
 */
beforeAll(async () => {
  const admin = await apiToken(url());
  await userWithRole(url(), admin, 'ramat_ofis', 4);
  const issued = [
    { username: 'ramat_usta_a', name: 'Ramat Atölye A', code: 'RA', gross_g: '100' },
    { username: 'ramat_usta_b', name: 'Ramat Atölye B', code: 'RB', gross_g: '50' },
  ];
  for (const { username, name, code, gross_g } of issued) {
    const userId = await userWithRole(url(), admin, username, 3);
    const workshop = (await apiCall(url(), 'POST', '/api/v1/workshops', admin, { name, code, address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: userId })).workshop;
    const { voucher } = await apiCall(url(), 'POST', API.metalVouchers, admin, { type: 'issue', workshop_id: workshop.id, date: '2026-11-02', lines: [{ kind: 'raw', metal: 'gold', milyem: 916, gross_g }] });
    await apiCall(url(), 'POST', API.metalVoucherConfirm(voucher.id), await apiToken(url(), username, 'secret-1'));
  }
});

async function personPage(username: string, password: string): Promise<{ page: Page; errors: string[] }> {
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await login(page, url(), username, password);
  return { page, errors };
}

test('a refining lot is shared back by the weight issued, the periods before a day are closed, and a voucher dated before it is refused', async () => {
  const admin = await personPage('admin', 'admin-secret');
  const a = admin.page;
  await a.goto(`${url()}/admin/metal`);
  await a.getByRole('heading', { name: 'Maden Hesabı', level: 1 }).waitFor();

  // The lot: 12,5 g of dust assayed at 120 holds 1,5000 g; 1,2 g came back, shared 100 : 50.
  await a.getByRole('tab', { name: 'Ramat' }).click();
  await a.getByText('Henüz ramat partisi yok.').waitFor();
  const form = a.getByRole('region', { name: 'Yeni Ramat Partisi' });
  await form.getByLabel('Tarih', { exact: true }).fill('2026-11-20');
  await form.getByLabel('Dönem başlangıcı').fill('2026-11-01');
  await form.getByLabel('Dönem bitişi').fill('2026-11-15');
  await form.getByLabel('Ramat (g)').fill('12,5');
  await form.getByLabel('Tahlil milyemi').fill('120');
  await form.locator('[data-figure="assayed"]', { hasText: '1,5000 g' }).waitFor();
  await form.getByLabel('Geri kazanılan has (g)').fill('1,2');
  await form.getByLabel('Not', { exact: true }).fill('Kasım ramatı');
  await form.getByRole('button', { name: 'Partiyi Kaydet' }).click();
  await a.getByText('Ramat partisi RF-000001 kaydedildi.').waitFor();
  const lots = a.getByRole('table', { name: 'Ramat Partileri' });
  await lots.getByRole('row', { name: /RF-000001/ }).getByText('1,2000 g').waitFor();
  const shares = lots.getByRole('table', { name: 'RF-000001 atölye payları' });
  await shares.getByRole('row', { name: /Ramat Atölye A/ }).getByText('0,8000 g').waitFor();
  await shares.getByRole('row', { name: /Ramat Atölye A/ }).getByText('100,000 g').waitFor();
  await shares.getByRole('row', { name: /Ramat Atölye B/ }).getByText('0,4000 g').waitFor();
  await shares.getByRole('row', { name: /Ramat Atölye B/ }).getByText('50,000 g').waitFor();

  // The periods before 16 November close after the dialog; an earlier day is refused at once.
  await a.getByRole('tab', { name: 'Dönem Kilidi' }).click();
  await a.getByText('Kapatılmış dönem yok.').waitFor();
  const lock = a.getByRole('form', { name: 'Dönem Kapanışı' });
  await lock.getByLabel('Kilit günü').fill('2026-11-16');
  await lock.getByRole('button', { name: 'Dönemi Kapat' }).click();
  const dialog = a.getByRole('dialog', { name: '16.11.2026 öncesi kapatılsın mı?' });
  await dialog.getByText('Bu işlem geri alınamaz.', { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Evet, dönemi kapat' }).click();
  await a.getByText('Dönem kapatıldı.').waitFor();
  await a.getByText('Dönemler 16.11.2026 öncesine kadar kapalı.').waitFor();
  await lock.getByLabel('Kilit günü').fill('2026-11-01');
  await lock.getByRole('button', { name: 'Dönemi Kapat' }).click();
  await lock.getByRole('alert').getByText('Dönemler 16.11.2026 öncesine kadar kapalı; kapatılan bir dönem yeniden açılamaz.').waitFor();
  await expect(a.getByRole('dialog').count()).resolves.toBe(0);

  // A voucher dated in the closed period is refused by the server, in its words.
  await a.getByRole('tab', { name: 'Yeni Fiş' }).click();
  const voucher = a.getByRole('region', { name: 'Yeni Fiş' });
  await voucher.getByLabel('Atölye').selectOption({ label: 'Ramat Atölye A' });
  await voucher.getByLabel('Tarih').fill('2026-11-10');
  const line = voucher.getByRole('group', { name: 'Satır 1' });
  await line.getByLabel('Ayar', { exact: true }).selectOption({ label: '22 ayar (916)' });
  await line.getByLabel('Brüt (g)').fill('10');
  await voucher.getByRole('button', { name: 'Fişi Kaydet' }).click();
  await a.getByRole('alert').getByText('16.11.2026 öncesi kapatıldı; bu tarihte fiş yazılamaz veya onaylanamaz.').waitFor();

  // The office reads the lot with its shares and the lock, and can change neither.
  const office = await personPage('ramat_ofis', 'secret-1');
  const o = office.page;
  await o.goto(`${url()}/office/metal`);
  await o.getByRole('tab', { name: 'Ramat' }).click();
  await o.getByRole('table', { name: 'RF-000001 atölye payları' }).getByRole('row', { name: /Ramat Atölye B/ }).getByText('0,4000 g').waitFor();
  await expect(o.getByRole('region', { name: 'Yeni Ramat Partisi' }).count()).resolves.toBe(0);
  await o.getByRole('tab', { name: 'Dönem Kilidi' }).click();
  await o.getByText('Dönemler 16.11.2026 öncesine kadar kapalı.').waitFor();
  await expect(o.getByRole('button', { name: 'Dönemi Kapat' }).count()).resolves.toBe(0);

  expect([...admin.errors, ...office.errors]).toEqual([]);
});
