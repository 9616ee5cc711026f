import { addDays, subDays } from 'date-fns';
import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { LineStatus, QualityControl } from '../../../shared/statuses';
import { COUNTED_LINE_VIEWS, inLineView } from '../../../shared/views';
import { creditStandingOf, getCustomer } from '../customers/service';
import { takeBarcodes } from '../orders/barcodes';
import { queryPlan } from '../../../../test/query-plan';
import { viewCount } from './counts';

/*
 * Each count of the dashboard is the SQL twin of a shared rule: the lines of a built-in view
 * (shared/views.ts), a customer above credit (its standing of shared/credit.ts left below zero). Here both run over one set of
 * lines and customers on each database and must agree.
 */
describe.each(testDatabases())('dashboard counts on $name', (database) => {
  let t: TestApp;
  let admin: string;
  const now = new Date();
  const PAST = subDays(now, 2).toISOString();
  const FUTURE = addDays(now, 2).toISOString();

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    const details = { address: 'x', company_name: 'x', tax_number: '1' };
    const master = await t.newUserAs('sayim_usta', Role.Workshop);
    const workshopId = (await t.call('POST', API.workshops, { token: admin, body: { ...details, name: 'W', code: 'W', phone_number: '1', user_id: master.user_id } })).body.workshop.id;
    const customer = (credit: number, name: string) =>
      t.newUserAs(name, Role.Customer).then(async (user) => (await t.call('POST', API.customers, { token: admin, body: { ...details, name, email: `${name}@example.com`, phone: '1', credit, user_id: user.user_id } })).body.customer.id as number);
    const productId = (await t.call('POST', API.products, { token: admin, body: { title: 'Yüzük' } })).body.product.id;
    const at = now.toISOString();
    const order = async (customerId: number, currency: string, number: string) =>
      (await t.db.insertInto('orders').values({ order_number: number, customer_id: customerId, source: 'manual', currency, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id;

    // One line of each kind a view tells apart, each also canceled.
    const within = await customer(1_000_000, 'sayim_bol');
    const lines = await order(within, 'TRY', 'S-1');
    const kinds = [
      { production_expected_date: PAST },
      { production_expected_date: PAST, delivery_to_office: PAST },
      { production_expected_date: FUTURE },
      { order_line_status_id: LineStatus.QualityControl },
      { order_line_status_id: LineStatus.QualityControl, quality_control_id: QualityControl.Rejected },
      { order_line_status_id: LineStatus.Packing },
      { order_line_status_id: LineStatus.Completed, production_expected_date: PAST },
      { workshop_id: null },
    ];
    for (const kind of kinds) {
      for (const canceled_at of [null, at]) {
        await t.db
          .insertInto('order_lines')
          .values({ order_id: lines, customer_id: within, product_id: productId, workshop_id: workshopId, canceled_at, created_at: at, updated_at: at, barcode: (await takeBarcodes(t.db, 1))[0], ...kind })
          .execute();
      }
    }

    // Customers about their credit of 100 TRY: beyond it, at it to the cent, beyond it only in
    // another currency, beyond it only with completed or canceled lines.
    const priced = async (customerId: number, currency: string, prices: number[], patch: object = {}) => {
      const orderId = await order(customerId, currency, `P-${customerId}-${currency}-${prices.length}`);
      for (const total_price of prices) {
        const [barcode] = await takeBarcodes(t.db, 1);
        await t.db.insertInto('order_lines').values({ order_id: orderId, customer_id: customerId, product_id: productId, workshop_id: workshopId, total_price, created_at: at, updated_at: at, barcode, ...patch }).execute();
      }
    };
    await priced(await customer(100, 'sayim_asan'), 'TRY', [60, 40.01]);
    await priced(await customer(100, 'sayim_tam'), 'TRY', [60.1, 39.9]);
    const foreign = await customer(100, 'sayim_doviz');
    await priced(foreign, 'USD', [500]);
    const closed = await customer(100, 'sayim_kapali');
    await priced(closed, 'TRY', [500], { order_line_status_id: LineStatus.Completed });
    await priced(closed, 'TRY', [500, 1], { canceled_at: at });

    // Shop items: two waiting for a product, one matched already.
    const shop = await t.db
      .insertInto('shop_connections')
      .values({ kind: 'store', user_id: master.user_id, shop_name: 'sayim', api_key: 'k', api_secret: 's', access_token: 'a', created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, matched] of [false, false, true].entries()) {
      await t.db
        .insertInto('shop_pending_items')
        .values({
          connection_id: shop.id,
          order_id: lines,
          line_item_id: String(index),
          title: 'item',
          quantity: 1,
          raw: '{}',
          created_at: at,
          ...(matched ? { matched_product_id: productId, matched_by: master.user_id, matched_at: at } : {}),
        })
        .execute();
    }
  });
  afterAll(() => t.close());

  test('each count is the number of lines or customers the shared rule picks', async () => {
    const answer = await t.call('GET', API.dashboardCounts, { token: admin });
    expect(answer.status).toBe(200);
    const rows = (await t.db.selectFrom('order_lines').selectAll().execute()).map((row) => ({ ...row, late_risk: row.late_risk === 1 }));
    const picked = Object.fromEntries(COUNTED_LINE_VIEWS.map((key) => [key, rows.filter(inLineView(key)).length]));
    expect(answer.body.counts.views).toEqual(picked);
    // Each view picks some lines and leaves some, so the agreement says something.
    for (const key of COUNTED_LINE_VIEWS) expect(picked[key]).toBeGreaterThan(0);
    expect(picked).toEqual({ late: 2, qualityControl: 1, packing: 1, awaitingWorkshop: 1 });

    const customers = await t.db.selectFrom('customers').select('id').execute();
    let above = 0;
    for (const { id } of customers) {
      const standing = await creditStandingOf(t.db, await getCustomer(t.db, id));
      if (standing.available_credit < 0) above++;
    }
    expect(answer.body.counts.above_credit).toBe(above);
    expect(above).toBe(1);
    expect(answer.body.counts.unmatched_items).toBe(2);
  });

  test('the office reads the counts; a workshop, a customer or an inactive user does not', async () => {
    const office = await t.newUserAs('sayim_ofis', Role.Office);
    expect((await t.call('GET', API.dashboardCounts, { token: office.token })).status).toBe(200);
    for (const role of [Role.Workshop, Role.Customer, Role.Inactive]) {
      const user = await t.newUserAs(`sayim_rol_${role}`, role);
      expect((await t.call('GET', API.dashboardCounts, { token: user.token })).status).toBe(403);
    }
  });

  test.each(COUNTED_LINE_VIEWS)('the %s count reads its own lines over an index, never every line', async (key) => {
    const found = await queryPlan(t.db, database.name, viewCount(t.db, key, now).compile());
    // The late lines are read over the partial index of live undelivered lines, which SQLite walks
    // whole: it holds none of the history, neither delivered nor canceled lines.
    if (key === 'late') expect(found.plan).toMatch(database.name === 'sqlite' ? /order_lines_workshop_undelivered_idx/ : /undelivered_idx/);
    else expect(found).toMatchObject({ scans: false });
  });
});
