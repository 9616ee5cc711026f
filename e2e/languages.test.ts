import type { Page } from 'playwright-core';
import { ADMIN, login, withBrowserServer } from './harness';
import { seedSweep } from './sweep';

jest.setTimeout(120_000);

const live = withBrowserServer();

/*
 * What counts as Turkish on a screen: a letter English never writes, or a common Turkish word
 * written without one. Data the office enters (names, steps, the seeded Turkish records) stays as
 * it was entered: text in table and grid cells, detail values, choices of a list and the user's
 * name in the header is data, a button in them is not. Roles and statuses, which the server keeps
 * in Turkish, are named by the catalogues.
 */
function turkishOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const letters = /[ğşıİçöüĞŞÇÖÜ]/;
    const words = /\b(ve|bir|ile|veya|Kaydet|Ekle|Yeni|Ara|Durum|Tarih|Adet|Kapat|Onayla|Sayfa|Filtrele|Temizle|Sil|Geri|Toplam|Tamam|Evet|Hayir|Tumu|Rol|Ata|Liste|Sonraki|Onceki)\b/;
    const data = 'td, dd, .ag-cell, option, .who';
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const element = node.parentElement;
      if (!text || !element || element.closest('script, style') || element.getClientRects().length === 0) continue;
      if (element.closest(data) && !element.closest('button')) continue;
      if (letters.test(text) || words.test(text)) found.push(text);
    }
    return found;
  });
}

async function languageMenu(page: Page) {
  return page.locator('header select.language-menu');
}

test('the admin switches to English in the header: it is saved, and no Turkish shows on the dashboard, users and order screens, server refusals included', async () => {
  const { url } = live.server;
  await seedSweep(url);
  const context = await live.browser.newContext();
  const page = await context.newPage();
  await login(page, url, ADMIN.username, ADMIN.password);
  await expect(page.locator('html').getAttribute('lang')).resolves.toBe('tr');
  await page.locator('main .nav-card').first().waitFor();
  // The check sees Turkish where there is some.
  expect(await turkishOnScreen(page)).not.toEqual([]);

  const menu = await languageMenu(page);
  await expect(menu.locator('option').allTextContents()).resolves.toEqual(['English', 'Türkçe']);
  await menu.selectOption({ label: 'English' });
  await page.getByRole('button', { name: 'Log out' }).waitFor();
  await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
  await expect(page.title()).resolves.toBe('Workshop Tracker');

  // Saved: after a reload, and in a new browser that logs in again.
  await page.reload();
  await page.getByRole('button', { name: 'Log out' }).waitFor();
  await context.close();
  const again = await live.browser.newContext();
  const fresh = await again.newPage();
  await login(fresh, url, ADMIN.username, ADMIN.password);
  await fresh.getByRole('button', { name: 'Log out' }).waitFor();
  await fresh.locator('main .nav-card').first().waitFor();
  expect(await turkishOnScreen(fresh)).toEqual([]);

  await fresh.goto(`${url}/admin/users`);
  await fresh.getByRole('heading', { name: 'Users' }).waitFor();
  await fresh.locator('main table tbody tr').first().waitFor();
  expect(await turkishOnScreen(fresh)).toEqual([]);
  // Roles are named in the reader's language, though the server keeps them in Turkish.
  await fresh.getByRole('row', { name: /^\d+ admin / }).getByRole('cell', { name: 'Administrator' }).waitFor();

  // A refusal of the server, in English: a second workshop for a user who has one.
  await fresh.getByRole('button', { name: 'Add workshop' }).click();
  const dialog = fresh.getByRole('dialog', { name: 'Add workshop' });
  await dialog.getByLabel('User').selectOption({ label: 'tarama_usta (tarama_usta@example.com)' });
  const fields: Record<string, string> = { Name: 'İkinci Atölye', Code: 'IK', 'Phone number': '0212 1', 'Company name': 'İkinci Kuyum', 'Tax number': '12', Address: 'Fatih' };
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('This user already has a workshop.').waitFor();
  expect(await turkishOnScreen(fresh)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The built-in production steps read in English, though the server keeps their Turkish names; a date in English order.
  await fresh.goto(`${url}/dashboard`);
  await fresh.getByRole('tab', { name: 'System settings' }).click();
  await fresh.getByRole('tab', { name: 'Production steps' }).click();
  for (const name of ['Cutting', 'Welding', 'Polishing', 'Quality control']) await fresh.getByRole('cell', { name, exact: true }).waitFor();
  await expect(fresh.getByRole('cell', { name: 'Kesim', exact: true }).count()).resolves.toBe(0);
  await expect(fresh.getByRole('row', { name: /Cutting/ }).getByRole('cell').nth(3).textContent()).resolves.toMatch(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d$/);

  await fresh.goto(`${url}/admin/orders`);
  await fresh.locator('.ag-row').first().waitFor();
  await fresh.locator('.ag-header-cell-text').first().waitFor();
  expect(await turkishOnScreen(fresh)).toEqual([]);
  await again.close();
});
