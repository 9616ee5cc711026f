/*
 * Scanning on the tablet in chromium: a keyboard-wedge scanner types a job ticket's code and Enter
 * (a burst of keys made in the page, as fast as a scanner), 'Okutunca ilerlet' on a double scan, another
 * workshop's code, and a ticket shown to the fake camera, fed from a Y4M still made from the code.
 * Scan to detail shown is measured in the page and printed (the goal: under 300 ms), not asserted.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { writeBarcodeVideo } from './fake-camera';
import { apiCall, apiToken, launchBrowser, login, type RunningServer, startServer, userWithRole, watchErrors, wedgeScan } from './harness';

jest.setTimeout(120_000);

let server: RunningServer;
let browser: Browser;
let admin: string;
/** The tablet workshop's lines (opened, advanced, seen by the camera) and the other workshop's one. */
const lines: Record<'opened' | 'advanced' | 'camera' | 'other', { id: number; barcode: string }> = {} as never;

beforeAll(async () => {
  server = await startServer();
  const url = server.url;
  admin = await apiToken(url);
  const steps: number[] = [];
  for (const step_name of ['Döküm', 'Parlatma']) steps.push((await apiCall(url, 'POST', '/api/v1/production-steps', admin, { step_name })).production_step.id);
  const buyerId = await userWithRole(url, admin, 'okutan_alici', 5);
  await apiCall(url, 'POST', '/api/v1/customers', admin, { name: 'Alıcı', email: 'a@example.com', phone: '1', address: 'x', company_name: 'Alıcı Ltd', credit: 1_000_000_000, tax_number: '1', user_id: buyerId });
  const buyer = await apiToken(url, 'okutan_alici', 'secret-1');
  const workshopOf = async (username: string, name: string, code: string) => {
    const userId = await userWithRole(url, admin, username, 3);
    const workshop = (await apiCall(url, 'POST', '/api/v1/workshops', admin, { name, code, address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: userId })).workshop;
    const product = (await apiCall(url, 'POST', '/api/v1/product', admin, { title: `${name} Yüzük`, price: 2000, workmanship_rate: 10, expected_weight: 5 })).product;
    await apiCall(url, 'PUT', '/api/v1/product-production-steps/bulk', admin, { product_id: product.id, steps: steps.map((step_id, i) => ({ step_id, position_in_process: i + 1 })) });
    await apiCall(url, 'PUT', `/api/v1/workshops/${workshop.id}/assign-product`, admin, { product_id: product.id });
    return product.id as number;
  };
  const own = await workshopOf('okutan_usta', 'Tezgah', 'TZ');
  const other = await workshopOf('komsu_usta', 'Komşu', 'KM');
  await apiCall(url, 'POST', '/api/v1/customer-orders/simple', buyer, {
    address: 'x', email: 'a@example.com', phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: own, quantity: 3 }, { product_id: other, quantity: 1 }],
  });
  const read = async (username: string) =>
    (await apiCall(url, 'GET', '/api/v1/workshop/me/orders', await apiToken(url, username, 'secret-1'))).orders.sort((a: { id: number }, b: { id: number }) => a.id - b.id);
  [lines.opened, lines.advanced, lines.camera] = await read('okutan_usta');
  [lines.other] = await read('komsu_usta');

  // The fake camera shows the third line's ticket from the start; chromium takes its file when launched.
  const video = join(mkdtempSync(join(tmpdir(), 'scan-')), 'ticket.y4m');
  await writeBarcodeVideo(lines.camera.barcode, video);
  browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function tablet(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  const errors = watchErrors(page);
  // Records when the page received a scan's Enter, before any handler of the app.
  await page.addInitScript(() => {
    window.addEventListener('keydown', (event) => event.key === 'Enter' && ((window as unknown as { scanAt: number }).scanAt = performance.now()), true);
  });
  await login(page, server.url, 'okutan_usta', 'secret-1');
  await page.goto(`${server.url}/workshop/orders`);
  await page.getByRole('button', { name: `Detay: ${lines.camera.id}`, exact: true }).waitFor();
  return { page, errors };
}


/** Milliseconds from the scan's Enter to the line's page showing its title (measured in the page, to the frame). */
async function shownAfterScan(page: Page, id: number): Promise<number> {
  const handle = await page.waitForFunction(
    (title) => {
      const found = [...document.querySelectorAll('h1')].some((h1) => h1.textContent === title);
      return found ? performance.now() - (window as unknown as { scanAt: number }).scanAt : null;
    },
    `Sipariş Detayı #${id}`,
    { polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

test("a keyboard-wedge scan opens the workshop's line; another workshop's code opens nothing and says why", async () => {
  const { page, errors } = await tablet();
  expect(await wedgeScan(page, lines.opened.barcode)).toBe(true);
  const took = await shownAfterScan(page, lines.opened.id);
  await page.waitForURL(`**/workshop/order/${lines.opened.id}`);
  // Reported, not asserted: the test machine's load is no measure of the tablet's.
  console.log(`keyboard-wedge scan to the line shown: ${Math.round(took)} ms (goal < 300 ms)`);

  // On the line's page too, another workshop's code opens nothing.
  await wedgeScan(page, lines.other.barcode);
  await page.getByRole('alert').filter({ hasText: 'Bu kodla atölyenizde bir parça yok.' }).waitFor();
  expect(page.url()).toMatch(new RegExp(`/workshop/order/${lines.opened.id}$`));
  // Typed into a field, the same keys are text, not a scan.
  await page.goto(`${server.url}/workshop/orders`);
  await page.getByLabel('Teslim tarihi (başlangıç)').focus();
  expect(await wedgeScan(page, lines.opened.barcode)).toBe(false);
  expect(page.url()).toMatch(/\/workshop\/orders$/);
  expect(errors).toEqual([]);
  await page.close();
});

test("'Okutunca ilerlet': a double scan moves the piece once, says its new step, and the focused switch keeps its state", async () => {
  const { page, errors } = await tablet();
  const advance = page.getByRole('switch', { name: 'Okutunca ilerlet' });
  await advance.click();
  await expect(advance.getAttribute('aria-checked')).resolves.toBe('true');
  // A master who tapped the switch again leaves it focused: the scan's Enter must not toggle it.
  await advance.focus();
  // Canceled, the scan's Enter activates nothing focused.
  expect(await wedgeScan(page, lines.advanced.barcode)).toBe(true);
  expect(await wedgeScan(page, lines.advanced.barcode)).toBe(true);
  await page.getByRole('status').filter({ hasText: `✓ #${lines.advanced.id}: Döküm adımına geçti` }).waitFor();
  await expect(advance.getAttribute('aria-checked')).resolves.toBe('true');
  expect(page.url()).toMatch(/\/workshop\/orders$/);
  const history = (await apiCall(server.url, 'GET', `/api/v1/order-products/${lines.advanced.id}/history`, admin)).history as { action: string }[];
  expect(history.filter((row) => row.action === 'next_step')).toHaveLength(1);
  expect(errors).toEqual([]);
  await page.close();
});

test('a ticket shown to the camera opens its line; the barcode reader comes from our own origin', async () => {
  const { page, errors } = await tablet();
  const wasm: string[] = [];
  page.on('response', (response) => response.url().endsWith('.wasm') && wasm.push(`${response.status()} ${response.url()}`));
  await page.evaluate(() => ((window as unknown as { scanAt: number }).scanAt = performance.now()));
  await page.getByRole('button', { name: 'Kamerayla okut' }).click();
  const took = await shownAfterScan(page, lines.camera.id);
  console.log(`camera opened to the line shown (camera start and reader load included): ${Math.round(took)} ms`);
  expect(wasm).toEqual([expect.stringMatching(new RegExp(`^200 ${server.url}/assets/zxing_reader\\.[0-9a-f]{8}\\.wasm$`))]);
  expect(errors).toEqual([]);
  await page.close();
});
