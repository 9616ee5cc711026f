/*
 * Cheap re-reads: every everyday list answers an ETag, and a read naming it answers 304 with no
 * body while nothing its reader sees has changed; a change in its scope, a moved window, a product
 * renamed or a pruned change log make it a whole answer again, another workshop's change does not.
 */
import { CompiledQuery } from 'kysely';
import { type Fixture, startFixture } from '../../../../test/fixture';
import { testDatabases } from '../../../../test/databases';
import { API, type OrderLineDto } from '../../../shared/api';
import { LINES_MEDIA_TYPE } from '../../../shared/lineWire';
import { FORECAST_JOB, forecastJobKey } from '../../../shared/forecast';
import { pruneChanges } from '../live/retention';
import { timelinesOf, versionQuery } from './list-versions';

describe.each(testDatabases())('list ETags on $name', (database) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(await database.create());
  }, 120_000);
  afterAll(() => f?.close());

  const read = (who: string, url: string, headers: Record<string, string> = {}) =>
    f.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${f.caller(who).token}`, ...headers } });
  /** The list's tag now, from a whole answer. */
  const tagOf = async (who: string, url: string, headers: Record<string, string> = {}) => {
    const answer = await read(who, url, headers);
    expect([url, answer.statusCode]).toEqual([url, 200]);
    return answer.headers.etag as string;
  };
  const again = async (who: string, url: string, tag: string) => (await read(who, url, { 'if-none-match': tag })).statusCode;
  const ok = async (who: string, method: 'PATCH' | 'PUT', url: string, body: unknown) => {
    const answer = await f.t.call(method, url, { token: f.caller(who).token, body });
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  };

  const lists = (): Array<[string, string]> => [
    ['admin', API.orders],
    ['office', API.orderProductsDetailed],
    ['workshop', API.myWorkshopOrders],
    ['customer', API.orders],
    ['customer', API.myCustomerOrders],
    ['admin', API.workshopOrders(f.ids.workshop)],
    ['admin', API.customerOrders(f.ids.customer)],
  ];
  /** Workshop A's and customer A's lists, and B's, as the office and they themselves read them. */
  const scopeA = (): Array<[string, string]> => [
    ['workshop', API.myWorkshopOrders],
    ['customer', API.myCustomerOrders],
    ['admin', API.workshopOrders(f.ids.workshop)],
    ['admin', API.customerOrders(f.ids.customer)],
    ['admin', API.orders],
  ];
  const scopeB = (): Array<[string, string]> => [
    ['other workshop', API.myWorkshopOrders],
    ['other customer', API.myCustomerOrders],
    ['admin', API.workshopOrders(f.ids.otherWorkshop)],
    ['admin', API.customerOrders(f.ids.otherCustomer)],
  ];
  const tagsOf = (entries: Array<[string, string]>) => Promise.all(entries.map(async ([who, url]) => [who, url, await tagOf(who, url)] as const));
  const statuses = async (tags: ReadonlyArray<readonly [string, string, string]>) => Promise.all(tags.map(async ([who, url, tag]) => [who, url, await again(who, url, tag)]));

  test('each list read again with its own tag answers 304 without a body, still not stored by the browser', async () => {
    for (const [who, url] of lists()) {
      const tag = await tagOf(who, url);
      expect(tag).toMatch(/^"[\w-]+"$/);
      const answer = await read(who, url, { 'if-none-match': tag });
      expect([who, url, answer.statusCode, answer.body, answer.headers.etag, answer.headers['cache-control']]).toEqual([who, url, 304, '', tag, 'no-store']);
    }
  });

  test('without If-None-Match, or with another tag, the list is answered whole', async () => {
    const tag = await tagOf('workshop', API.myWorkshopOrders);
    expect((await read('workshop', API.myWorkshopOrders)).statusCode).toBe(200);
    expect(await again('workshop', API.myWorkshopOrders, '"another"')).toBe(200);
    expect(await again('workshop', API.myWorkshopOrders, `"other", W/${tag}`)).toBe(304);
  });

  test("each form has its own tag: the compact format, another reader's fields, another page, another scope", async () => {
    const json = await tagOf('admin', API.orders);
    const wire = await tagOf('admin', API.orders, { accept: LINES_MEDIA_TYPE });
    expect(await again('admin', API.orders, wire)).toBe(200);
    expect((await read('admin', API.orders, { accept: LINES_MEDIA_TYPE, 'if-none-match': wire })).statusCode).toBe(304);
    expect(await again('admin', `${API.orders}?limit=1`, json)).toBe(200);
    // The office's copy of customer A's lines carries what the workshop is paid; the customer's does not.
    expect(await again('customer', API.myCustomerOrders, await tagOf('admin', API.customerOrders(f.ids.customer)))).toBe(200);
    expect(await again('admin', API.workshopOrders(f.ids.otherWorkshop), await tagOf('admin', API.workshopOrders(f.ids.workshop)))).toBe(200);
  });

  test("a change of a line answers its scope's lists whole again; another workshop's and customer's lists stay 304", async () => {
    const [a, b] = [await tagsOf(scopeA()), await tagsOf(scopeB())];
    await ok('workshop', 'PATCH', API.myWorkshopApprove(f.ids.line), { approved: true });
    expect(await statuses(a)).toEqual(scopeA().map(([who, url]) => [who, url, 200]));
    expect(await statuses(b)).toEqual(scopeB().map(([who, url]) => [who, url, 304]));
  });

  test('a product renamed answers the lists whole again, with its new title', async () => {
    const tags = await tagsOf(scopeA());
    const product = (await f.t.call('GET', API.product(f.ids.product), { token: f.caller('admin').token })).body.product;
    await ok('admin', 'PUT', API.product(f.ids.product), { ...pick(product), title: 'Yeni Yüzük' });
    expect(await statuses(tags)).toEqual(scopeA().map(([who, url]) => [who, url, 200]));
    const lines = JSON.parse((await read('workshop', API.myWorkshopOrders)).body).orders as OrderLineDto[];
    expect(lines.find((line) => line.id === f.ids.line)?.product_title).toBe('Yeni Yüzük');
  });

  test('working_set_days changed answers every list whole again', async () => {
    const tags = await tagsOf(lists());
    const settings = (await f.t.call('GET', API.generalSettings, { token: f.caller('admin').token })).body.settings;
    await ok('admin', 'PUT', API.generalSettings, { ...settings, working_set_days: settings.working_set_days + 1 });
    expect(await statuses(tags)).toEqual(lists().map(([who, url]) => [who, url, 200]));
  });

  test('a scope whose changes were all pruned never reads as it did before them', async () => {
    const { db } = f.t;
    // Workshop B's lines as the log would have them had they never changed (written before the log).
    await db.deleteFrom('order_line_changes').where((eb) => eb.or([eb('workshop_id', '=', f.ids.otherWorkshop), eb('previous_workshop_id', '=', f.ids.otherWorkshop)])).execute();
    const before = await tagOf('other workshop', API.myWorkshopOrders);
    await ok('other workshop', 'PATCH', API.myWorkshopApprove(f.ids.otherLine), { approved: true });
    // A later change elsewhere, so every change of workshop B may go (the newest one always stays).
    const { id: _id, ...change } = await db.selectFrom('order_line_changes').selectAll().where('workshop_id', '=', f.ids.workshop).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await db.insertInto('order_line_changes').values({ ...change, created_at: new Date().toISOString() }).execute();
    expect(await pruneChanges(db, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    expect(await db.selectFrom('order_line_changes').select('id').where('workshop_id', '=', f.ids.otherWorkshop).execute()).toEqual([]);
    expect(await again('other workshop', API.myWorkshopOrders, before)).toBe(200);
  });

  test("a list of one page is sent again as kept, to any reader of its scope, until its tag moves", async () => {
    const url = API.myWorkshopOrders;
    const first = await read('workshop', url);
    // Written behind the line writer's back: no change is logged, so the list's tag stands.
    await f.t.db.updateTable('order_lines').set({ customer_note: 'Kayıtsız not' }).where('id', '=', f.ids.line).execute();
    const again = await read('workshop', url);
    expect([again.headers.etag, again.body]).toEqual([first.headers.etag, first.body]);
    // The office reads the same scope in the same form: the same answer, kept once.
    const office = await read('admin', API.workshopOrders(f.ids.workshop));
    expect([office.headers.etag, office.body]).toEqual([first.headers.etag, first.body]);
    const product = (await f.t.call('GET', API.product(f.ids.product), { token: f.caller('admin').token })).body.product;
    await ok('admin', 'PUT', API.product(f.ids.product), { ...pick(product), title: 'Kayıtlı Yüzük' });
    const lines = JSON.parse((await read('workshop', url)).body).orders as OrderLineDto[];
    expect(lines.find((line) => line.id === f.ids.line)).toMatchObject({ product_title: 'Kayıtlı Yüzük', customer_note: 'Kayıtsız not' });
  });

  test("the day's forecast job, which moves every open line's forecast without logging a change, moves every tag", async () => {
    const tags = await tagsOf(lists());
    const at = new Date().toISOString();
    const job = { kind: FORECAST_JOB, key: forecastJobKey(new Date()), payload: '{}', run_after: at, created_at: at, updated_at: at };
    await f.t.db.deleteFrom('jobs').where('key', '=', job.key).execute();
    await f.t.db.insertInto('jobs').values({ ...job, status: 'running' }).execute();
    expect(await statuses(tags)).toEqual(lists().map(([who, url]) => [who, url, 200]));
    const running = await tagsOf(lists());
    await f.t.db.updateTable('jobs').set({ status: 'done', updated_at: new Date(Date.now() + 1000).toISOString() }).where('key', '=', job.key).execute();
    expect(await statuses(running)).toEqual(lists().map(([who, url]) => [who, url, 200]));
  });

  test.each([
    ['the office', {}],
    ['a workshop', { workshopId: 1 }],
    ['a customer', { customerId: 1 }],
  ])("%s's list version is read over indexes alone, never a scan of the change log or a joined table", async (_who, owner) => {
    const compiled = versionQuery(f.t.db, timelinesOf({ userId: 0, ...owner })).compile();
    const { db } = f.t;
    const plan =
      database.name === 'sqlite'
        ? ((await db.executeQuery(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]))).rows as Array<{ detail: string }>).map((row) => row.detail).join('\n')
        : await db.transaction().execute(async (trx) => {
            await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
            const { rows } = await trx.executeQuery(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
            return (rows as Array<{ 'QUERY PLAN': string }>).map((row) => row['QUERY PLAN']).join('\n');
          });
    expect(plan).not.toMatch(/^SCAN (order_line_changes|products|workshops|customers|orders)$/m);
    expect(plan).not.toMatch(/Seq Scan on (order_line_changes|products|workshops|customers|orders)\b/);
  });
});

/** The product's own fields as its PUT takes them back. */
function pick(product: Record<string, unknown>) {
  const keys = ['title', 'price', 'workmanship_rate', 'production_expected_days', 'expected_weight', 'material_id', 'vendor', 'sku'];
  return Object.fromEntries(keys.filter((key) => product[key] !== undefined).map((key) => [key, product[key]]));
}
