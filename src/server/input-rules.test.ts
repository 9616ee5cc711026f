import type { InjectOptions } from 'fastify';
import { testDatabases } from '../../test/databases';
import { startTestApp, type TestApp } from '../../test/server';
import { API } from '../shared/api';

/*
 * The input rules of every route (src/shared/schemas/fields.ts): ids fit PostgreSQL's integer, text
 * holds no control character but newline and tab, numbers are finite and fit their column. SQLite
 * would store what PostgreSQL cannot (and PostgreSQL answered 500), so both must refuse alike: 400
 * with a Turkish sentence, and nothing stored changes.
 */

/** One past PostgreSQL's integer. */
const BIG = 2_147_483_648;
const LARGEST = 2_147_483_647;
const CONTROL_SENTENCE = 'Metin alanları kontrol karakteri (ör. NUL) içeremez; yalnızca satır sonu ve sekme kullanılabilir.';
const INVALID_ID = { code: 'INVALID_ID', error: 'Geçersiz kimlik numarası.' };

/** Every table a request of these routes could write (sessions and counters of logins aside). */
const TABLES = [
  'users',
  'settings',
  'production_steps',
  'products',
  'product_production_steps',
  'workshops',
  'workshop_processes',
  'customers',
  'customer_credit_changes',
  'orders',
  'order_lines',
  'order_line_history',
  'shop_connections',
] as const;

describe.each(testDatabases())('input rules on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let master: string;
  let buyer: string;
  let masterId: number;
  let buyerId: number;
  let workshopId: number;
  let customerId: number;
  let productId: number;
  let stepId: number;
  let lineId: number;

  const workshopBody = (user_id: number) => ({ name: 'Usta', code: 'U-1', address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id });
  const customerBody = (user_id: number) => ({ name: 'Alıcı', email: 'a@example.com', phone: '1', address: 'x', company_name: 'x', credit: 1_000_000_000, tax_number: '1', user_id });
  const order = { address: 'Bağdat Cd. 1', email: 'alici@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000' };

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    const m = await t.newUser('usta_input');
    const b = await t.newUser('alici_input');
    [master, masterId, buyer, buyerId] = [m.token, m.user_id, b.token, b.user_id];
    await t.call('POST', API.changeUserRoles, { token: admin, body: [{ ID: masterId, Role: 3 }, { ID: buyerId, Role: 5 }] });
    workshopId = (await t.call('POST', API.workshops, { token: admin, body: workshopBody(masterId) })).body.workshop.id;
    customerId = (await t.call('POST', API.customers, { token: admin, body: customerBody(buyerId) })).body.customer.id;
    stepId = (await t.call('POST', API.productionSteps, { token: admin, body: { step_name: 'Döküm' } })).body.production_step.id;
    productId = (await t.call('POST', API.products, { token: admin, body: { title: 'Yüzük', price: 100 } })).body.product.id;
    await t.call('PUT', API.routingBulk, { token: admin, body: { product_id: productId, steps: [{ step_id: stepId, position_in_process: 1 }] } });
    await t.call('PUT', API.workshopAssignProduct(workshopId), { token: admin, body: { product_id: productId } });
    await t.call('POST', API.manualOrder, { token: buyer, body: { ...order, products: [{ product_id: productId, quantity: 1 }] } });
    lineId = (await t.db.selectFrom('order_lines').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  /** Every row of every table above, in a stable order. */
  async function fingerprint(): Promise<string> {
    const all: Record<string, string[]> = {};
    for (const table of TABLES) all[table] = (await t.db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row)).sort();
    return JSON.stringify(all);
  }

  /** A request with a raw JSON text, for what JSON.stringify cannot write (1e999 parses to Infinity). */
  async function raw(method: InjectOptions['method'], url: string, token: string, payload: string) {
    const response = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    return { status: response.statusCode, body: response.json() };
  }

  type Case = [label: string, method: InjectOptions['method'], url: () => string, token: () => string | undefined, body: unknown];

  /** Each refused with 400 and `expected`, and the stored data unchanged after each. */
  async function expectRefused(cases: Case[], expected: (label: string) => object) {
    const before = await fingerprint();
    for (const [label, method, url, token, body] of cases) {
      const answer = await t.call(method, url(), { token: token(), body });
      expect({ label, status: answer.status, body: answer.body }).toEqual({ label, status: 400, body: expect.objectContaining(expected(label)) });
      expect(await fingerprint()).toBe(before);
    }
  }

  test('every route with an id in its path refuses 2147483648 with the 400 of a bad id, and takes 2147483647 as an id', async () => {
    await t.app.ready();
    const before = await fingerprint();
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
    // Satisfies the routes that read their body before their id.
    const body = { approved: true, product_gram: 5 };
    let checked = 0;
    for (const path of Object.values(API)) {
      if (typeof path !== 'function') continue;
      const pattern = path(':id', ':processId');
      const urls = [pattern.replace(':id', String(BIG)).replace(':processId', '1')];
      if (pattern.includes(':processId')) urls.push(pattern.replace(':id', String(workshopId)).replace(':processId', String(BIG)));
      for (const method of methods) {
        if (!t.app.hasRoute({ method, url: pattern })) continue;
        for (const url of urls) {
          // The first role the route lets in.
          let answer = await t.call(method, url, { token: admin, body });
          for (const token of [master, buyer]) if (answer.status === 403) answer = await t.call(method, url, { token, body });
          expect({ route: `${method} ${url}`, status: answer.status, body: answer.body }).toEqual({
            route: `${method} ${url}`,
            status: 400,
            body: expect.objectContaining(INVALID_ID),
          });
          let largest = await t.call(method, url.replace(String(BIG), String(LARGEST)), { token: admin, body });
          for (const token of [master, buyer]) if (largest.status === 403) largest = await t.call(method, url.replace(String(BIG), String(LARGEST)), { token, body });
          expect({ route: `${method} ${url}`, status: largest.status < 500, code: largest.body?.code }).toEqual({
            route: `${method} ${url}`,
            status: true,
            code: expect.not.stringMatching(/^INVALID_ID$/),
          });
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(await fingerprint()).toBe(before);
  });

  test('an id over 2147483647 in a body (product_id, user_id, step_id, workshop_id, product_ids[], ID, return step, shown step) is a 400', async () => {
    await expectRefused(
      [
        ['product_id', 'POST', () => API.productsWorkshop, () => admin, { product_id: BIG, workshop_id: workshopId }],
        ['workshop_id', 'POST', () => API.productsWorkshop, () => admin, { product_id: productId, workshop_id: BIG }],
        ['assign product_id', 'PUT', () => API.workshopAssignProduct(workshopId), () => admin, { product_id: BIG }],
        ['product_ids[] add', 'POST', () => API.workshopProducts(workshopId), () => admin, { product_ids: [productId, BIG] }],
        ['product_ids[] replace', 'PUT', () => API.workshopProducts(workshopId), () => admin, { product_ids: [BIG] }],
        ['product workshop_id', 'PUT', () => API.productWorkshop(productId), () => admin, { workshop_id: BIG }],
        ['process step_id', 'POST', () => API.workshopProcesses(workshopId), () => admin, { step_id: BIG }],
        ['routing product_id', 'PUT', () => API.routingBulk, () => admin, { product_id: BIG, steps: [] }],
        ['routing step_id', 'PUT', () => API.routingBulk, () => admin, { product_id: productId, steps: [{ step_id: BIG, position_in_process: 1 }] }],
        ['workshop user_id', 'POST', () => API.workshops, () => admin, { ...workshopBody(BIG), code: 'U-2' }],
        ['customer user_id', 'POST', () => API.customers, () => admin, customerBody(BIG)],
        ['store user_id', 'POST', () => API.shop, () => admin, { user_id: BIG, shop_name: 's', api_key: 'k', api_secret: 's', access_token: 't' }],
        ['option value id', 'PUT', () => API.product(productId), () => admin, { title: 'Yüzük', material_id: BIG }],
        ['manual order product_id', 'POST', () => API.manualOrder, () => buyer, { ...order, products: [{ product_id: BIG, quantity: 1 }] }],
        ['changeUserRoles ID', 'POST', () => API.changeUserRoles, () => admin, [{ ID: BIG, Role: 3 }]],
        ['changeUserRoles Role', 'POST', () => API.changeUserRoles, () => admin, [{ ID: masterId, Role: BIG }]],
        ['return_step_id', 'PUT', () => API.qualityStatus(lineId), () => admin, { approved: false, return_step_id: BIG }],
        ['current_order_line_process', 'PATCH', () => API.myWorkshopNextStep(lineId), () => master, { current_order_line_process: BIG }],
      ],
      () => ({ error: expect.any(String) }),
    );
  });

  test('a number out of its column (position 1e308, amounts and grams of 1e999 = Infinity) is a 400 and stores nothing', async () => {
    const before = await fingerprint();
    const refused = [
      await t.call('PUT', API.routingBulk, { token: admin, body: { product_id: productId, steps: [{ step_id: stepId, position_in_process: 1e308 }] } }),
      await t.call('PUT', API.routingBulk, { token: admin, body: { product_id: productId, steps: [{ step_id: stepId, position_in_process: BIG }] } }),
      await t.call('PUT', API.product(productId), { token: admin, body: { title: 'Yüzük', price: 1e308 } }),
      await t.call('POST', API.expectedProductionDays(productId), { token: admin, body: { production_expected_days: 1e308 } }),
      await raw('PUT', API.routingBulk, admin, `{"product_id": ${productId}, "steps": [{"step_id": ${stepId}, "position_in_process": 1e999}]}`),
      await raw('PUT', API.customerCredit(customerId), admin, '{"credit": 1e999}'),
      await raw('PUT', API.product(productId), admin, '{"title": "Yüzük", "expected_weight": 1e999}'),
      await raw('POST', API.workmanshipRate(productId), admin, '{"workmanship_rate": -1e999}'),
      await raw('POST', API.myWorkshopGram(lineId), master, '{"product_gram": 1e999}'),
      await raw('PUT', API.correctGram(lineId), admin, '{"product_gram": 1e999}'),
      await raw('POST', API.manualOrder, buyer, `{"address": "x", "email": "a@example.com", "phone_number": "1", "country": "x", "zip_code": "1", "products": [{"product_id": ${productId}, "quantity": 1e999}]}`),
      await raw('PUT', API.generalSettings, admin, '{"system_email": "a@example.com", "phone": "1", "time_zone": "Europe/Istanbul", "currency": "TRY", "gram_tolerance_percent": 1e999}'),
    ];
    expect(refused.map((answer) => [answer.status, answer.body.code])).toEqual(refused.map(() => [400, 'VALIDATION']));
    expect(await fingerprint()).toBe(before);
  });

  test('a NUL or another control character in any text of any body is a 400 with one Turkish sentence, logged in or not', async () => {
    const none = () => undefined;
    const product = { title: 'Yüzük' };
    await expectRefused(
      [
        ['login username', 'POST', () => API.login, none, { username: 'a\u0000b', password: 'secret-pass' }],
        ['login password', 'POST', () => API.login, none, { username: 'admin', password: 'admin\u0000secret' }],
        ['register', 'POST', () => API.register, none, { username: 'yeni_kisi', email: 'yeni@example.com', password: 'secret\u0000' }],
        ['forgot password', 'POST', () => API.forgotPassword, none, { email: 'admin\u0000@example.com' }],
        ['reset password', 'POST', () => API.resetPassword, none, { token: 'abc\u0000', password: 'secret-pass' }],
        ['refresh', 'POST', () => API.refresh, none, { refresh_token: '\u0000' }],
        ['change password', 'POST', () => API.changePassword, () => admin, { username: 'admin', old_password: 'admin-secret', new_password: 'new\u0001secret' }],
        ['product title', 'POST', () => API.products, () => admin, { title: 'Yüzük\u0000' }],
        ['product vendor (escape)', 'PUT', () => API.product(productId), () => admin, { ...product, vendor: 'a\u001bb' }],
        ['product sku (DEL)', 'PUT', () => API.product(productId), () => admin, { ...product, sku: 'a\u007f' }],
        ['product group (C1)', 'PUT', () => API.product(productId), () => admin, { ...product, product_group: 'a\u0085b' }],
        ['carriage return', 'PUT', () => API.product(productId), () => admin, { ...product, category: 'a\rb' }],
        ['a key the route ignores', 'PUT', () => API.product(productId), () => admin, { ...product, colour: 'kırmızı\u0000' }],
        ['a key itself', 'PUT', () => API.product(productId), () => admin, { ...product, 'ti\u0000tle': 'x' }],
        ['step name', 'POST', () => API.productionSteps, () => admin, { step_name: 'Cila\u0000' }],
        ['workshop name', 'PUT', () => API.workshop(workshopId), () => admin, { ...workshopBody(masterId), name: 'Usta\u0000' }],
        ['customer address', 'POST', () => API.customers, () => admin, { ...customerBody(buyerId), address: 'x\u0000' }],
        ['store secret', 'POST', () => API.shop, () => admin, { user_id: buyerId, shop_name: 's', api_key: 'k', api_secret: 's\u0000', access_token: 't' }],
        ['settings phone', 'PUT', () => API.generalSettings, () => admin, { system_email: 'a@example.com', phone: '1\u0000', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10 }],
        ['order notes', 'POST', () => API.manualOrder, () => buyer, { ...order, notes: 'not\u0000', products: [{ product_id: productId, quantity: 1 }] }],
        ['nested in an order row', 'POST', () => API.manualOrder, () => buyer, { ...order, products: [{ product_id: productId, quantity: 1, note: ['\u0000'] }] }],
      ],
      () => ({ code: 'VALIDATION', error: CONTROL_SENTENCE }),
    );
  });

  test('newline and tab are text like any other, stored as sent on both databases', async () => {
    const created = await t.call('POST', API.products, { token: admin, body: { title: 'Yüzük\tA', vendor: 'Satır 1\nSatır 2' } });
    expect(created).toMatchObject({ status: 201, body: { product: { title: 'Yüzük\tA', vendor: 'Satır 1\nSatır 2' } } });
    const placed = await t.call('POST', API.manualOrder, { token: buyer, body: { ...order, notes: 'Kutu\n\tHediye', products: [{ product_id: productId, quantity: 1 }] } });
    expect(placed.status).toBe(201);
    expect((await t.db.selectFrom('orders').select('notes').where('id', '=', placed.body.order.id).executeTakeFirstOrThrow()).notes).toBe('Kutu\n\tHediye');
  });
});
