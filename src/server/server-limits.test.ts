import { sql } from 'kysely';
import { testDatabases } from '../../test/databases';
import { startTestApp, type TestApp } from '../../test/server';
import { API } from '../shared/api';
import { FIRST_LINES_PAGE, LINES_PAGE, workingSet } from './modules/order-lines/queries';

/*
 * Limits that protect the server: units per manual order (MAX_UNITS_PER_ORDER) and product rows per
 * order, optional paging on every list route, and PostgreSQL's statement timeout
 * (DB_STATEMENT_TIMEOUT_MS) that cuts a slow statement off but not a streamed list.
 */

const PAGING_SENTENCE = 'Sayfalama geçersiz: limit 1 ile 10000 arasında, offset 0 veya daha büyük bir tam sayı olmalıdır.';
const order = { address: 'Bağdat Cd. 1', email: 'alici@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000' };

/** An admin, a workshop master with a workshop, a buyer with a customer record and `products` products in that workshop. */
async function setUp(t: TestApp, products: number) {
  const admin = (await t.login()).token;
  const master = await t.newUser('usta_limit');
  const buyer = await t.newUser('alici_limit');
  await t.call('POST', API.changeUserRoles, { token: admin, body: [{ ID: master.user_id, Role: 3 }, { ID: buyer.user_id, Role: 5 }] });
  const workshopId = (
    await t.call('POST', API.workshops, {
      token: admin,
      body: { name: 'Usta', code: 'U-1', address: 'x', company_name: 'x', phone_number: '1', tax_number: '1', user_id: master.user_id },
    })
  ).body.workshop.id as number;
  const customerId = (
    await t.call('POST', API.customers, {
      token: admin,
      body: { name: 'Alıcı', email: 'a@example.com', phone: '1', address: 'x', company_name: 'x', credit: 1_000_000_000, tax_number: '1', user_id: buyer.user_id },
    })
  ).body.customer.id as number;
  const productIds: number[] = [];
  for (let i = 0; i < products; i += 1) productIds.push((await t.call('POST', API.products, { token: admin, body: { title: `Ürün ${i}`, price: 10 } })).body.product.id);
  await t.call('POST', API.workshopProducts(workshopId), { token: admin, body: { product_ids: productIds } });
  return { admin, master: master.token, buyer: buyer.token, workshopId, customerId, productIds };
}

const count = async (t: TestApp, table: 'orders' | 'order_lines') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe.each(testDatabases())('units per manual order on $name', (database) => {
  test('by default an order of more than 1,000 units (200 products x 1,000 of the finding) is refused before anything is written', async () => {
    const t = await startTestApp(await database.create());
    try {
      const { buyer, productIds } = await setUp(t, 2);
      const post = (products: Array<{ product_id: number; quantity: number }>) => t.call('POST', API.manualOrder, { token: buyer, body: { ...order, products } });
      const tooMany = { status: 400, body: { code: 'ORDER_TOO_LARGE', error: 'Bir siparişte en fazla 1000 adet ürün olabilir.' } };
      const rows200 = Array.from({ length: 200 }, (_, i) => ({ product_id: productIds[i % 2], quantity: 1000 }));
      expect(await post(rows200)).toMatchObject(tooMany);
      expect(await post([{ product_id: productIds[0], quantity: 600 }, { product_id: productIds[1], quantity: 401 }])).toMatchObject(tooMany);
      expect(await post(Array.from({ length: 201 }, () => ({ product_id: productIds[0], quantity: 1 })))).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION', error: 'Bir siparişte en fazla 200 ürün satırı olabilir.' },
      });
      expect(await post([{ product_id: productIds[0], quantity: 1001 }])).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION', error: 'Bir üründen en fazla 1000 adet sipariş verilebilir.' },
      });
      expect([await count(t, 'orders'), await count(t, 'order_lines')]).toEqual([0, 0]);
    } finally {
      await t.close();
    }
  });

  test('MAX_UNITS_PER_ORDER sets the limit: up to it an order is taken whole, one unit more changes nothing', async () => {
    const t = await startTestApp(await database.create(), { MAX_UNITS_PER_ORDER: '5' });
    try {
      const { buyer, productIds } = await setUp(t, 2);
      const post = (a: number, b: number) =>
        t.call('POST', API.manualOrder, { token: buyer, body: { ...order, products: [{ product_id: productIds[0], quantity: a }, { product_id: productIds[1], quantity: b }] } });
      expect(await post(3, 3)).toMatchObject({ status: 400, body: { code: 'ORDER_TOO_LARGE', error: 'Bir siparişte en fazla 5 adet ürün olabilir.' } });
      expect([await count(t, 'orders'), await count(t, 'order_lines')]).toEqual([0, 0]);
      expect(await post(3, 2)).toMatchObject({ status: 201, body: { order: { lines: 5 } } });
      expect([await count(t, 'orders'), await count(t, 'order_lines')]).toEqual([1, 5]);
    } finally {
      await t.close();
    }
  });
});

describe.each(testDatabases())('paging of the list routes on $name', (database) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof setUp>>;
  /** Ids of every line, newest first (the order of the line lists). */
  let lineIds: number[];
  beforeAll(async () => {
    // 1,200 lines: more than one chunk (1,000) of a streamed list.
    t = await startTestApp(await database.create(), { MAX_UNITS_PER_ORDER: '1200' });
    s = await setUp(t, 3);
    const placed = await t.call('POST', API.manualOrder, {
      token: s.buyer,
      body: { ...order, products: s.productIds.map((product_id) => ({ product_id, quantity: 400 })) },
    });
    expect(placed.status).toBe(201);
    lineIds = (await t.db.selectFrom('order_lines').select('id').orderBy('id', 'desc').execute()).map((row) => row.id);
  });
  afterAll(() => t.close());

  const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

  test('without paging parameters a line list is the whole list, streamed past its first chunk', async () => {
    const all = await t.call('GET', API.orders, { token: s.admin });
    expect(all.status).toBe(200);
    expect(ids(all.body.orders)).toEqual(lineIds);
    for (const [url, token] of [
      [API.orderProductsDetailed, s.admin],
      [API.myWorkshopOrders, s.master],
      [API.myCustomerOrders, s.buyer],
      [API.workshopOrders(s.workshopId), s.admin],
      [API.customerOrders(s.customerId), s.admin],
    ] as const) {
      expect(ids((await t.call('GET', url, { token })).body.orders)).toEqual(lineIds);
    }
  });

  test('?limit= and ?offset= give a window of the same order, across the chunk boundary too', async () => {
    const page = async (query: string, url: string = API.orders, token = s.admin) => ids((await t.call('GET', `${url}?${query}`, { token })).body.orders);
    expect(await page('limit=2')).toEqual(lineIds.slice(0, 2));
    expect(await page('offset=1&limit=2')).toEqual(lineIds.slice(1, 3));
    expect(await page('offset=990&limit=20')).toEqual(lineIds.slice(990, 1010));
    expect(await page('limit=1100')).toEqual(lineIds.slice(0, 1100));
    expect(await page('offset=1150')).toEqual(lineIds.slice(1150));
    expect(await page('offset=5000')).toEqual([]);
    expect(await page('offset=10&limit=5', API.myWorkshopOrders, s.master)).toEqual(lineIds.slice(10, 15));
    expect(await page('offset=10&limit=5', API.customerOrders(s.customerId))).toEqual(lineIds.slice(10, 15));
    const products = (await t.call('GET', API.products, { token: s.admin })).body.products as Array<{ id: number }>;
    expect(ids((await t.call('GET', `${API.products}?offset=1&limit=1`, { token: s.admin })).body.products)).toEqual(ids(products).slice(1, 2));
  });

  test('a reader that stops halfway through a streamed list holds no connection meanwhile', async () => {
    const reading = (await workingSet(t.db, { userId: 0 }, null)).pages;
    // The first page is a screen's worth, shown while the rest is read; then whole pages.
    const first = (await reading.next()).value;
    expect(first).toHaveLength(FIRST_LINES_PAGE);
    expect(first?.[0]).toMatchObject({ id: lineIds[0] });
    // SQLite has one connection: a cursor held open here would keep every other request waiting.
    expect((await t.call('GET', API.me, { token: s.admin })).status).toBe(200);
    expect((await t.call('GET', `${API.orders}?limit=1`, { token: s.admin })).body.orders).toHaveLength(1);
    const second = (await reading.next()).value;
    expect(second).toHaveLength(LINES_PAGE);
    expect(second?.[0]).toMatchObject({ id: lineIds[FIRST_LINES_PAGE] });
    await reading.return(undefined);
  });

  test('a page asked for that fits in one page of lines is read in one, as it is sent', async () => {
    const sizes = async (page: { offset: number; limit: number }) => {
      const read: number[] = [];
      for await (const lines of (await workingSet(t.db, { userId: 0 }, null, page)).pages) read.push(lines.length);
      return read;
    };
    expect(await sizes({ offset: 10, limit: 500 })).toEqual([500]);
    expect(await sizes({ offset: 0, limit: LINES_PAGE + 1 })).toEqual([FIRST_LINES_PAGE, LINES_PAGE - FIRST_LINES_PAGE + 1]);
  });

  test("the office's list reads its ids a slice of the key at a time: each line once and in order, across gaps, with others served between reads", async () => {
    // Lines closed before the window leave a gap in the key that whole slices fall into.
    const gap = lineIds.slice(300, 900);
    await t.db.updateTable('order_lines').set({ closed_at: '2000-01-01T00:00:00.000Z' }).where('id', 'in', gap).execute();
    try {
      const inWindow = lineIds.filter((id) => !gap.includes(id));
      const read = async (options: Parameters<typeof workingSet>[3]) => {
        const { total, pages } = await workingSet(t.db, { userId: 0 }, '2020-01-01T00:00:00.000Z', options);
        const seen: number[] = [];
        for await (const page of pages) seen.push(...page.map((line) => line.id));
        return { total, seen };
      };
      // Between two reads of the key the event loop takes a turn: another request would be served there.
      let turns = 0;
      let counting = true;
      const count = () => {
        turns++;
        if (counting) setImmediate(count);
      };
      setImmediate(count);
      const whole = await read({ keySlice: 7 });
      counting = false;
      expect(whole).toEqual({ total: inWindow.length, seen: inWindow });
      // SQLite answers synchronously, so only its turns are the list's own; PostgreSQL's answers
      // arrive as I/O, whose turns depend on how busy the machine is.
      if (database.name === 'sqlite') expect(turns).toBeGreaterThan(lineIds.length / 7 / 2);
      expect(await read({ offset: 250, limit: 100, keySlice: 7 })).toEqual({ total: 100, seen: inWindow.slice(250, 350) });
      expect(await read({ offset: 590, keySlice: 7 })).toEqual({ total: 10, seen: inWindow.slice(590) });
      expect(await read({ offset: 600, keySlice: 7 })).toEqual({ total: 0, seen: [] });
    } finally {
      await t.db.updateTable('order_lines').set({ closed_at: null }).where('id', 'in', gap).execute();
    }
  });

  test('every list route takes the paging parameters and refuses bad ones with 400', async () => {
    const lists: Array<[url: string, key: string, token: string]> = [
      [API.users, 'users', s.admin],
      [API.roles, 'roles', s.admin],
      [API.productionSteps, 'production_steps', s.admin],
      [API.statuses, 'statuses', s.admin],
      [API.qualityControlStatuses, 'quality_control_statuses', s.admin],
      [API.packingStatuses, 'packing_statuses', s.admin],
      [API.products, 'products', s.admin],
      [API.products, 'products', s.buyer],
      [API.productOptions, 'product_options', s.admin],
      [API.productOptionValues, 'product_option_values', s.admin],
      [API.optionValuesOfOption(1), 'product_option_values', s.admin],
      [API.productionProcess(s.productIds[0]), 'product_production_steps', s.admin],
      [API.shop, 'shops', s.admin],
      [API.workshops, 'workshops', s.admin],
      [API.workshopOrders(s.workshopId), 'orders', s.admin],
      [API.workshopProcesses(s.workshopId), 'processes', s.admin],
      [API.workshopProducts(s.workshopId), 'products', s.admin],
      [API.b2bCustomers, 'customers', s.admin],
      [API.customerOrders(s.customerId), 'orders', s.admin],
      [API.orders, 'orders', s.admin],
      [API.orderProductsDetailed, 'orders', s.admin],
      [API.lineHistory(lineIds[0]), 'history', s.admin],
      [API.myWorkshopOrders, 'orders', s.master],
      [API.myCustomerOrders, 'orders', s.buyer],
    ];
    for (const [url, key, token] of lists) {
      const whole = await t.call('GET', url, { token });
      expect({ url, status: whole.status, isList: Array.isArray(whole.body[key]) }).toEqual({ url, status: 200, isList: true });
      const one = await t.call('GET', `${url}?limit=1`, { token });
      expect({ url, status: one.status, rows: one.body[key] }).toEqual({ url, status: 200, rows: whole.body[key].slice(0, 1) });
      const rest = await t.call('GET', `${url}?offset=1`, { token });
      expect({ url, rows: rest.body[key] }).toEqual({ url, rows: whole.body[key].slice(1) });
      for (const query of ['limit=0', 'limit=10001', 'limit=abc', 'limit=', 'limit=1.5', 'offset=-1', 'offset=2147483648', 'limit=1&limit=2']) {
        const bad = await t.call('GET', `${url}?${query}`, { token });
        expect({ url, query, status: bad.status, body: bad.body }).toEqual({ url, query, status: 400, body: { code: 'VALIDATION', error: PAGING_SENTENCE, message: { key: 'validation:pagingInvalid', values: {} } } });
      }
    }
    const workshopProducts = (await t.call('GET', `${API.workshopProducts(s.workshopId)}?offset=1&limit=1`, { token: s.admin })).body;
    expect(workshopProducts.product_ids).toEqual([s.productIds[1]]);
    expect(ids(workshopProducts.products)).toEqual([s.productIds[1]]);
  });

  test("a line placed while the office's list is being read loses it no older line", async () => {
    // Counted first, read after: the new line takes a place on the first page, and the rest still runs to the oldest line.
    const { total, pages } = await workingSet(t.db, { userId: 0 }, null, { keySlice: (lineIds.length - FIRST_LINES_PAGE) / 100 });
    expect(total).toBe(lineIds.length);
    const placed = await t.call('POST', API.manualOrder, { token: s.buyer, body: { ...order, products: [{ product_id: s.productIds[0], quantity: 1 }] } });
    expect(placed.status).toBe(201);
    const [added] = (await t.db.selectFrom('order_lines').select('id').orderBy('id', 'desc').limit(1).execute()).map((row) => row.id);
    try {
      const seen: number[] = [];
      for await (const page of pages) seen.push(...page.map((line) => line.id));
      expect(seen).toEqual([added, ...lineIds]);
    } finally {
      // Out of the working set again, for the tests after this one.
      await t.db.updateTable('order_lines').set({ closed_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', added).execute();
    }
  });
});

const postgres = testDatabases().find((database) => database.name === 'postgres');

// SQLite runs in process and has no statement timeout.
(postgres ? describe : describe.skip)('statement timeout on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(await postgres!.create(), { DB_STATEMENT_TIMEOUT_MS: '200' });
    // A route over a slow statement, the way any route would meet one.
    t.app.get('/test/slow', async () => sql`select pg_sleep(30)`.execute(t.db));
  });
  afterAll(() => t.close());

  test('a slow statement is cancelled with a clean error, and the pool serves the next one', async () => {
    await expect(sql`select pg_sleep(30)`.execute(t.db)).rejects.toMatchObject({ code: '57014' });
    expect((await sql<{ one: number }>`select 1 as one`.execute(t.db)).rows).toEqual([{ one: 1 }]);
    const answer = await t.call('GET', '/test/slow');
    expect(answer).toMatchObject({ status: 503, body: { code: 'DATABASE_BUSY', error: 'Sunucu şu anda çok yoğun. Lütfen birkaç saniye sonra tekrar deneyin.' } });
    expect(answer.headers['retry-after']).toBe('5');
    expect((await t.call('POST', API.login, { body: { username: 'admin', password: 'admin-secret' } })).status).toBe(200);
  });

  test('a streamed list is read in short queries: no statement stays open while the reader pauses, so a slow reader is never cut off', async () => {
    const { buyer, productIds } = await setUp(t, 1);
    // More lines than one page, placed as orders of 91: under the 200 ms statement timeout one order
    // of 1,001 lines was a single insert that a busy machine took longer over (503).
    for (let i = 0; i < 11; i++) {
      const placed = await t.call('POST', API.manualOrder, { token: buyer, body: { ...order, products: [{ product_id: productIds[0], quantity: 91 }] } });
      expect(placed.status).toBe(201);
    }
    const ids = (await t.db.selectFrom('order_lines').select('id').orderBy('id', 'desc').execute()).map((row) => row.id);
    const seen: number[] = [];
    // While the reader holds the first page, nothing of the list is running or open in the database:
    // a cursor would be a statement open across the pause, which the timeout times as a whole.
    const openElsewhere = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and (state = 'active' or state like 'idle in transaction%')`.execute(t.db)
        ).rows[0].n,
      );
    const paused: number[] = [];
    for await (const page of (await workingSet(t.db, { userId: 0 }, null)).pages) {
      if (seen.length === 0) paused.push(await openElsewhere());
      seen.push(...page.map((line) => line.id));
    }
    expect(paused).toEqual([0]);
    expect(seen).toEqual(ids);
  });
});
