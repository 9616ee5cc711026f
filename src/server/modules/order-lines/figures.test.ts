import { addDays, addHours, subDays, subHours } from 'date-fns';
import { sql } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { queryPlan } from '../../../../test/query-plan';
import { startTestApp, type TestApp } from '../../../../test/server';
import type { OrderLineDto } from '../../../shared/api';
import { cardsOf, cardSums } from '../../../shared/figures';
import { isLate } from '../../../shared/late';
import { Role } from '../../../shared/roles';
import { LineStatus, PackingStatus } from '../../../shared/statuses';
import { creditStandingOf, getCustomer } from '../customers/service';
import { takeBarcodes } from '../orders/barcodes';
import { isOpenLine } from '../../../shared/lifecycle';
import { lateLines, lineFigures, officeReport, recentLines, workshopCardSums, type LineOwner } from './figures';
import { listLines } from './queries';

/*
 * The figures are counted in SQL over every line (figures.ts) and their rules are written in
 * TypeScript (src/shared: the workshop's cards `cardSums`, `isOpenLine`, `isLate`). Both run here
 * over one table of cases and must agree, over open lines and ones closed long ago, which a list of
 * the working set would no longer hold.
 */
describe.each(testDatabases())('the figures in SQL and the shared rules in TypeScript on $name', (database) => {
  let t: TestApp;
  let master: string;
  let workshopId: number;
  let customerId: number;
  let admin: string;
  let otherId: number;
  const orders: Array<{ id: number; currency: string; canceled: boolean }> = [];
  const now = new Date();
  const YEAR_AGO = subDays(now, 400);

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    const details = { address: 'x', company_name: 'x', tax_number: '1' };
    const userWithRole = async (name: string, role: number) => {
      const user = await t.newUser(name);
      await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: user.user_id, Role: role }] });
      return user;
    };
    const workshop = async (name: string) => {
      const user = await userWithRole(name, Role.Workshop);
      const id = (await t.call('POST', '/api/v1/workshops', { token: admin, body: { ...details, name, code: name, phone_number: '1', user_id: user.user_id } })).body.workshop.id as number;
      return { id, token: user.token };
    };
    ({ id: workshopId, token: master } = await workshop('usta'));
    otherId = (await workshop('kalfa')).id;
    customerId = (await t.call('POST', '/api/v1/customers', { token: admin, body: { ...details, name: 'C', email: 'c@example.com', phone: '1', credit: 0, user_id: (await userWithRole('alici', Role.Customer)).user_id } })).body.customer.id;
    const product = async (title: string) => (await t.call('POST', '/api/v1/product', { token: admin, body: { title } })).body.product.id as number;
    const products = [await product('Yüzük'), await product('Küpe'), await product('Kolye')];
    const at = now.toISOString();
    // Two orders in liras, one of them canceled, and one in euros.
    for (const [number, currency, canceled] of [['F-1', 'TRY', false], ['F-2', 'EUR', false], ['F-3', 'TRY', true]] as const) {
      const order = await t.db
        .insertInto('orders')
        .values({ order_number: number, customer_id: customerId, source: 'manual', currency, canceled_at: canceled ? at : null, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      orders.push({ id: order.id, currency, canceled });
    }

    // Made now or a year ago; each status; canceled or not; delivered 1.25 or 3.5 days after it was
    // made, before it was made (not counted), or not at all; due yesterday, tomorrow or never.
    const cases: Array<{ made: Date; status: number; canceled: boolean; delivered: number | null; expected: Date | null }> = [];
    for (const made of [now, YEAR_AGO])
      for (const status of [LineStatus.Waiting, LineStatus.InProcess, LineStatus.QualityControl, LineStatus.Completed])
        for (const canceled of [false, true])
          for (const delivered of [null, 30, 84, -5])
            for (const expected of [subDays(now, 1), addDays(now, 1), null]) cases.push({ made, status, canceled, delivered, expected });
    const barcodes = await takeBarcodes(t.db, cases.length + 1);
    const row = (c: (typeof cases)[number], i: number, workshop: number) => {
      const shipped = c.status === LineStatus.Completed && !c.canceled;
      const closedAt = c.canceled || shipped ? addDays(c.made, 10).toISOString() : null;
      return {
        order_id: orders[Math.floor(i / 3) % 3].id,
        customer_id: customerId,
        product_id: products[i % 3],
        total_price: 100 + i,
        product_cost: i % 7,
        workshop_id: workshop,
        order_line_status_id: c.status,
        packing_status_id: shipped ? PackingStatus.HandedToCarrier : null,
        production_expected_date: c.expected?.toISOString() ?? null,
        delivery_to_office: c.delivered === null ? null : addHours(c.made, c.delivered).toISOString(),
        canceled_at: c.canceled ? closedAt : null,
        closed_at: closedAt,
        barcode: barcodes[i],
        created_at: c.made.toISOString(),
        updated_at: at,
      };
    };
    await t.db.insertInto('order_lines').values(cases.map((c, i) => row(c, i, workshopId))).execute();
    // Another workshop's line counts nowhere here.
    await t.db.insertInto('order_lines').values(row(cases[0], cases.length, otherId)).execute();
  });
  afterAll(() => t.close());

  test('the aggregate query answers the sums of the shared rule over every line of the workshop', async () => {
    const lines = await listLines(t.db, { userId: 0, workshopId });
    expect(lines).toHaveLength(192);
    const rule = cardSums(lines, now);
    const { production_days, ...counts } = await workshopCardSums(t.db, workshopId, now);
    const { production_days: ruleDays, ...ruleCounts } = rule;
    expect(counts).toEqual(ruleCounts);
    expect(production_days).toBeCloseTo(ruleDays, 6);
    // Every case once: not a count that happens to agree.
    expect(rule).toMatchObject({ total: 192, waiting: 24, in_process: 24, late: 8, delivered: 96 });
    expect(cardsOf(rule).average_production_days).toBe(2.4);
  });

  test("the tablet's statistics route answers the cards of the shared rule", async () => {
    const lines = await listLines(t.db, { userId: 0, workshopId });
    const answer = await t.call('GET', '/api/v1/workshop/me/statistics', { token: master });
    expect(answer.status).toBe(200);
    expect(answer.body.statistics).toEqual(cardsOf(cardSums(lines, now)));
  });

  test("a workshop's and a customer's figures count as the shared rules do over the same lines, closed long ago too", async () => {
    const lines = await listLines(t.db, { userId: 0, workshopId });
    const since = subHours(now, 24).getTime();
    const live = lines.filter((line) => line.canceled_at === null);
    const inLiras = (line: OrderLineDto) => orders.find((o) => o.id === line.order_id)!.currency === 'TRY';
    const completed = live.filter((line) => line.order_line_status_id === LineStatus.Completed && inLiras(line));
    const total = (of: OrderLineDto[], value: (line: OrderLineDto) => number) => of.reduce((sum, line) => sum + value(line), 0);
    const open = lines.filter(isOpenLine);
    const expected = {
      orders: new Set(live.map((line) => line.order_id)).size,
      canceled_orders: orders.filter((o) => o.canceled).length,
      lines: live.length,
      waiting: live.filter((line) => line.order_line_status_id === LineStatus.Waiting).length,
      in_process: live.filter((line) => line.order_line_status_id === LineStatus.InProcess).length,
      late: lines.filter((line) => isLate(line, now)).length,
      total_revenue: total(live.filter(inLiras), (line) => Number(line.total_price)),
      priced_orders: new Set(live.filter(inLiras).map((line) => line.order_id)).size,
      revenue: total(completed, (line) => Number(line.total_price)),
      turnover: total(completed, (line) => Number(line.product_cost)),
      open_total: open.length,
      open_daily: open.filter((line) => Date.parse(line.created_at) >= since).length,
      total_daily: live.filter((line) => Date.parse(line.created_at) >= since).length,
      open_amounts: ['EUR', 'TRY'].map((currency) => ({ currency, amount: total(open.filter((line) => line.currency === currency), (line) => Number(line.total_price)) })),
    };
    // Not counts that happen to agree: a year-old closed line is in them.
    expect(expected).toMatchObject({ orders: 3, canceled_orders: 1, lines: 96, open_total: 72, open_daily: 36, total_daily: 48 });
    expect(await lineFigures(t.db, { column: 'l.workshop_id', id: workshopId }, now, 'TRY')).toEqual(expected);
    // The customer's orders hold the same lines and the other workshop's one (a waiting line made now).
    const customer = await lineFigures(t.db, { column: 'l.customer_id', id: customerId }, now, 'TRY');
    expect(customer).toMatchObject({ lines: expected.lines + 1, waiting: expected.waiting + 1, open_total: expected.open_total + 1, late: expected.late + 1 });
    // Its credit standing from the same pass reads as the one the manual order checks.
    const info = (await t.call('GET', `/api/v1/customers/B2B/${customerId}/info`, { token: admin })).body.customer;
    expect(info).toMatchObject(await creditStandingOf(t.db, await getCustomer(t.db, customerId)));
    expect(info.open_order_amount).toBeGreaterThan(0);
    expect(info.other_currency_open_amounts).toEqual([{ currency: 'EUR', amount: expect.any(Number) }]);
  });

  test('the office report counts as the shared rules do over every line', async () => {
    const lines = [...(await listLines(t.db, { userId: 0, workshopId })), ...(await listLines(t.db, { userId: 0, workshopId: otherId }))];
    const report = await officeReport(t.db, now);
    const live = lines.filter((line) => line.canceled_at === null);
    expect(report.lines_by_status.map((row) => [row.status_id, row.count])).toEqual(
      [LineStatus.Waiting, LineStatus.InProcess, LineStatus.QualityControl, LineStatus.Packing, LineStatus.Completed].map((status) => [status, live.filter((line) => line.order_line_status_id === status).length]),
    );
    expect(report.canceled).toBe(lines.length - live.length);
    const perWorkshop = (id: number) => ({
      workshop_id: id,
      open: lines.filter((line) => line.workshop_id === id && isOpenLine(line)).length,
      late: lines.filter((line) => line.workshop_id === id && isLate(line, now)).length,
    });
    expect(report.workshops).toEqual([expect.objectContaining(perWorkshop(otherId)), expect.objectContaining(perWorkshop(workshopId))]);
    expect(report.late).toBe(lines.filter((line) => isLate(line, now)).length);
  });

  test("the products tab's route counts each product's open and all lines as isOpenLine does over the same lines", async () => {
    const lines = await listLines(t.db, { userId: 0, workshopId });
    const byRule = new Map<number, { open: number; total: number }>();
    for (const line of lines) {
      const counts = byRule.get(line.product_id) ?? { open: 0, total: 0 };
      counts.total++;
      if (isOpenLine(line)) counts.open++;
      byRule.set(line.product_id, counts);
    }
    const answer = await t.call('GET', '/api/v1/workshop/me/product-lines', { token: master });
    expect(answer.status).toBe(200);
    expect(answer.body.products.map((p: { product_id: number; open: number; total: number }) => [p.product_id, { open: p.open, total: p.total }])).toEqual(
      [...byRule].sort(([a], [b]) => a - b),
    );
    expect(answer.body.products.map((p: { title: string }) => p.title)).toEqual(['Yüzük', 'Küpe', 'Kolye']);
    // Not canceled and not completed: three of each eight of a product's 64 lines.
    expect(answer.body.products.map((p: { open: number; total: number }) => [p.open, p.total])).toEqual([
      [24, 64],
      [24, 64],
      [24, 64],
    ]);
  });

  // What depends on the hour is read live over the lines it can concern, never over an owner's history.
  test.each<[LineOwner['column']]>([['l.workshop_id'], ['l.customer_id']])('the late lines of %s are read over an index of undelivered lines', async (column) => {
    const found = await queryPlan(t.db, database.name, lateLines(t.db, now, { column, id: 1 }).select(sql<number>`count(*)`.as('n')).compile());
    expect(found.plan).toMatch(/order_lines_(workshop_|customer_)?undelivered_idx/);
  });

  test("the office report's late lines are read over the index of undelivered lines", async () => {
    const found = await queryPlan(t.db, database.name, lateLines(t.db, now).select(['l.workshop_id', sql<number>`count(*)`.as('n')]).groupBy('l.workshop_id').compile());
    // SQLite is told its partial index: its index of every undelivered line holds the canceled ones too.
    expect(found.plan).toMatch(database.name === 'sqlite' ? /order_lines_workshop_undelivered_idx/ : /order_lines_(workshop_|customer_)?undelivered_idx/);
  });

  test.each<[LineOwner['column']]>([['l.workshop_id'], ['l.customer_id']])("the last 24 hours of %s's lines are read over an index by owner and creation", async (column) => {
    const found = await queryPlan(t.db, database.name, recentLines(t.db, { column, id: 1 }, now).compile());
    expect(found).toMatchObject({ scans: false });
    expect(found.plan).toMatch(/created|customer_open|customer_figures/);
  });
});
