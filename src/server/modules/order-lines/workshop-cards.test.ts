import { addDays, addHours, subDays } from 'date-fns';
import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { cardsOf, cardSums } from '../../../shared/figures';
import { Role } from '../../../shared/roles';
import { LineStatus, PackingStatus } from '../../../shared/statuses';
import { takeBarcodes } from '../orders/barcodes';
import { isOpenLine } from '../../../shared/lifecycle';
import { workshopCardSums } from './figures';
import { listLines } from './queries';

/*
 * The workshop's cards are written twice, once in TypeScript (src/shared/figures.ts `cardSums`) and
 * once in SQL (`workshopCardSums`, what the statistics route answers). Both run here over one table
 * of cases and must agree, over every line of the workshop: open ones and ones closed long ago,
 * which a list of the working set would no longer hold.
 */
describe.each(testDatabases())('the workshop cards in SQL and TypeScript on $name', (database) => {
  let t: TestApp;
  let master: string;
  let workshopId: number;
  const now = new Date();
  const YEAR_AGO = subDays(now, 400);

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    const admin = (await t.login()).token;
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
    const other = (await workshop('kalfa')).id;
    const customerId = (await t.call('POST', '/api/v1/customers', { token: admin, body: { ...details, name: 'C', email: 'c@example.com', phone: '1', credit: 0, user_id: (await userWithRole('alici', Role.Customer)).user_id } })).body.customer.id;
    const product = async (title: string) => (await t.call('POST', '/api/v1/product', { token: admin, body: { title } })).body.product.id as number;
    const products = [await product('Yüzük'), await product('Küpe'), await product('Kolye')];
    const at = now.toISOString();
    const order = await t.db.insertInto('orders').values({ order_number: 'F-1', customer_id: customerId, source: 'manual', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();

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
        order_id: order.id,
        product_id: products[i % 3],
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
    await t.db.insertInto('order_lines').values(row(cases[0], cases.length, other)).execute();
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
    expect(rule).toMatchObject({ total: 192, waiting: 48, in_process: 48, late: 8, delivered: 96 });
    expect(cardsOf(rule).average_production_days).toBe(2.4);
  });

  test("the tablet's statistics route answers the cards of the shared rule", async () => {
    const lines = await listLines(t.db, { userId: 0, workshopId });
    const answer = await t.call('GET', '/api/v1/workshop/me/statistics', { token: master });
    expect(answer.status).toBe(200);
    expect(answer.body.statistics).toEqual(cardsOf(cardSums(lines, now)));
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
});
