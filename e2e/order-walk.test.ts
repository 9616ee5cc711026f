import type { Page } from 'playwright-core';
import { apiCall, apiToken, login, revealGridColumn, userWithRole, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(150_000);

const live = withBrowserServer();


beforeAll(async () => {
  const admin = await apiToken(live.server.url);
  const masterId = await userWithRole(live.server.url, admin, 'yol_usta', 3);
  const buyerId = await userWithRole(live.server.url, admin, 'yol_alici', 5);
  const workshop = (
    await apiCall(live.server.url, 'POST', '/api/v1/workshops', admin, { name: 'Yol Atölye', code: 'Y', address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: masterId })
  ).workshop;
  await apiCall(live.server.url, 'POST', '/api/v1/customers', admin, {
    name: 'Ayşe Yılmaz', email: 'ayse@example.com', phone: '0532', address: 'Bağdat Cd. 1', zip_code: '34000', city: 'İstanbul', company_name: 'Yılmaz Kuyum', credit: 100_000, tax_number: '1', user_id: buyerId,
  });
  const steps: number[] = [];
  for (const step_name of ['Döküm', 'Mıhlama', 'Parlatma']) steps.push((await apiCall(live.server.url, 'POST', '/api/v1/production-steps', admin, { step_name })).production_step.id);
  const product = (await apiCall(live.server.url, 'POST', '/api/v1/product', admin, { title: 'Tektaş Yüzük', price: 3000, workmanship_rate: 15, expected_weight: 4 })).product;
  await apiCall(live.server.url, 'PUT', '/api/v1/product-production-steps/bulk', admin, { product_id: product.id, steps: steps.map((step_id, i) => ({ step_id, position_in_process: i + 1 })) });
  await apiCall(live.server.url, 'PUT', `/api/v1/workshops/${workshop.id}/assign-product`, admin, { product_id: product.id });
});

/** A signed-in tab of its own for each person of the walk. */
async function personPage(username: string, password: string): Promise<{ page: Page; errors: string[] }> {
  const context = await live.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await login(page, live.server.url, username, password);
  return { page, errors };
}

async function readSheet(path: string, name: string) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook.getWorksheet(name)!;
}

test('an order of two pieces from the customer to completion, through the workshop tablet and the admin grid; the other piece canceled reads so for the customer and on the tablet; the shipped order in the customer order and credit summary', async () => {
  const customer = await personPage('yol_alici', 'secret-1');
  const master = await personPage('yol_usta', 'secret-1');
  const admin = await personPage('admin', 'admin-secret');

  // The customer orders two pieces, the form prefilled from its profile, postcode and city too; the new order's list opens.
  await customer.page.goto(`${live.server.url}/customer/new-order`);
  const form = customer.page.getByRole('region', { name: 'Manuel Sipariş' });
  const postcode = form.getByLabel('Posta Kodu');
  await customer.page.waitForFunction((input) => (input as HTMLInputElement).value === '34000', await postcode.elementHandle());
  const picker = form.getByRole('combobox', { name: 'Ürün 1' });
  await picker.fill('Tektaş');
  await picker.press('Enter');
  await form.getByLabel('Adet 1').fill('2');
  await form.getByRole('button', { name: 'Siparişi Oluştur' }).click();
  await customer.page.waitForURL(/\/customer\/orders\?order=/);
  await customer.page.getByText('Sipariş oluşturuldu.').waitFor();
  await customer.page.goto(`${live.server.url}/customer/orders`);
  await customer.page.getByRole('row', { name: /Tektaş Yüzük/ }).nth(1).waitFor();
  await expect(customer.page.getByRole('row', { name: /Tektaş Yüzük/ }).count()).resolves.toBe(2);

  // The workshop sees both, approves one and moves it through its three steps to quality control.
  await master.page.goto(`${live.server.url}/workshop/orders`);
  await master.page.getByRole('row', { name: /Tektaş Yüzük/ }).nth(1).waitFor();
  await expect(master.page.getByRole('row', { name: /Tektaş Yüzük/ }).count()).resolves.toBe(2);
  await master.page.getByRole('row', { name: /Tektaş Yüzük/ }).first().getByRole('button', { name: /^Detay/ }).click();
  await master.page.waitForURL(/\/workshop\/order\/\d+$/);
  const lineId = Number(master.page.url().split('/').pop());
  await master.page.getByRole('button', { name: 'Onayla' }).click();
  await master.page.getByRole('button', { name: 'Onaylandı' }).waitFor();
  const step = (name: string) => master.page.getByRole('definition').filter({ hasText: new RegExp(`^${name}$`) }).first().waitFor();
  for (const name of ['Döküm', 'Mıhlama', 'Parlatma', 'Kalite Kontrol']) {
    await master.page.getByRole('button', { name: 'Sonraki Adım' }).click();
    await step(name);
  }

  // The admin finds the line in the grid and rejects it at quality control, back to step 2.
  await admin.page.goto(`${live.server.url}/admin/orders`);
  await admin.page.getByRole('region', { name: 'Sipariş Yönetimi' }).waitFor();
  await revealGridColumn(admin.page, 'order_product_id');
  await admin.page.getByRole('textbox', { name: /Sipariş Ürün ID/ }).fill(String(lineId));
  await admin.page.getByText('1 / 2 satır').waitFor();
  const quality = admin.page.getByRole('button', { name: 'Kalite Kontrol', disabled: false });
  await quality.click();
  const dialog = admin.page.getByRole('dialog', { name: 'Kalite Kontrol Durumu' });
  await dialog.getByText('Belirlenmemiş').waitFor();
  await expect(dialog.getByRole('button', { name: 'Kaydet' }).isDisabled()).resolves.toBe(true);
  await dialog.getByLabel('Durum').selectOption({ label: 'Reddedildi' });
  await expect(dialog.getByRole('button', { name: 'Kaydet' }).isDisabled()).resolves.toBe(true);
  await dialog.getByLabel('Hangi Üretim Adımına Geri Dönülsün?').selectOption({ label: 'Mıhlama' });
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await admin.page.getByText('Kalite kontrol reddedildi. Ürün Mıhlama adımına geri döndürüldü.').waitFor();
  await revealGridColumn(admin.page, 'current_step');
  await admin.page.getByRole('gridcell', { name: 'Mıhlama' }).waitFor();

  // The workshop advances it again to quality control; the admin approves.
  await master.page.reload();
  await step('Mıhlama');
  await master.page.getByRole('button', { name: 'Sonraki Adım' }).click();
  await step('Parlatma');
  await master.page.getByRole('button', { name: 'Sonraki Adım' }).click();
  await step('Kalite Kontrol');
  await admin.page.getByRole('button', { name: 'Yenile' }).click();
  await quality.click();
  await dialog.getByLabel('Durum').selectOption({ label: 'Onaylandı' });
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await admin.page.getByText('Kalite kontrol onaylandı!').waitFor();

  // The workshop weighs it; the admin approves packing.
  await master.page.reload();
  await master.page.getByLabel('Gramaj (g)').fill('4.1');
  await master.page.getByRole('button', { name: 'Gramajı Kaydet' }).click();
  await master.page.getByRole('dialog', { name: 'Gramajı onaylayın' }).getByRole('button', { name: 'Evet, kaydet' }).click();
  await master.page.getByRole('definition').filter({ hasText: '4,1 g' }).waitFor();
  await admin.page.getByRole('button', { name: 'Yenile' }).click();
  // The admin corrects the weighed gram in its cell: a bad value is refused, Enter saves.
  await revealGridColumn(admin.page, 'product_gram');
  const correct = async (from: string, to: string) => {
    await admin.page.getByRole('gridcell', { name: from }).dblclick();
    await admin.page.getByRole('textbox', { name: 'Gramı düzelt' }).fill(to);
    await admin.page.keyboard.press('Enter');
  };
  await correct('4,1 g', '0');
  await admin.page.getByText('Lütfen geçerli bir gramaj değeri girin!').waitFor();
  await correct('4,1 g', '4,3456');
  // Refused as typed, by the screen too once the editor is left: nothing is rounded.
  await admin.page.locator('.alert.error', { hasText: 'En çok 3 ondalık basamak yazılabilir.' }).waitFor();
  await correct('4,1 g', '4,3');
  await admin.page.getByText('Gram değeri başarıyla güncellendi!').waitFor();
  await admin.page.getByRole('gridcell', { name: '4,3 g' }).waitFor();
  await admin.page.getByRole('button', { name: 'Paketleme Onayı', disabled: false }).click();
  await admin.page.getByRole('dialog', { name: 'Paketleme Onayı' }).getByRole('button', { name: 'Onayla' }).click();
  await admin.page.getByText('Paketleme onayı başarıyla verildi!').waitFor();
  await revealGridColumn(admin.page, 'status');
  await admin.page.locator('.ag-cell[col-id="status"]', { hasText: 'Tamamlandı' }).waitFor();

  // The admin's export holds the filtered line with names instead of ids.
  const [adminFile] = await Promise.all([admin.page.waitForEvent('download'), admin.page.getByRole('button', { name: "Excel'e Aktar" }).click()]);
  expect(adminFile.suggestedFilename()).toMatch(/^siparisler_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const adminSheet = await readSheet((await adminFile.path())!, 'Siparişler');
  expect(adminSheet.rowCount).toBe(2);
  const headers = (adminSheet.getRow(1).values as string[]).slice(1);
  const cell = (header: string) => adminSheet.getRow(2).getCell(headers.indexOf(header) + 1).value;
  expect(cell('Sipariş Ürün ID')).toBe(lineId);
  expect(cell('Durum')).toBe('Tamamlandı');
  expect(cell('Mevcut Üretim Adımı')).toBe('Parlatma');
  expect(cell('Gram')).toBe(4.3);

  // The other piece reaches its first step on the tablet, then the admin cancels it from the grid with a reason.
  const lines: Array<{ id: number }> = (await apiCall(live.server.url, 'GET', '/api/v1/orders', await apiToken(live.server.url))).orders;
  const otherId = lines.find((line) => line.id !== lineId)!.id;
  await master.page.goto(`${live.server.url}/workshop/order/${otherId}`);
  await master.page.getByRole('button', { name: 'Sonraki Adım' }).click();
  await step('Döküm');
  await admin.page.getByRole('textbox', { name: /Sipariş Ürün ID/ }).fill(String(otherId));
  await admin.page.getByRole('button', { name: 'Düzelt', disabled: false }).click();
  const correction = admin.page.getByRole('dialog', { name: 'Satırı Düzelt' });
  await correction.getByLabel('Bu satırı iptal et').check();
  await correction.getByLabel('Gerekçe').fill('Müşteri vazgeçti');
  await correction.getByRole('button', { name: 'Satırı iptal et' }).click();
  await admin.page.getByText('Sipariş satırı iptal edildi.').waitFor();
  await admin.page.locator('.ag-cell[col-id="status"]', { hasText: /^İptal edildi$/ }).waitFor();

  // Canceled reads 'İptal edildi' with why and when, not the step it stopped at, and offers nothing: on the tablet...
  const canceled = /^İptal edildi: Müşteri vazgeçti \(.+\)$/;
  await master.page.reload();
  await master.page.getByRole('definition').filter({ hasText: canceled }).waitFor();
  await expect(master.page.getByRole('button', { name: /Sonraki Adım|Onayla/ }).count()).resolves.toBe(0);
  await master.page.goto(`${live.server.url}/workshop/orders`);
  await master.page.getByRole('button', { name: /^Biten İşler/ }).click();
  await master.page.getByRole('row', { name: new RegExp(`Detay: ${otherId}(?!\\d)`) }).getByRole('cell', { name: canceled }).waitFor();

  // ...and for the customer, who sees the piece completed beside it and exports both lines.
  await customer.page.reload();
  await customer.page.getByRole('row', { name: /Tamamlandı/ }).waitFor();
  await customer.page.getByRole('row', { name: /İptal edildi: Müşteri vazgeçti/ }).waitFor();
  const [file] = await Promise.all([customer.page.waitForEvent('download'), customer.page.getByRole('button', { name: "Excel'e Aktar" }).click()]);
  const sheet = await readSheet((await file.path())!, 'Siparişler');
  expect(sheet.rowCount).toBe(3);
  const statuses = [2, 3].map((row) => sheet.getRow(row).getCell(3).value).sort();
  expect(statuses).toEqual(['Tamamlandı', expect.stringMatching(canceled)]);
  await customer.page.getByRole('row', { name: /İptal edildi/ }).click();
  await customer.page.waitForURL(new RegExp(`/order/${otherId}$`));
  await customer.page.getByRole('definition').filter({ hasText: canceled }).waitFor();
  await expect(customer.page.getByRole('button', { name: 'Siparişi Onayla' }).count()).resolves.toBe(0);

  // The completed piece goes to the carrier; the customer's order and credit summary shows the order shipped with its tracking number.
  await apiCall(live.server.url, 'PUT', `/api/v1/orders/order-products/${lineId}/shipment`, await apiToken(live.server.url), { shipment_tracking_number: 'YK-123456' });
  await customer.page.goto(`${live.server.url}/customer/account`);
  const summary = customer.page.getByRole('region', { name: 'Sipariş ve Kredi Özeti' });
  const orders = summary.getByRole('table', { name: 'Siparişler' });
  await orders.getByRole('row', { name: /Gönderildi/ }).getByRole('cell', { name: 'YK-123456' }).waitFor();
  await summary.getByRole('table', { name: 'Gönderiler' }).getByRole('row', { name: /Tektaş Yüzük.*YK-123456/ }).waitFor();
  // Nothing is open: the whole credit is available.
  await summary.getByText('100.000,00').first().waitFor();
  // Printed, the summary stands alone: the account's own cards are left off the paper.
  await customer.page.emulateMedia({ media: 'print' });
  await expect(customer.page.getByRole('heading', { name: 'Şifre Değiştir' }).isVisible()).resolves.toBe(false);
  await expect(orders.isVisible()).resolves.toBe(true);
  expect((await customer.page.pdf({ format: 'A4' })).length).toBeGreaterThan(1000);
  await customer.page.emulateMedia({ media: 'screen' });
  const [summaryFile] = await Promise.all([customer.page.waitForEvent('download'), summary.getByRole('button', { name: "Excel'e Aktar" }).click()]);
  const summarySheet = await readSheet((await summaryFile.path())!, 'Sipariş ve Kredi Özeti');
  expect(summarySheet.rowCount).toBe(2);
  const summaryHeaders = (summarySheet.getRow(1).values as string[]).slice(1);
  const summaryCell = (header: string) => summarySheet.getRow(2).getCell(summaryHeaders.indexOf(header) + 1).value;
  expect([summaryCell('Durum'), summaryCell('Ürün Sayısı'), summaryCell('Gönderilen'), summaryCell('İptal'), summaryCell('Kargo Takip No')]).toEqual(['Gönderildi', 2, 1, 1, 'YK-123456']);

  // The admin sees the same summary on the customer's detail.
  await admin.page.goto(`${live.server.url}/admin/customers`);
  await admin.page.getByRole('link', { name: 'Ayşe Yılmaz', exact: true }).click();
  await admin.page.getByRole('region', { name: 'Sipariş ve Kredi Özeti' }).getByRole('table', { name: 'Gönderiler' }).getByRole('row', { name: /YK-123456/ }).waitFor();

  expect([...customer.errors, ...master.errors, ...admin.errors]).toEqual([]);
});
