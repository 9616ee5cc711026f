/*
 * The screen sweep: every route of every role, at the sizes of an office tablet and desk, checked
 * for what a user would meet first: a page that scrolls sideways, text cut off or sticking out of
 * its box, script errors, and no way back to the dashboard. The roles and their routes are data, so
 * another pass (a language, a theme) can run the same sweep with its own query.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, apiCall, apiToken, login, userWithRole, watchErrors } from './harness';

export interface SweepRoute {
  path: string;
  /** CSS selectors (no words, so they hold in every language) that are all present once the screen has its data. */
  ready: readonly string[];
  /**
   * A page of its own, without the menu (the job tickets' print page): the selector of its own way
   * back, which must be there; it goes back where the user came from, so it is not followed.
   */
  ownBack?: string;
}

export interface SweepRole {
  /** Names the role in findings and screenshot files. */
  name: string;
  username: string;
  password: string;
  routes: readonly SweepRoute[];
}

export interface Size {
  width: number;
  height: number;
}

export const SIZES: readonly Size[] = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

export interface Finding {
  role: string;
  path: string;
  size: string;
  what: string;
}

export const SCREENSHOT_DIR = resolve(__dirname, '..', 'test-results', 'screens');

/* Values as long as real ones get: they must wrap, never widen a screen or be cut off. */
export const LONG = {
  email: 'satinalma.ve.muhasebe.departmani@uzun-bir-alan-adi-kuyumculuk-mucevherat.com.tr',
  company: 'Kapalıçarşı Altın Gümüş Pırlanta Mücevherat Kuyumculuk İmalat İthalat İhracat Sanayi ve Ticaret Limited Şirketi',
  address: 'Mollafenari Mahallesi, Nuruosmaniye Caddesi, Kapalıçarşı Kuyumcular Arastası Sokak No: 123/45 Kat: 3 Daire: 12, 34120 Fatih/İstanbul',
  product: 'El İşçiliği Pırlanta Tektaş Beyaz Altın Nişan Yüzüğü 0,50 Karat Özel Kesim Sertifikalı',
  code: 'KPC-PRL-TKT-BYZ-ALT-NSN-050-CRT-OZL-KSM-SRT-2026-0001',
};

/** The records' own names the sweep seeds besides LONG: data, shown as entered in every language. */
const NAMES = { workshop: 'Kapalıçarşı Usta Atölyesi', customer: 'Ayşe Nur Yılmaz Karaca', steps: ['Döküm', 'Mıhlama', 'Parlatma'], product: 'Altın Zincir' };
const USERNAMES = ['tarama_usta', 'tarama_alici', 'tarama_ofis', 'tarama_pasif'];
export const SEEDED_TEXT: readonly string[] = [...Object.values(LONG), NAMES.workshop, NAMES.customer, ...NAMES.steps, NAMES.product, ...USERNAMES, ADMIN.username];

const rows = 'main table tbody tr';
const fields = 'main .field-grid dd';
/** The job tickets drawn, their barcodes included. */
const tickets = 'main .tickets[data-ready="true"]';
const ticketsBack = 'main .tickets-toolbar button.secondary';
/** The notification settings read: a choice per kind. */
const preferences = 'main .notification-preferences fieldset input[type="radio"]';

/**
 * Seeds through the API what the screens show: a workshop and a customer with long names, e-mail
 * and address, a product with a long title and a routing, an order of two lines, and a user of each
 * role. Answers each role with its routes.
 */
export async function seedSweep(url: string): Promise<SweepRole[]> {
  const admin = await apiToken(url);
  const password = 'secret-1';
  const masterId = await userWithRole(url, admin, 'tarama_usta', 3);
  const buyerId = await userWithRole(url, admin, 'tarama_alici', 5);
  await userWithRole(url, admin, 'tarama_ofis', 4);
  // A new account keeps the inactive role until an admin gives it another.
  await apiCall(url, 'POST', '/api/v1/user/register', undefined, { username: 'tarama_pasif', email: 'tarama_pasif@example.com', password });

  const workshop = (
    await apiCall(url, 'POST', '/api/v1/workshops', admin, {
      name: NAMES.workshop, code: 'KU', address: LONG.address, company_name: LONG.company, phone_number: '0212 555 01 02', tax_number: '1234567890', user_id: masterId,
    })
  ).workshop;
  const customer = (
    await apiCall(url, 'POST', '/api/v1/customers', admin, {
      name: NAMES.customer, email: LONG.email, phone: '0532 555 01 02', address: LONG.address, company_name: LONG.company, credit: 9_876_543.21, tax_number: '9876543210', user_id: buyerId,
    })
  ).customer;
  const steps: number[] = [];
  for (const step_name of NAMES.steps) steps.push((await apiCall(url, 'POST', '/api/v1/production-steps', admin, { step_name })).production_step.id);
  const product = (await apiCall(url, 'POST', '/api/v1/product', admin, { title: LONG.product, sku: LONG.code, our_product_id: LONG.code, price: 48_750.5, workmanship_rate: 15, expected_weight: 4 })).product;
  await apiCall(url, 'PUT', '/api/v1/product-production-steps/bulk', admin, { product_id: product.id, steps: steps.map((step_id, i) => ({ step_id, position_in_process: i + 1 })) });
  await apiCall(url, 'PUT', `/api/v1/workshops/${workshop.id}/assign-product`, admin, { product_id: product.id });
  await apiCall(url, 'POST', '/api/v1/product', admin, { title: NAMES.product });

  const buyer = await apiToken(url, 'tarama_alici', password);
  await apiCall(url, 'POST', '/api/v1/customer-orders/simple', buyer, {
    address: LONG.address, email: LONG.email, phone_number: '0532 555 01 02', country: 'TR', zip_code: '34120', first_name: 'Ayşe Nur', last_name: 'Yılmaz Karaca',
    products: [{ product_id: product.id, quantity: 2 }],
  });
  const master = await apiToken(url, 'tarama_usta', password);
  const { id: lineId, order_id: orderId }: { id: number; order_id: number } = (await apiCall(url, 'GET', '/api/v1/workshop/me/orders', master)).orders[0];
  // A voucher waiting for the workshop, so the metal screens show one with its lines.
  const voucherLine = { kind: 'finished', metal: 'gold', milyem: 916, gross_g: '4.875', stone_ct: '0.25', other_g: '0.1' };
  await apiCall(url, 'POST', '/api/v1/metal/vouchers', admin, { type: 'issue', workshop_id: workshop.id, date: '2026-11-02', note: LONG.product, lines: [voucherLine] });

  return [
    {
      name: 'admin',
      ...ADMIN,
      routes: [
        { path: '/dashboard', ready: ['main .nav-card'] },
        { path: '/admin/users', ready: [rows] },
        { path: '/admin/user-roles', ready: [rows] },
        { path: '/admin/customers', ready: [rows] },
        { path: `/admin/customers/${customer.id}`, ready: [fields, rows] },
        { path: '/admin/workshops', ready: [rows] },
        { path: `/admin/workshops/${workshop.id}`, ready: [fields, rows] },
        { path: `/admin/workshops/${workshop.id}/products`, ready: [rows] },
        { path: `/admin/workshops/${workshop.id}/all-products`, ready: [rows] },
        { path: '/admin/product-catalog', ready: [rows] },
        { path: '/admin/orders', ready: ['.ag-row'] },
        { path: '/admin/audit-log', ready: [rows] },
        { path: '/admin/metal', ready: [rows] },
        { path: `/admin/phone-order?customer=${customer.id}`, ready: ['main form [role="combobox"]'] },
        { path: '/admin/flow', ready: [rows] },
        { path: '/admin/archive', ready: [rows] },
        { path: '/admin/notifications', ready: [preferences] },
        { path: `/tickets?order=${orderId}`, ready: [tickets], ownBack: ticketsBack },
      ],
    },
    {
      name: 'office',
      username: 'tarama_ofis',
      password,
      routes: [
        { path: '/dashboard', ready: ['main .nav-card'] },
        { path: '/office/orders', ready: ['.ag-row'] },
        { path: '/office/customers', ready: [rows] },
        { path: `/office/customers/${customer.id}`, ready: [fields, rows] },
        { path: '/office/reports', ready: [rows] },
        { path: '/office/profile', ready: ['main input[type="password"]'] },
        { path: '/office/metal', ready: [rows] },
        { path: `/office/phone-order?customer=${customer.id}`, ready: ['main form [role="combobox"]'] },
        { path: '/office/flow', ready: [rows] },
        { path: '/office/archive', ready: [rows] },
        { path: '/office/notifications', ready: [preferences] },
        { path: `/tickets?lines=${lineId}`, ready: [tickets], ownBack: ticketsBack },
      ],
    },
    {
      name: 'workshop',
      username: 'tarama_usta',
      password,
      routes: [
        { path: '/dashboard', ready: ['main .nav-card'] },
        { path: '/workshop/orders', ready: [rows] },
        { path: '/workshop/products', ready: [rows] },
        { path: '/workshop/profile', ready: ['main dl dd', 'main input[type="password"]'] },
        { path: '/workshop/metal', ready: ['main .pending-voucher tbody tr', 'main .statement-figures dd'] },
        { path: `/workshop/order/${lineId}`, ready: ['main dl dd'] },
        { path: '/workshop/archive', ready: [rows] },
        { path: '/workshop/notifications', ready: [preferences] },
        { path: `/tickets?lines=${lineId}`, ready: [tickets], ownBack: ticketsBack },
      ],
    },
    {
      name: 'customer',
      username: 'tarama_alici',
      password,
      routes: [
        { path: '/dashboard', ready: ['main .nav-card', rows] },
        { path: '/customer/orders', ready: [rows] },
        { path: '/customer/new-order', ready: ['main form [role="combobox"]', rows] },
        { path: '/customer/profile', ready: ['main dl dd'] },
        { path: '/customer/account', ready: ['main .credit-summary dl dd', 'main .credit-summary tbody tr'] },
        { path: `/order/${lineId}`, ready: ['main dl dd'] },
        { path: '/customer/archive', ready: [rows] },
        { path: '/customer/notifications', ready: [preferences] },
      ],
    },
    { name: 'passive', username: 'tarama_pasif', password, routes: [{ path: '/dashboard', ready: ['main .card'] }] },
  ];
}

/**
 * What the open screen shows wrongly: the page wider than the window, and any box in the main
 * content whose content is wider than the box (cut off, or sticking out of it). A box that scrolls
 * by design (the order grid, a wide table's own scroll box) and text that ends in an ellipsis with
 * its whole value in a title are as meant.
 */
function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth) faults.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth} px)`);
    const main = document.querySelector('main');
    const boxes = main ? [main, ...main.querySelectorAll('*')] : [];
    for (const box of boxes) {
      if (box.closest('.ag-root-wrapper') || box.matches('input, select, textarea, img, svg, svg *, option')) continue;
      const style = getComputedStyle(box);
      if (style.display === 'inline' || style.display === 'contents' || box.clientWidth === 0) continue;
      if (box.scrollWidth <= box.clientWidth + 1) continue;
      if (/auto|scroll/.test(style.overflowX)) continue;
      if (style.textOverflow === 'ellipsis' && box.hasAttribute('title')) continue;
      const name = `${box.tagName.toLowerCase()}${box.className && typeof box.className === 'string' ? `.${box.className.trim().split(/\s+/).join('.')}` : ''}`;
      const text = (box.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      const how = /hidden|clip/.test(style.overflowX) ? 'cuts off' : 'overflows';
      faults.push(`${name} ${how} its content (${box.scrollWidth} > ${box.clientWidth} px): "${text}"`);
    }
    return faults;
  });
}

const withQuery = (path: string, query: string) => (query ? `${path}${path.includes('?') ? '&' : '?'}${query.replace(/^\?/, '')}` : path);
const sizeName = (size: Size) => `${size.width}x${size.height}`;
const fileName = (role: string, path: string, size: Size, query: string) =>
  `${role}${path.replace(/[^\w-]+/g, '_')}${query ? `_${query.replace(/[^\w-]+/g, '')}` : ''}-${sizeName(size)}.png`;

/**
 * Opens every route of every role at every size, waits until each screen shows its data, saves a
 * screenshot and answers what was wrong. `query` is added to every address (e.g. 'lng=pseudo');
 * `checks` find more faults on each screen once it shows its data.
 * The way back (the header menu or a breadcrumb to the dashboard) is followed once per route.
 */
export async function sweepScreens(
  browser: Browser,
  url: string,
  roles: readonly SweepRole[],
  {
    query = '',
    sizes = SIZES,
    screenshots = SCREENSHOT_DIR,
    checks = [],
  }: { query?: string; sizes?: readonly Size[]; screenshots?: string; checks?: ReadonlyArray<(page: Page) => Promise<string[]>> } = {},
): Promise<Finding[]> {
  mkdirSync(screenshots, { recursive: true });
  const findings: Finding[] = [];
  for (const role of roles) {
    const context = await browser.newContext({ viewport: sizes[0] });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, url, role.username, role.password);
    for (const [sizeIndex, size] of sizes.entries()) {
      await page.setViewportSize(size);
      for (const route of role.routes) {
        const found = (what: string) => findings.push({ role: role.name, path: route.path, size: sizeName(size), what });
        const errorsBefore = errors.length;
        await page.goto(`${url}${withQuery(route.path, query)}`);
        await page.locator('main h1').first().waitFor();
        for (const selector of route.ready) await page.locator(selector).first().waitFor();
        (await layoutFaults(page)).forEach(found);
        for (const check of checks) (await check(page)).forEach(found);
        await page.screenshot({ path: join(screenshots, fileName(role.name, route.path, size, query)), fullPage: true });
        // A screen of tabs is every one of its tabs: each is opened and checked once its reads are done.
        const tabs = page.locator('main [role="tablist"] [role="tab"]');
        for (let tab = 1; tab < (await tabs.count()); tab++) {
          const label = (await tabs.nth(tab).textContent())?.trim() ?? String(tab);
          await tabs.nth(tab).click();
          await page.locator('main [role="tabpanel"]').first().waitFor();
          await page.locator('main [role="tabpanel"] [role="status"]').first().waitFor({ state: 'detached' });
          const inTab = (what: string) => found(`tab '${label}': ${what}`);
          (await layoutFaults(page)).forEach(inTab);
          for (const check of checks) (await check(page)).forEach(inTab);
          await page.screenshot({ path: join(screenshots, fileName(role.name, `${route.path}-${tab}`, size, query)), fullPage: true });
        }
        const back = page.locator(route.ownBack ?? 'header nav a[href="/dashboard"], main nav a[href="/dashboard"]');
        if ((await back.count()) === 0) found(route.ownBack ? 'no way back' : 'no link back to the dashboard');
        else if (sizeIndex === 0 && !route.ownBack) {
          await back.first().click();
          await page.waitForURL('**/dashboard');
          await page.locator('main h1').first().waitFor();
        }
        errors.slice(errorsBefore).forEach((error) => found(`console: ${error}`));
      }
    }
    await context.close();
  }
  return findings;
}

/**
 * Text in the main content that the pseudo-language did not reach: every catalogue text is
 * bracketed there ('[Šîþåŕîş ~~~]'), so a text node with letters and no bracket was written into a
 * screen instead of its catalogue. Data is not translated and is left out: table and grid cells
 * and detail values (not the buttons in them), choices of a list, what is marked translate="no" (a button's label too),
 * and the values `data` names (records the sweep seeded, shown in a heading or a breadcrumb).
 */
export function plainText(data: readonly string[]): (page: Page) => Promise<string[]> {
  return (page) =>
    page.evaluate((values) => {
      const found: string[] = [];
      const main = document.querySelector('main');
      if (!main) return found;
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const element = node.parentElement;
        if (!/\p{L}/u.test(text) || /[[\]]/.test(text) || !element || element.getClientRects().length === 0) continue;
        // A link or emphasis a catalogue text holds ('<users>…</users>'): the brackets are its holder's.
        const holder = element.closest('a, strong, em')?.parentElement;
        if (holder && /\[/.test(holder.textContent ?? '')) continue;
        // What is marked translate="no" is data wherever it is, a button's label too (an order number that opens its line).
        if (element.closest('[translate="no"]') || (element.closest('td, dd, .ag-cell, option') && !element.closest('button'))) continue;
        if (values.some((value) => value.includes(text))) continue;
        found.push(`plain text: "${text.slice(0, 60)}"`);
      }
      return found;
    }, [...data]);
}
