/*
 * The working set: every everyday list (the tablet's, the customer's, the admin grid in both
 * formats, the workshop's and the customer's detail tables) holds the open lines, the completed
 * lines not yet shipped and the lines closed within `working_set_days`; an older closed line is
 * found by the archive alone.
 */
import { type Fixture, startFixture } from '../../../../test/fixture';
import { testDatabases } from '../../../../test/databases';
import { API, type OrderLineDto } from '../../../shared/api';
import { LINES_MEDIA_TYPE } from '../../../shared/lineWire';
import { LineStatus, PackingStatus } from '../../../shared/statuses';
import { queryPlan } from '../../../../test/query-plan';
import { lowestClosedSince, workingSetIds } from './queries';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe.each(testDatabases())('the working set on $name', (database) => {
  let f: Fixture;
  /** Line ids by what the test made of them. */
  const made: Record<'open' | 'completed' | 'shipped5' | 'shipped31' | 'canceled31', number> = { open: 0, completed: 0, shipped5: 0, shipped31: 0, canceled31: 0 };

  const listed = async (who: string, path: string): Promise<number[]> => {
    const answer = await f.t.call('GET', path, { token: f.caller(who).token });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    return (answer.body.orders as OrderLineDto[]).map((line) => line.id);
  };
  const mine = (ids: number[]) => Object.fromEntries(Object.entries(made).map(([name, id]) => [name, ids.includes(id)]));
  const setDays = async (days: number) => {
    const settings = (await f.t.call('GET', API.generalSettings, { token: f.caller('admin').token })).body.settings;
    expect((await f.t.call('PUT', API.generalSettings, { token: f.caller('admin').token, body: { ...settings, working_set_days: days } })).status).toBe(200);
  };

  beforeAll(async () => {
    f = await startFixture(await database.create());
    const { db } = f.t;
    for (const name of Object.keys(made) as Array<keyof typeof made>) {
      const body = { address: 'Bağdat Cd. 1', email: 'a@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', first_name: 'Ali', last_name: name, credit_exceeded_confirmed: true, products: [{ product_id: f.ids.product, quantity: 1 }] };
      const answer = await f.t.call('POST', API.manualOrder, { token: f.caller('customer').token, body });
      if (answer.status !== 201) throw new Error(`order answered ${answer.status} ${JSON.stringify(answer.body)}`);
      made[name] = answer.body.order.first_line_id;
    }
    const old = daysAgo(200);
    await db.updateTable('order_lines').set({ created_at: old }).where('id', 'in', Object.values(made)).execute();
    // Completed long ago, not yet handed to the carrier: the office still ships it.
    await db.updateTable('order_lines').set({ order_line_status_id: LineStatus.Completed }).where('id', '=', made.completed).execute();
    const ship = (id: number, days: number) =>
      db.updateTable('order_lines').set({ order_line_status_id: LineStatus.Completed, packing_status_id: PackingStatus.HandedToCarrier, closed_at: daysAgo(days) }).where('id', '=', id).execute();
    await ship(made.shipped5, 5);
    await ship(made.shipped31, 31);
    await db.updateTable('order_lines').set({ canceled_at: daysAgo(31), cancel_reason: 'Vazgeçildi', closed_at: daysAgo(31) }).where('id', '=', made.canceled31).execute();
  }, 120_000);
  afterAll(() => f?.close());

  const everyday = (): Array<[string, string]> => [
    ['admin', API.orders],
    ['office', API.orderProductsDetailed],
    ['workshop', API.myWorkshopOrders],
    ['customer', API.orders],
    ['customer', API.myCustomerOrders],
    ['admin', API.workshopOrders(f.ids.workshop)],
    ['admin', API.customerOrders(f.ids.customer)],
  ];

  test('every everyday list holds open, completed-unshipped and recently closed lines, never one closed 31 days ago', async () => {
    for (const [who, path] of everyday()) {
      expect([who, path, mine(await listed(who, path))]).toEqual([who, path, { open: true, completed: true, shipped5: true, shipped31: false, canceled31: false }]);
    }
  });

  test("the grid's compact list counts and carries the working set alone, with when each line closed", async () => {
    const answer = await f.t.app.inject({ method: 'GET', url: API.orders, headers: { authorization: `Bearer ${f.caller('admin').token}`, accept: LINES_MEDIA_TYPE } });
    const [header, ...pages] = answer.body.trim().split('\n').map((line) => JSON.parse(line));
    const rows = pages.flatMap((page: { rows: unknown[][] }) => page.rows);
    const id = header.columns.indexOf('id');
    const closed = header.columns.indexOf('closed_at');
    expect(header.total).toBe(rows.length);
    expect(rows.map((row: unknown[]) => row[id])).not.toContain(made.shipped31);
    expect(rows.find((row: unknown[]) => row[id] === made.shipped5)?.[closed]).toEqual(expect.any(String));
    expect(rows.find((row: unknown[]) => row[id] === made.open)?.[closed]).toBeNull();
  });

  test('the archive finds the line closed 31 days ago by its order number', async () => {
    const { db } = f.t;
    const { order_number } = await db.selectFrom('orders as o').innerJoin('order_lines as l', 'l.order_id', 'o.id').select('o.order_number').where('l.id', '=', made.shipped31).executeTakeFirstOrThrow();
    for (const who of ['admin', 'customer', 'workshop']) {
      const answer = await f.t.call('GET', `${API.lineArchive}?q=${encodeURIComponent(order_number)}`, { token: f.caller(who).token });
      expect([who, (answer.body.orders as OrderLineDto[]).map((line) => line.id)]).toEqual([who, [made.shipped31]]);
    }
  });

  test('working_set_days moves the window: 0 keeps no closed line, 60 keeps a month ago', async () => {
    await setDays(0);
    for (const [who, path] of everyday()) {
      expect([who, path, mine(await listed(who, path))]).toEqual([who, path, { open: true, completed: true, shipped5: false, shipped31: false, canceled31: false }]);
    }
    await setDays(60);
    expect(mine(await listed('workshop', API.myWorkshopOrders))).toEqual({ open: true, completed: true, shipped5: true, shipped31: true, canceled31: true });
    await setDays(30);
  });

  test("each line names its order's customer, and a list's size follows the working set, not the history", async () => {
    const { db } = f.t;
    const lines = await db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select(['l.customer_id', 'o.customer_id as order_customer']).execute();
    expect(lines.every((line) => line.customer_id === line.order_customer)).toBe(true);
    const before = (await listed('customer', API.orders)).length;
    // A thousand more lines closed a year ago change nothing of the everyday list.
    const template = await db.selectFrom('order_lines').selectAll().where('id', '=', made.shipped31).executeTakeFirstOrThrow();
    const { id: _id, barcode: _barcode, ...columns } = template;
    const rows = Array.from({ length: 1000 }, (_, index) => ({ ...columns, barcode: `9${String(index).padStart(12, '0')}`, closed_at: daysAgo(365) }));
    for (let i = 0; i < rows.length; i += 100) await db.insertInto('order_lines').values(rows.slice(i, i + 100)).execute();
    expect((await listed('customer', API.orders)).length).toBe(before);
    expect((await listed('workshop', API.myWorkshopOrders)).length).toBe(before);
  });

  test("the office's list finds where the recently closed lines begin over their index, never walking every line's id", async () => {
    const found = await queryPlan(f.t.db, database.name, lowestClosedSince(f.t.db, daysAgo(30)).compile());
    expect(found).toMatchObject({ scans: false });
    expect((await lowestClosedSince(f.t.db, daysAgo(30)).executeTakeFirst())?.id).toBe(
      (await f.t.db.selectFrom('order_lines').select((eb) => eb.fn.min('id').as('id')).where('closed_at', '>=', daysAgo(30)).executeTakeFirstOrThrow()).id,
    );
  });

  test.each([
    ['the office', {}],
    ['a workshop', { workshopId: 1 }],
    ['a customer', { customerId: 1 }],
  ])("%s's working set is read over an index, never a scan of every line nor of an owner's whole history", async (_who, owner) => {
    for (const start of [daysAgo(30), null]) {
      const found = await queryPlan(f.t.db, database.name, workingSetIds(f.t.db, { userId: 0, ...owner }, start).compile());
      expect(found).toMatchObject({ scans: false });
      // SQLite searches the owner's lines by when they closed too: never every line the owner ever had.
      if (database.name === 'sqlite' && Object.keys(owner).length > 0) {
        expect(found.plan).toMatch(/_id=\? AND closed_at=\?\)/);
        expect(found.plan).not.toMatch(/_id=\?\)/);
      }
    }
  });
});
