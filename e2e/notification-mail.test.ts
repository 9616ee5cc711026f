/*
 * A notification by e-mail, in the browser: the customer who chose e-mail for received orders gets
 * one when the office places an order for it, and its link stops that kind's e-mails after asking.
 */
import type { Browser } from 'playwright-core';
import { startSmtp } from '../test/smtp';
import { apiCall, apiToken, launchBrowser, type RunningServer, startServer, userWithRole, watchErrors } from './harness';

jest.setTimeout(120_000);

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, SHOPIFY_JOB_POLL_MS: '100' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

test("an order placed for the customer reaches it by e-mail; the e-mail's link stops those e-mails after asking", async () => {
  const url = server.url;
  const admin = await apiToken(url);
  const buyerId = await userWithRole(url, admin, 'posta_alici', 5);
  const customer = (await apiCall(url, 'POST', '/api/v1/customers', admin, { name: 'Posta Alıcı', email: 'p@example.com', phone: '1', address: 'x', company_name: 'Posta Ltd', credit: 1_000_000, tax_number: '1', user_id: buyerId })).customer;
  const product = (await apiCall(url, 'POST', '/api/v1/product', admin, { title: 'Posta Yüzük', price: 100 })).product;
  const buyer = await apiToken(url, 'posta_alici', 'secret-1');
  await apiCall(url, 'PUT', '/api/v1/notifications/preferences', buyer, { preferences: { order_received: 'email' } });

  const placed = (await apiCall(url, 'POST', `/api/v1/customers/${customer.id}/orders`, admin, { address: 'x', email: 'p@example.com', phone_number: '1', country: 'TR', zip_code: '1', products: [{ product_id: product.id, quantity: 1 }] })).order;
  const mail = await smtp.waitForMessage('posta_alici@example.com', 30_000);
  expect(mail.subject).toBe(`Siparişiniz alındı: ${placed.order_number}`);
  const link = /istemiyorsanız: (\S+)/.exec(mail.text)![1];

  // Opened from the mail program, without logging in (on this server's own port: its PUBLIC_URL names none).
  const page = await browser.newPage();
  const errors = watchErrors(page);
  const { pathname, search } = new URL(link);
  await page.goto(`${url}${pathname}${search}`);
  await page.getByRole('heading', { name: 'E-posta bildirimlerini durdur' }).waitFor();
  await page.getByRole('button', { name: 'E-postaları durdur' }).click();
  await page.getByText('Bu türden bildirimler artık e-postayla gönderilmeyecek.').waitFor();
  const { preferences } = await apiCall(url, 'GET', '/api/v1/notifications/preferences', buyer);
  expect(preferences.order_received).toBe('app');
  expect(errors).toEqual([]);
  await page.close();
});
