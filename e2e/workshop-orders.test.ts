import { apiCall, apiToken, login, revealGridColumn, userWithRole, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(90_000);

const live = withBrowserServer();
let admin: string;
let lineId: number;
let productId: number;

beforeAll(async () => {
  admin = await apiToken(live.server.url);
  const masterId = await userWithRole(live.server.url, admin, 'tablet_usta', 3);
  const buyerId = await userWithRole(live.server.url, admin, 'tablet_alici', 5);
  const workshop = (
    await apiCall(live.server.url, 'POST', '/api/v1/workshops', admin, { name: 'Tablet Atölye', code: 'T', address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: masterId })
  ).workshop;
  await apiCall(live.server.url, 'POST', '/api/v1/customers', admin, { name: 'Alıcı', email: 'a@example.com', phone: '1', address: 'x', company_name: 'Alıcı Ltd', credit: 1_000_000_000, tax_number: '1', user_id: buyerId });
  const steps: number[] = [];
  for (const step_name of ['Döküm', 'Parlatma']) steps.push((await apiCall(live.server.url, 'POST', '/api/v1/production-steps', admin, { step_name })).production_step.id);
  const product = (await apiCall(live.server.url, 'POST', '/api/v1/product', admin, { title: 'Kalp Kolye', price: 2000, workmanship_rate: 10, expected_weight: 5 })).product;
  await apiCall(live.server.url, 'PUT', '/api/v1/product-production-steps/bulk', admin, {
    product_id: product.id,
    steps: steps.map((step_id, i) => ({ step_id, position_in_process: i + 1 })),
  });
  await apiCall(live.server.url, 'PUT', `/api/v1/workshops/${workshop.id}/assign-product`, admin, { product_id: product.id });
  productId = product.id;
  const buyer = await apiToken(live.server.url, 'tablet_alici', 'secret-1');
  await apiCall(live.server.url, 'POST', '/api/v1/customer-orders/simple', buyer, {
    address: 'x', email: 'a@example.com', phone_number: '1', country: 'TR', zip_code: '1', notes: 'ACİL teslim', products: [{ product_id: product.id, quantity: 1 }],
  });
  const master = await apiToken(live.server.url, 'tablet_usta', 'secret-1');
  lineId = (await apiCall(live.server.url, 'GET', '/api/v1/workshop/me/orders', master)).orders[0].id;
});

test('the workshop master advances a piece on the tablet, approves it and enters its gram', async () => {
  const page = await live.browser.newPage({ viewport: { width: 1024, height: 768 } });
  const errors = watchErrors(page);
  await login(page, live.server.url, 'tablet_usta', 'secret-1');
  await page.goto(`${live.server.url}/workshop/orders`);
  await page.getByRole('group', { name: 'Bekleyen' }).getByText('1').waitFor();
  const row = page.getByRole('row', { name: /Kalp Kolye/ });
  await expect(row.getAttribute('class')).resolves.toBe('urgent');
  await row.getByText('Daha başlamadı').waitFor();
  await row.getByRole('button', { name: `Detay: ${lineId}` }).click();
  await page.waitForURL(`**/workshop/order/${lineId}`);

  await page.getByRole('button', { name: 'Sonraki Adım' }).click();
  await page.getByRole('definition').filter({ hasText: 'Döküm' }).waitFor();
  await page.getByRole('button', { name: 'Sonraki Adım' }).click();
  await page.getByRole('definition').filter({ hasText: 'Parlatma' }).waitFor();
  await page.getByRole('button', { name: 'Sonraki Adım' }).click();
  await page.getByRole('definition').filter({ hasText: 'Kalite Kontrol' }).waitFor();
  await expect(page.getByRole('button', { name: 'Sonraki Adım' }).isDisabled()).resolves.toBe(true);
  await page.getByRole('button', { name: 'Onayla' }).click();
  await page.getByRole('button', { name: 'Onaylandı' }).waitFor();
  await expect(page.getByLabel('Gramaj (g)').count()).resolves.toBe(0);

  await apiCall(live.server.url, 'PUT', `/api/v1/orders/order-products/${lineId}/quality_status`, admin, { approved: true, reason: '', return_step_id: null });
  await page.reload();
  await page.getByLabel('Gramaj (g)').fill('0');
  await page.getByRole('button', { name: 'Gramajı Kaydet' }).click();
  await page.getByText('Lütfen geçerli bir gramaj değeri girin!').waitFor();
  // A Turkish decimal comma in a browser set to English: 6,2 g, not 62.
  // The expected weight stands beside the field; nothing is saved before the value is confirmed.
  await page.getByText('Beklenen: 5 g').waitFor();
  await page.getByLabel('Gramaj (g)').fill('6,2');
  await page.getByRole('button', { name: 'Gramajı Kaydet' }).click();
  const confirm = page.getByRole('dialog', { name: 'Gramajı onaylayın' });
  await confirm.getByText('6,2 g kaydedilsin mi?').waitFor();
  await confirm.getByText('Beklenen ağırlık 5 g; girilen değer %24 farklı (tolerans %10).', { exact: false }).waitFor();
  await confirm.getByRole('button', { name: 'Evet, kaydet' }).click();
  await page.getByText('Gram kaydedildi.').waitFor();
  await page.getByText('Beklenen ağırlıktan sapma var').waitFor();
  await expect(page.getByLabel('Gramaj (g)').count()).resolves.toBe(0);
  await page.getByRole('cell', { name: 'Gramaj girişi' }).waitFor();
  // The workshop corrects its own entry until packing is approved; the history keeps both values.
  await page.getByLabel('Gramajı düzelt (g)').fill('5.1');
  await page.getByRole('button', { name: 'Gramajı Düzelt' }).click();
  await page.getByRole('dialog', { name: 'Gramajı onaylayın' }).getByRole('button', { name: 'Evet, kaydet' }).click();
  await page.getByRole('cell', { name: '6.2 -> 5.1' }).waitFor();
  await page.getByRole('definition').filter({ hasText: '5,1 g' }).waitFor();
  await expect(page.getByText('Beklenen ağırlıktan sapma var').count()).resolves.toBe(0);
  await expect(page.getByRole('cell', { name: 'Sonraki adım' }).count()).resolves.toBe(3);
  // The move into quality control keeps the step: the history names the statuses it went between.
  await page.getByRole('cell', { name: 'Üretimde → Kalite Kontrol' }).waitFor();
  await expect(page.getByRole('cell', { name: 'Parlatma → Parlatma' }).count()).resolves.toBe(0);
  expect(errors).toEqual([]);
});

test('a double tap on the next step moves a piece one step, however quick the second tap', async () => {
  // Another customer, so the customer test below finds only its own lines.
  const buyerId = await userWithRole(live.server.url, admin, 'tablet_alici2', 5);
  await apiCall(live.server.url, 'POST', '/api/v1/customers', admin, { name: 'İkinci', email: 'b@example.com', phone: '1', address: 'x', company_name: 'İkinci Ltd', credit: 1_000_000_000, tax_number: '2', user_id: buyerId });
  const buyer = await apiToken(live.server.url, 'tablet_alici2', 'secret-1');
  const master = await apiToken(live.server.url, 'tablet_usta', 'secret-1');
  const { order } = await apiCall(live.server.url, 'POST', '/api/v1/customer-orders/simple', buyer, {
    address: 'x', email: 'a@example.com', phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: productId, quantity: 3 }],
  });
  const lines = (await apiCall(live.server.url, 'GET', '/api/v1/workshop/me/orders', master)).orders.filter((l: { order_id: number }) => l.order_id === order.id);
  expect(lines).toHaveLength(3);
  const page = await live.browser.newPage({ viewport: { width: 1024, height: 768 } });
  const errors = watchErrors(page);
  await login(page, live.server.url, 'tablet_usta', 'secret-1');
  // The second tap comes at once, while the first is under way, and while the piece settles on its
  // new step: each moment a double tap can land in, reached as a state, not as a delay.
  const moments: Array<[string, RegExp | null]> = [
    ['at once', null],
    // Once the first tap is taken: the button is busy, or already tells what happened.
    ['after the first was taken', /^(İşleniyor…|✓ Döküm adımına geçti)$/],
    ['while settling', /^✓ Döküm adımına geçti$/],
  ];
  for (const [index, [moment, shown]] of moments.entries()) {
    const id = lines[index].id;
    await page.goto(`${live.server.url}/workshop/order/${id}`);
    const next = page.getByRole('button', { name: 'Sonraki Adım' });
    await next.waitFor();
    const box = (await next.boundingBox())!;
    // Two taps where the finger lands, the second one whether or not the button still takes it.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    if (shown) await page.getByRole('button', { name: shown }).waitFor();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    // The button says what happened (seen above when the second tap waited for it), then takes taps again.
    if (!shown) await page.getByRole('button', { name: '✓ Döküm adımına geçti' }).waitFor();
    await next.waitFor();
    await expect(next.isEnabled()).resolves.toBe(true);
    const { order: line } = await apiCall(live.server.url, 'GET', `/api/v1/workshop/me/orders/${id}`, master);
    const { history } = await apiCall(live.server.url, 'GET', `/api/v1/order-products/${id}/history`, master);
    expect({ moment, moves: history.filter((h: { action: string }) => h.action === 'next_step').length }).toEqual({ moment, moves: 1 });
    await page.getByRole('definition').filter({ hasText: 'Döküm' }).waitFor();
    expect(line.order_line_status_id).toBe(2);
  }
  expect(errors).toEqual([]);
});

test("a gram far from the piece's 5 g is asked about on the tablet and in the admin's correction, one beyond 50 g refused", async () => {
  // A customer of its own, so the customer test below finds only its own lines.
  const buyerId = await userWithRole(live.server.url, admin, 'tablet_alici3', 5);
  await apiCall(live.server.url, 'POST', '/api/v1/customers', admin, { name: 'Üçüncü', email: 'c@example.com', phone: '1', address: 'x', company_name: 'Üçüncü Ltd', credit: 1_000_000_000, tax_number: '3', user_id: buyerId });
  const buyer = await apiToken(live.server.url, 'tablet_alici3', 'secret-1');
  const master = await apiToken(live.server.url, 'tablet_usta', 'secret-1');
  const { order } = await apiCall(live.server.url, 'POST', '/api/v1/customer-orders/simple', buyer, {
    address: 'x', email: 'c@example.com', phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: productId, quantity: 1 }],
  });
  const id = order.first_line_id as number;
  await apiCall(live.server.url, 'PATCH', `/api/v1/workshop/me/orders/${id}/approve`, master, { approved: true });
  for (let status = 1; status !== 3; ) status = (await apiCall(live.server.url, 'PATCH', `/api/v1/workshop/me/orders/${id}/next-step`, master, {})).order.order_line_status_id;
  await apiCall(live.server.url, 'PUT', `/api/v1/orders/order-products/${id}/quality_status`, admin, { approved: true, reason: '', return_step_id: null });
  const gram = async () => (await apiCall(live.server.url, 'GET', `/api/v1/workshop/me/orders/${id}`, master)).order.product_gram;

  const tablet = await live.browser.newPage({ viewport: { width: 1024, height: 768 } });
  const tabletErrors = watchErrors(tablet);
  await login(tablet, live.server.url, 'tablet_usta', 'secret-1');
  await tablet.goto(`${live.server.url}/workshop/order/${id}`);
  await tablet.getByLabel('Gramaj (g)').fill('99999');
  await tablet.getByRole('button', { name: 'Gramajı Kaydet' }).click();
  await tablet.getByText('Girilen gram (99.999 g) bu parça için kabul edilemez: en fazla 50 g girilebilir.').waitFor();
  await expect(tablet.getByRole('dialog').count()).resolves.toBe(0);
  await tablet.getByLabel('Gramaj (g)').fill('8');
  await tablet.getByRole('button', { name: 'Gramajı Kaydet' }).click();
  const confirm = tablet.getByRole('dialog', { name: 'Gramajı onaylayın' });
  await confirm.getByText('Girilen gram (8 g) beklenen ağırlıktan (5 g) çok farklı.', { exact: false }).waitFor();
  await confirm.getByRole('button', { name: 'Evet, kaydet' }).click();
  await tablet.getByText('Gram kaydedildi.').waitFor();
  await expect(gram()).resolves.toBe(8);
  expect(tabletErrors).toEqual([]);

  const office = await live.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const officeErrors = watchErrors(office);
  await login(office, live.server.url, 'admin', 'admin-secret');
  await office.goto(`${live.server.url}/admin/orders`);
  await revealGridColumn(office, 'order_product_id');
  await office.getByRole('textbox', { name: /Sipariş Ürün ID/ }).fill(String(id));
  await revealGridColumn(office, 'product_gram');
  const correct = async (to: string) => {
    await office.getByRole('gridcell', { name: '8 g' }).dblclick();
    await office.getByRole('textbox', { name: 'Gramı düzelt' }).fill(to);
    await office.keyboard.press('Enter');
  };
  const question = office.getByRole('dialog', { name: 'Gramı onaylayın' });
  await correct('1');
  await question.getByText('Girilen gram (1 g) beklenen ağırlıktan (5 g) çok farklı.', { exact: false }).waitFor();
  await question.getByRole('button', { name: 'Vazgeç' }).click();
  await question.waitFor({ state: 'detached' });
  await expect(gram()).resolves.toBe(8);
  await correct('1');
  await question.getByRole('button', { name: 'Evet, kaydet' }).click();
  await office.getByText('Gram değeri başarıyla güncellendi!').waitFor();
  await office.getByRole('gridcell', { name: /^1 g/ }).waitFor();
  await expect(gram()).resolves.toBe(1);
  expect(officeErrors).toEqual([]);
});

test('the customer places a manual order, approves a line once and exports its orders', async () => {
  const page = await live.browser.newPage();
  const errors = watchErrors(page);
  await login(page, live.server.url, 'tablet_alici', 'secret-1');
  await page.goto(`${live.server.url}/customer/new-order`);
  const form = page.getByRole('region', { name: 'Manuel Sipariş' });
  // Prefilled from the customer's own profile once it has loaded.
  const address = form.getByLabel('Adres');
  await page.waitForFunction((input) => (input as HTMLInputElement).value === 'x', await address.elementHandle());
  await form.getByRole('button', { name: 'Siparişi Oluştur' }).click();
  await form.getByText('En az bir ürün ve adet seçmelisiniz.').waitFor();
  await form.getByRole('combobox', { name: 'Ürün 1' }).fill('Kalp');
  await form.getByRole('listbox', { name: 'Ürün 1' }).getByRole('option', { name: /Kalp Kolye/ }).click();
  // A fraction of a piece counts in no total and is refused with its own sentence.
  await form.getByLabel('Adet 1').fill('2.5');
  await form.getByText('Burada tam sayı yazılır: kesirsiz ve binlik ayırıcısız.').waitFor();
  await expect(form.getByTestId('order-amount').textContent()).resolves.toBe('-');
  await form.getByLabel('Adet 1').fill('2');
  await form.getByTestId('order-amount').filter({ hasText: '₺4.000,00' }).waitFor();
  await form.getByRole('button', { name: 'Siparişi Oluştur' }).click();
  // The profile has a one-word name and no zip code: the form asks for them before sending anything.
  await form.getByText('Ad ve soyad gereklidir.').waitFor();
  await form.getByLabel('Soyad').fill('Yılmaz');
  await form.getByLabel('Posta Kodu').fill('34000');
  await form.getByRole('button', { name: 'Siparişi Oluştur' }).click();
  // The list opens on the new order's two lines, saying it was placed; all orders are a click away.
  await page.waitForURL(/\/customer\/orders\?order=/);
  await page.getByText('Sipariş oluşturuldu.').waitFor();
  await page.getByRole('row', { name: /Kalp Kolye/ }).nth(1).waitFor();
  await page.getByRole('button', { name: 'Tüm siparişler' }).click();
  await page.getByRole('row', { name: /Kalp Kolye/ }).nth(2).waitFor();
  await expect(page.getByRole('row', { name: /Kalp Kolye/ }).count()).resolves.toBe(3);
  await page.getByRole('group', { name: 'Kredi Bakiyesi' }).waitFor();

  await page.getByRole('row', { name: /Kalp Kolye/ }).first().click();
  await page.getByRole('heading', { name: 'Sipariş Detayı' }).waitFor();
  await page.getByRole('button', { name: 'Siparişi Onayla' }).click();
  await page.waitForURL(/\/customer\/orders\/\d+$/);
  await page.getByRole('button', { name: 'Onaylandı' }).waitFor();
  await expect(page.getByRole('button', { name: 'Onaylandı' }).isDisabled()).resolves.toBe(true);

  await page.goto(`${live.server.url}/customer/orders`);
  // Exporting before the list has loaded would rightly find nothing to export.
  await page.getByRole('row', { name: /Kalp Kolye/ }).nth(2).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: "Excel'e Aktar" }).click()]);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.getWorksheet('Siparişler')!;
  expect(sheet.rowCount).toBe(4);
  expect(sheet.getRow(2).getCell(2).value).toBe('Kalp Kolye');
  expect(errors).toEqual([]);
});

test("the tablet's list at 1024 x 768: five lines and more in view, urgent first then by due date with late lines marked, the next step in each row, a backwards date range said", async () => {
  // A workshop of its own, so that its list holds only this test's lines.
  const masterId = await userWithRole(live.server.url, admin, 'tablet_usta2', 3);
  const buyerId = await userWithRole(live.server.url, admin, 'tablet_alici5', 5);
  const workshop = (
    await apiCall(live.server.url, 'POST', '/api/v1/workshops', admin, { name: 'Liste Atölye', code: 'L', address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: masterId })
  ).workshop;
  await apiCall(live.server.url, 'POST', '/api/v1/customers', admin, { name: 'Beşinci', email: 'e@example.com', phone: '1', address: 'x', company_name: 'Beşinci Ltd', credit: 1_000_000_000, tax_number: '5', user_id: buyerId });
  const step = (await apiCall(live.server.url, 'POST', '/api/v1/production-steps', admin, { step_name: 'Dövme' })).production_step.id;
  // Due in a week and in a month.
  const product = async (title: string, production_expected_days: number) => {
    const { product: made } = await apiCall(live.server.url, 'POST', '/api/v1/product', admin, { title, price: 100, workmanship_rate: 10, production_expected_days });
    await apiCall(live.server.url, 'PUT', '/api/v1/product-production-steps/bulk', admin, { product_id: made.id, steps: [{ step_id: step, position_in_process: 1 }] });
    await apiCall(live.server.url, 'PUT', `/api/v1/workshops/${workshop.id}/assign-product`, admin, { product_id: made.id });
    return made.id as number;
  };
  const soon = await product('Gümüş Küpe', 7);
  const later = await product('Altın Yüzük', 30);
  const buyer = await apiToken(live.server.url, 'tablet_alici5', 'secret-1');
  const order = (notes: string | undefined, products: Array<{ product_id: number; quantity: number }>) =>
    apiCall(live.server.url, 'POST', '/api/v1/customer-orders/simple', buyer, { address: 'x', email: 'e@example.com', phone_number: '1', country: 'TR', zip_code: '1', notes, products });
  await order('ACİL teslim', [{ product_id: later, quantity: 1 }]);
  await order(undefined, [
    { product_id: soon, quantity: 3 },
    { product_id: later, quantity: 2 },
  ]);

  const page = await live.browser.newPage({ viewport: { width: 1024, height: 768 } });
  const errors = watchErrors(page);
  // Ten days on, the pieces due in a week are late and those due in a month are not.
  await page.clock.setFixedTime(Date.now() + 10 * 24 * 3600 * 1000);
  await login(page, live.server.url, 'tablet_usta2', 'secret-1');
  await page.goto(`${live.server.url}/workshop/orders`);
  const rows = page.locator('tbody tr');
  await rows.nth(5).waitFor();
  await expect(rows.count()).resolves.toBe(6);
  // At least five lines stand whole on the screen without scrolling.
  const boxes = await Promise.all([0, 1, 2, 3, 4].map((i) => rows.nth(i).boundingBox()));
  for (const box of boxes) expect(box!.y >= 0 && box!.y + box!.height <= 768).toBe(true);

  const titles = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1].textContent));
  expect(titles).toEqual(['Altın Yüzük', 'Gümüş Küpe', 'Gümüş Küpe', 'Gümüş Küpe', 'Altın Yüzük', 'Altın Yüzük']);
  await expect(rows.nth(0).getAttribute('class')).resolves.toBe('urgent');
  const late = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('.badge.late')?.textContent ?? null));
  expect(late).toEqual([null, 'Gecikmiş', 'Gecikmiş', 'Gecikmiş', null, null]);
  await expect(rows.nth(1).getByText('Gecikmiş').isVisible()).resolves.toBe(true);

  // A double tap on a row's next step moves its piece once.
  const row = rows.nth(1);
  const id = Number((await row.getByRole('button', { name: /^Detay: / }).getAttribute('aria-label'))!.replace('Detay: ', ''));
  const box = (await row.getByRole('button', { name: 'Sonraki Adım' }).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await row.getByRole('cell', { name: 'Dövme', exact: true }).waitFor();
  await row.getByRole('button', { name: 'Sonraki Adım' }).waitFor();
  const master = await apiToken(live.server.url, 'tablet_usta2', 'secret-1');
  const { history } = await apiCall(live.server.url, 'GET', `/api/v1/order-products/${id}/history`, master);
  expect(history.filter((h: { action: string }) => h.action === 'next_step')).toHaveLength(1);

  // A start after the end is said beside the filter; the list stays whole.
  await page.getByLabel('Teslim tarihi (başlangıç)').fill('2027-06-01');
  await page.getByLabel('Teslim tarihi (bitiş)').fill('2027-01-01');
  const said = page.getByRole('alert').filter({ hasText: 'Başlangıç tarihi bitiş tarihinden sonra olamaz' });
  await said.waitFor();
  const filterBox = (await page.getByLabel('Teslim tarihi (bitiş)').boundingBox())!;
  const saidBox = (await said.boundingBox())!;
  expect(saidBox.y < filterBox.y + filterBox.height + 40 && saidBox.y + saidBox.height <= (await rows.nth(0).boundingBox())!.y).toBe(true);
  await expect(rows.count()).resolves.toBe(6);

  // A piece not started shows no gram; the approval says what it records beside its button.
  await rows.nth(4).getByRole('button', { name: /^Detay: / }).click();
  await page.getByRole('heading', { name: /^Sipariş Detayı #/ }).waitFor();
  await page.getByRole('definition').filter({ hasText: 'Daha başlamadı' }).waitFor();
  const approve = page.getByRole('button', { name: 'Onayla' });
  const what = page.getByText('Atölyenin bu parçayı üstlendiğini kaydeder.');
  const [approveBox, whatBox] = [(await approve.boundingBox())!, (await what.boundingBox())!];
  expect(whatBox.x >= approveBox.x + approveBox.width && whatBox.y >= approveBox.y && whatBox.y + whatBox.height <= approveBox.y + approveBox.height).toBe(true);
  await expect(page.getByText(/Gram/).count()).resolves.toBe(0);
  await expect(page.getByText(/ g$/).count()).resolves.toBe(0);
  expect(errors).toEqual([]);
});
