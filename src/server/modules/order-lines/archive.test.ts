/*
 * The archive (GET API.lineArchive): who reads which lines, what it refuses, each filter, the
 * search, the sorts and the pages, and that its common queries are answered by indexes.
 */
import type { CompiledQuery } from 'kysely';
import { type Fixture, startFixture } from '../../../../test/fixture';
import { testDatabases } from '../../../../test/databases';
import { queryPlan } from '../../../../test/query-plan';
import { API, type ArchiveLineDto, type LineArchiveDto } from '../../../shared/api';
import { ARCHIVE_SORTS } from '../../../shared/schemas/archive';
import type { Db } from '../../db';
import { actorOf } from './actor';
import { archiveQuery, codeQuery, parseArchiveQuery } from './archive';
import { listLines } from './queries';

const DAY = 86_400_000;
const START = Date.parse('2025-03-01T09:00:00Z');
const dayOf = (n: number) => new Date(START + n * DAY).toISOString();

describe.each(testDatabases())('the archive on $name', (database) => {
  let f: Fixture;
  /** Line ids by what the test made them for. */
  const made: Record<string, number> = {};
  let order = '';

  const get = async (who: string, query: string) => f.t.call('GET', `${API.lineArchive}${query}`, { token: f.caller(who).token });
  const page = async (who: string, query: string): Promise<LineArchiveDto> => {
    const answer = await get(who, query);
    if (answer.status !== 200) throw new Error(`${query} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as LineArchiveDto;
  };
  /** Every page of a query, `limit` lines at a time, following `next`. */
  const allPages = async (who: string, query: string, limit: number): Promise<ArchiveLineDto[]> => {
    const lines: ArchiveLineDto[] = [];
    let after: string | null = null;
    do {
      const answer: LineArchiveDto = await page(who, `?${query}${query ? '&' : ''}limit=${limit}${after ? `&after=${after}` : ''}`);
      expect(answer.orders.length).toBeLessThanOrEqual(limit);
      expect(answer.has_more).toBe(answer.next !== null);
      lines.push(...answer.orders);
      after = answer.next;
    } while (after !== null);
    return lines;
  };
  const ids = (lines: ArchiveLineDto[]) => lines.map((line) => line.id);

  beforeAll(async () => {
    f = await startFixture(await database.create());
    const { db } = f.t;
    const place = async (buyer: string, productId: number, first_name: string, last_name: string) => {
      const body = { address: 'Bağdat Cd. 1', email: 'a@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', first_name, last_name, credit_exceeded_confirmed: true, products: [{ product_id: productId, quantity: 1 }] };
      const answer = await f.t.call('POST', API.manualOrder, { token: f.caller(buyer).token, body });
      if (answer.status !== 201) throw new Error(`order answered ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.order.first_line_id as number;
    };
    made.sukru = await place('customer', f.ids.product, 'Şükrü', 'İnce');
    made.isik = await place('customer', f.ids.otherProduct, 'Ayşe', 'IŞIK');
    made.other = await place('other customer', f.ids.product, 'Deniz', 'Yıldız');
    made.closed = await place('other customer', f.ids.otherProduct, 'Can', 'Öz');
    // Made on days a month apart, two of them at the very same instant (the sort's ties).
    const all = await db.selectFrom('order_lines').select('id').orderBy('id').execute();
    for (const [index, { id }] of all.entries()) await db.updateTable('order_lines').set({ created_at: dayOf(index === 2 ? 30 : index * 30) }).where('id', '=', id).execute();
    const cancel = await f.t.call('PUT', API.cancelLine(made.closed), { token: f.caller('admin').token, body: { reason: 'Müşteri vazgeçti' } });
    expect(cancel.status).toBe(200);
    await db.updateTable('order_lines').set({ shipment_tracking_number: 'YK123456789' }).where('id', '=', made.isik).execute();
    order = (await db.selectFrom('orders as o').innerJoin('order_lines as l', 'l.order_id', 'o.id').select('o.order_number').where('l.id', '=', made.closed).executeTakeFirstOrThrow()).order_number;
  }, 120_000);
  afterAll(() => f?.close());

  test.each(['admin', 'office', 'workshop', 'other workshop', 'customer', 'other customer'])('%s reads exactly the lines it may read, each once over the pages, as every line route answers them', async (name) => {
    const { db } = f.t;
    const caller = f.caller(name);
    const user = await db.selectFrom('users').select(['id', 'role_id']).where('id', '=', caller.userId!).executeTakeFirstOrThrow();
    const workshop = await db.selectFrom('workshops').select('id').where('user_id', '=', user.id).executeTakeFirst();
    const customer = await db.selectFrom('customers').select('id').where('user_id', '=', user.id).executeTakeFirst();
    const actor = actorOf({ id: user.id, role: user.role_id as never, workshopId: workshop?.id ?? null, customerId: customer?.id ?? null })!;
    const expected = await listLines(db, actor);
    const read = await allPages(name, '', 2);
    expect(ids(read).sort((a, b) => a - b)).toEqual(ids(expected as ArchiveLineDto[]).sort((a, b) => a - b));
    expect(read.length).toBeGreaterThan(0);
    const byId = new Map(expected.map((line) => [line.id, line]));
    for (const line of read) {
      expect(line).toEqual(byId.get(line.id));
      expect('product_cost' in line).toBe(!name.includes('customer'));
      expect(line.closed_at === null).toBe(line.canceled_at === null);
    }
  });

  test('another workshop or customer finds nothing of a line not its own, by filter or by code', async () => {
    const barcode = (await f.t.db.selectFrom('order_lines').select('barcode').where('id', '=', made.closed).executeTakeFirstOrThrow()).barcode;
    expect((await page('customer', `?q=${barcode}`)).orders).toEqual([]);
    expect((await page('customer', `?customer_id=${f.ids.otherCustomer}`)).orders).toEqual([]);
    expect((await page('workshop', `?q=${encodeURIComponent(order)}`)).orders).toEqual([]);
    expect((await page('workshop', `?workshop_id=${f.ids.otherWorkshop}`)).orders).toEqual([]);
    expect(ids((await page('other workshop', `?q=${barcode}`)).orders)).toEqual([made.closed]);
  });

  test.each([
    ['an unknown filter', '?customer=1', 'validation:archiveFilterUnknown'],
    ['a date without its zone', '?from=2025-03-01', 'validation:archiveDateInvalid'],
    ['another kind of date', '?date=updated', 'validation:archiveDateKindInvalid'],
    ['an id that is no id', '?workshop_id=0', 'validation:archiveIdInvalid'],
    ['an id past the integer range', '?customer_id=2147483648', 'validation:archiveIdInvalid'],
    ['a repeated filter', '?status_id=1&status_id=2', 'validation:archiveIdInvalid'],
    ['a column not sorted on', '?sort=total_price', 'validation:archiveSortInvalid'],
    ['another direction', '?dir=up', 'validation:archiveSortInvalid'],
    ['too large a page', '?limit=501', 'validation:archiveLimitInvalid'],
    ['a page marker not made by the archive', '?after=bm90IGEgY3Vyc29y', 'validation:archiveCursorInvalid'],
    ['a page marker whose date is no date', `?after=${Buffer.from(JSON.stringify(['abc', 1])).toString('base64url')}`, 'validation:archiveCursorInvalid'],
    ['a page marker of another sort', `?sort=id&after=${Buffer.from(JSON.stringify(['2025-03-01T09:00:00.000Z', 1])).toString('base64url')}`, 'validation:archiveCursorInvalid'],
    ['a page marker holding a NUL', `?sort=order_number&after=${Buffer.from(JSON.stringify(['B2B\u0000', 1])).toString('base64url')}`, 'validation:archiveCursorInvalid'],
    ['too long a search', `?q=${'a'.repeat(101)}`, 'validation:archiveSearchInvalid'],
  ])('%s is refused with 400 and its sentence', async (_what, query, key) => {
    const answer = await get('admin', query);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION', message: { key } });
    expect(answer.body.error).toBe(require('../../../../locales/tr/validation.json')[key.split(':')[1]]);
  });

  test('each filter keeps only its lines', async () => {
    const { db } = f.t;
    const lines = await db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select(['l.id', 'l.workshop_id', 'l.product_id', 'l.order_line_status_id', 'o.customer_id', 'l.created_at', 'l.closed_at']).execute();
    const expect_ = async (query: string, keep: (line: (typeof lines)[number]) => boolean) =>
      expect(ids(await allPages('admin', query, 500)).sort((a, b) => a - b)).toEqual(lines.filter(keep).map((line) => line.id).sort((a, b) => a - b));
    await expect_(`customer_id=${f.ids.customer}`, (line) => line.customer_id === f.ids.customer);
    await expect_(`workshop_id=${f.ids.otherWorkshop}`, (line) => line.workshop_id === f.ids.otherWorkshop);
    await expect_(`product_id=${f.ids.product}`, (line) => line.product_id === f.ids.product);
    await expect_(`status_id=1`, (line) => line.order_line_status_id === 1);
    // A month of lines: the 30th day to the 60th, both included; an instant in another zone reads as the same.
    await expect_(`from=${encodeURIComponent('2025-03-31T12:00:00+03:00')}&to=${encodeURIComponent(dayOf(60))}`, (line) => Date.parse(line.created_at) >= Date.parse(dayOf(30)) && Date.parse(line.created_at) <= Date.parse(dayOf(60)));
    await expect_(`date=closed&from=${encodeURIComponent(new Date(Date.now() - DAY).toISOString())}`, (line) => line.closed_at !== null);
    expect(lines.filter((line) => line.closed_at !== null).map((line) => line.id)).toEqual([made.closed]);
    await expect_(`customer_id=${f.ids.customer}&product_id=${f.ids.otherProduct}`, (line) => line.customer_id === f.ids.customer && line.product_id === f.ids.otherProduct);
  });

  test('a closed line is found by its barcode and its order number; a line by its tracking number; by name in any case of Turkish letters', async () => {
    const barcode = (await f.t.db.selectFrom('order_lines').select('barcode').where('id', '=', made.closed).executeTakeFirstOrThrow()).barcode;
    const search = async (q: string) => ids((await page('admin', `?q=${encodeURIComponent(q)}`)).orders).sort((a, b) => a - b);
    expect(await search(barcode)).toEqual([made.closed]);
    expect(await search(order)).toEqual([made.closed]);
    expect(await search(` ${order} `)).toEqual([made.closed]);
    expect(await search('YK123456789')).toEqual([made.isik]);
    expect(await search('ŞÜKRÜ İNCE')).toEqual([made.sukru]);
    expect(await search('sükrü ince'.replace('s', 'ş'))).toEqual([made.sukru]);
    expect(await search('işık')).toEqual([made.isik]);
    expect(await search('ISIK')).toEqual([]);
    expect(await search('yıldız')).toEqual([made.other]);
    expect(await search('%')).toEqual([]);
    expect(await search('YK1234')).toEqual([]);
  });

  test.each(ARCHIVE_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const)))('sorted on %s %s, page after page, without a line twice or left out', async (sort, dir) => {
    const whole = (await page('admin', `?sort=${sort}&dir=${dir}&limit=500`)).orders;
    const paged = await allPages('admin', `sort=${sort}&dir=${dir}`, 2);
    expect(ids(paged)).toEqual(ids(whole));
    expect(new Set(ids(paged)).size).toBe(paged.length);
    const value = (line: ArchiveLineDto) => (sort === 'id' ? line.id : line[sort]);
    const compare = (a: ArchiveLineDto, b: ArchiveLineDto) => {
      const [x, y] = [value(a), value(b)];
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      const order = sort.endsWith('_at') ? Date.parse(String(x)) - Date.parse(String(y)) : x < y ? -1 : x > y ? 1 : 0;
      return (dir === 'asc' ? order : -order) || (dir === 'asc' ? a.id - b.id : b.id - a.id);
    };
    expect(ids([...whole].sort(compare))).toEqual(ids(whole));
    expect(whole.length).toBe(6);
  });

  // Last of the lines' tests: its order adds lines the others do not count.
  test("an order's lines found by its number come a page at a time, each once", async () => {
    const body = { address: 'Bağdat Cd. 1', email: 'a@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', first_name: 'Sayfa', last_name: 'Sayfa', credit_exceeded_confirmed: true, products: [{ product_id: f.ids.product, quantity: 3 }] };
    const placed = await f.t.call('POST', API.manualOrder, { token: f.caller('customer').token, body });
    expect(placed.status).toBe(201);
    const { order_id: orderId } = await f.t.db.selectFrom('order_lines').select('order_id').where('id', '=', placed.body.order.first_line_id as number).executeTakeFirstOrThrow();
    const lines = await f.t.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select(['l.id', 'o.order_number']).where('l.order_id', '=', orderId).orderBy('l.id', 'desc').execute();
    expect(lines.length).toBe(3);
    // Made at one instant: the sort's ties go by id.
    expect(ids(await allPages('admin', `q=${encodeURIComponent(lines[0].order_number)}`, 1))).toEqual(lines.map((line) => line.id));
    expect(ids(await allPages('admin', `q=${encodeURIComponent(lines[0].order_number)}`, 2))).toEqual(lines.map((line) => line.id));
  });

  describe('its common queries are answered by indexes', () => {
    const plan = (db: Db, compiled: CompiledQuery) => queryPlan(db, database.name, compiled);
    const admin = () => actorOf({ id: f.caller('admin').userId!, role: f.caller('admin').role!, workshopId: null, customerId: null })!;

    test('a month of one customer', async () => {
      const filters = await parseArchiveQuery({ customer_id: String(f.ids.customer), from: dayOf(30), to: dayOf(60) });
      const found = await plan(f.t.db, archiveQuery(f.t.db, admin(), filters, 'name').compile());
      expect(found).toMatchObject({ scans: false });
    });

    test.each(['one barcode', 'one order number'])('%s', async (what) => {
      const q = what === 'one barcode' ? '2000000000017' : 'B2B-000001';
      const codes = await plan(f.t.db, codeQuery(f.t.db, q).compile());
      expect(codes).toMatchObject({ scans: false });
      const filters = await parseArchiveQuery({ q });
      const lines = await plan(f.t.db, archiveQuery(f.t.db, admin(), filters, 'code').compile());
      expect(lines).toMatchObject({ scans: false });
    });

    test('a workshop\'s lines, newest first', async () => {
      const filters = await parseArchiveQuery({ workshop_id: String(f.ids.workshop), from: dayOf(30) });
      expect(await plan(f.t.db, archiveQuery(f.t.db, admin(), filters, 'name').compile())).toMatchObject({ scans: false });
    });
  });
});
