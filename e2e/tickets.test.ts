import type { Page } from 'playwright-core';
import { ADMIN, apiCall, apiToken, login, userWithRole, watchErrors, withBrowserServer } from './harness';

jest.setTimeout(120_000);

const live = withBrowserServer();
/** Line ids by workshop: A's three pieces of one order, B's one piece. */
const lines = { a: [] as number[], b: [] as number[] };
let orderA = 0;
const BUYER = { first_name: 'Nilüfer', last_name: 'Gizlikuyu', address: 'Saklı Sokak 7', email: 'nilufer@gizli.example' };

/** A workshop with its own master's login, making one product; answers the product's id. */
async function workshopWithProduct(admin: string, username: string, code: string, title: string): Promise<number> {
  const masterId = await userWithRole(live.server.url, admin, username, 3);
  const workshop = (
    await apiCall(live.server.url, 'POST', '/api/v1/workshops', admin, { name: `Atölye ${code}`, code, address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: masterId })
  ).workshop;
  const product = (await apiCall(live.server.url, 'POST', '/api/v1/product', admin, { title, price: 2000, workmanship_rate: 10, expected_weight: 5 })).product;
  await apiCall(live.server.url, 'PUT', `/api/v1/workshops/${workshop.id}/assign-product`, admin, { product_id: product.id });
  return product.id;
}

beforeAll(async () => {
  const admin = await apiToken(live.server.url);
  const productA = await workshopWithProduct(admin, 'fis_usta_a', 'FA', 'Harf Kolye');
  const productB = await workshopWithProduct(admin, 'fis_usta_b', 'FB', 'Taşlı Yüzük');
  const buyerId = await userWithRole(live.server.url, admin, 'fis_alici', 5);
  await apiCall(live.server.url, 'POST', '/api/v1/customers', admin, { name: 'Fiş Alıcı', email: 'f@example.com', phone: '1', address: 'x', company_name: 'Fiş Ltd', credit: 1_000_000_000, tax_number: '1', user_id: buyerId });
  const buyer = await apiToken(live.server.url, 'fis_alici', 'secret-1');
  const order = (products: Array<{ product_id: number; quantity: number }>) =>
    apiCall(live.server.url, 'POST', '/api/v1/customer-orders/simple', buyer, { ...BUYER, phone_number: '05551112233', country: 'TR', zip_code: '34000', notes: 'ACİL: içine "Sonsuza dek" yazılsın', products });
  orderA = (await order([{ product_id: productA, quantity: 3 }])).order.id;
  await order([{ product_id: productB, quantity: 1 }]);
  const own = async (username: string) => (await apiCall(live.server.url, 'GET', '/api/v1/workshop/me/orders', await apiToken(live.server.url, username, 'secret-1'))).orders.map((line: { id: number }) => line.id).sort((x: number, y: number) => x - y);
  lines.a = await own('fis_usta_a');
  lines.b = await own('fis_usta_b');
});

async function signedIn(username: string, password = 'secret-1'): Promise<{ page: Page; errors: string[] }> {
  const page = await live.browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = watchErrors(page);
  await login(page, live.server.url, username, password);
  return { page, errors };
}

/** The pages of a PDF as Chromium writes it, and the size of the first in millimetres. */
function pdfPages(pdf: Buffer): { count: number; firstMm: [number, number] } {
  const text = pdf.toString('latin1');
  const count = (text.match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text);
  const mm = (points: string) => Math.round((Number(points) * 25.4) / 72);
  return { count, firstMm: box ? [mm(box[1]), mm(box[2])] : [0, 0] };
}

/** Waits until every ticket's barcode is drawn and the page may print. */
async function printReady(page: Page, count: number) {
  await page.getByRole('status').filter({ hasText: `${count} fiş yazdırılmaya hazır.` }).waitFor();
  await page.locator('section.tickets[data-ready="true"]').waitFor();
  await expect(page.locator('.ticket-symbol svg').count()).resolves.toBe(count);
}

test('the admin selects two rows in the grid, opens their tickets and prints them as thermal labels, then as an A4 sheet', async () => {
  const { page, errors } = await signedIn(ADMIN.username, ADMIN.password);
  // Which scripts carry bwip-js: only the ticket page's own chunk, never the app or the grid.
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  const drawsBarcodes = async () => (await Promise.all([...scripts].map(async (url) => (await fetch(url)).text()))).some((text) => text.includes('bwip-js: bar code text not specified'));
  await page.goto(`${live.server.url}/admin/orders`);
  const cell = (row: number) => page.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="order_number"]`);
  await cell(1).waitFor();
  await cell(0).click();
  await cell(1).click({ modifiers: ['Control'] });
  await page.locator('.ag-row-selected').nth(1).waitFor();
  expect([...scripts].some((url) => /\/main\.[0-9a-f]+\.js$/.test(url))).toBe(true);
  await expect(drawsBarcodes()).resolves.toBe(false);
  await page.getByRole('button', { name: 'Seçilenlerin Fişleri' }).click();
  await page.waitForURL('**/tickets?lines=*');
  await printReady(page, 2);
  await expect(drawsBarcodes()).resolves.toBe(true);

  const tickets = page.getByRole('article');
  await expect(tickets.first().locator('.ticket-digits').textContent()).resolves.toMatch(/^20\d{11}$/);
  await expect(tickets.first().locator('.ticket-urgent').textContent()).resolves.toBe('ACİL');
  // Never the buyer: the page does not hold their name, address or e-mail anywhere.
  const body = (await page.locator('body').textContent()) ?? '';
  for (const value of Object.values(BUYER)) expect(body).not.toContain(value);

  const thermal = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  expect(thermal).toEqual({ count: 2, firstMm: [58, 40] });

  await page.getByRole('radio', { name: 'A4 etiket sayfası (3×7)' }).check();
  await page.locator('section.tickets-a4').waitFor();
  const sheet = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  expect(sheet).toEqual({ count: 1, firstMm: [210, 297] });
  expect(errors).toEqual([]);
});

test("a workshop prints its order's tickets from the tablet, one thermal label per piece; another workshop's line is refused", async () => {
  const { page, errors } = await signedIn('fis_usta_a');
  await page.goto(`${live.server.url}/workshop/order/${lines.a[0]}`);
  await page.getByRole('link', { name: 'Siparişin Fişleri' }).click();
  await page.waitForURL(`**/tickets?order=${orderA}`);
  await printReady(page, 3);
  await page.getByText('Atölye FA').first().waitFor();
  expect(pdfPages(await page.pdf({ preferCSSPageSize: true })).count).toBe(3);

  await page.goto(`${live.server.url}/tickets?lines=${lines.a[0]},${lines.b[0]}`);
  // Beside the plain-HTTP banner of the test server, the refusal's own alert.
  const alert = page.getByRole('alert').filter({ hasText: 'fişi basılamaz' });
  await alert.waitFor();
  await expect(alert.textContent()).resolves.toBe(`Bu satırların fişi basılamaz: ${lines.b[0]}. Böyle bir satır yok ya da sizin değil.`);
  await expect(page.getByRole('article').count()).resolves.toBe(0);
  await expect(page.getByRole('button', { name: 'Yazdır' }).isDisabled()).resolves.toBe(true);
  expect(errors).toEqual([]);
});
