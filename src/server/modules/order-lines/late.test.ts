import { addDays, subDays, subHours } from 'date-fns';
import { sql } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { cardSums } from '../../../shared/figures';
import { isLate } from '../../../shared/late';
import { Role } from '../../../shared/roles';
import { takeBarcodes } from '../orders/barcodes';
import { lateSql, lineFigures } from './figures';
import { listLines } from './queries';

/*
 * "Late" is written twice, once in TypeScript (src/shared/late.ts: the workshop's cards) and once
 * in SQL (lateSql: the customer's figures). Both run here over one table of cases and must agree,
 * line by line and in the counts the routes answer.
 */
describe.each(testDatabases())('one meaning of late on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let master: string;
  let workshopId: number;
  let customerId: number;
  const real = new Date();
  // Expected dates of the cases: one day ago, twelve hours ago, tomorrow, none.
  const PAST = subDays(real, 1).toISOString();
  const HALF_DAY_AGO = subHours(real, 12).toISOString();
  const FUTURE = addDays(real, 1).toISOString();
  const DELIVERED = subDays(real, 2).toISOString();

  async function userWithRole(username: string, role: number) {
    const user = await t.newUser(username);
    await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: user.user_id, Role: role }] });
    return user;
  }

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    const m = await userWithRole('usta', Role.Workshop);
    const b = await userWithRole('alici', Role.Customer);
    master = m.token;
    const details = { address: 'x', company_name: 'x', tax_number: '1' };
    workshopId = (await t.call('POST', '/api/v1/workshops', { token: admin, body: { ...details, name: 'W', code: 'W', phone_number: '1', user_id: m.user_id } })).body.workshop.id;
    customerId = (await t.call('POST', '/api/v1/customers', { token: admin, body: { ...details, name: 'C', email: 'c@example.com', phone: '1', credit: 0, user_id: b.user_id } })).body.customer.id;
    const productId = (await t.call('POST', '/api/v1/product', { token: admin, body: { title: 'Yüzük' } })).body.product.id;

    const at = real.toISOString();
    for (const canceled of [false, true]) {
      const order = await t.db
        .insertInto('orders')
        .values({ order_number: `L-${canceled}`, customer_id: customerId, source: 'manual', canceled_at: canceled ? at : null, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const expected of [PAST, HALF_DAY_AGO, FUTURE, null]) {
        for (const delivered of [null, DELIVERED]) {
          await t.db
            .insertInto('order_lines')
            .values({ order_id: order.id, customer_id: customerId, product_id: productId, workshop_id: workshopId, production_expected_date: expected, delivery_to_office: delivered, canceled_at: canceled ? at : null, barcode: (await takeBarcodes(t.db, 1))[0], created_at: at, updated_at: at })
            .execute();
        }
      }
    }
  });
  afterAll(() => t.close());

  // Of the lines neither canceled nor delivered, PAST is late at each instant, HALF_DAY_AGO from now on, FUTURE in two days.
  test.each([
    ['twelve hours ago', subHours(real, 12), 1],
    ['now', real, 2],
    ['in two days', addDays(real, 2), 3],
  ])('SQL and TypeScript agree on every line, %s', async (_, at, count) => {
    const lines = await listLines(t.db, { userId: 0, workshopId });
    expect(lines).toHaveLength(16);
    const bySql = await t.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.id', sql<number>`case when ${lateSql(at)} then 1 else 0 end`.as('late')])
      .where('l.workshop_id', '=', workshopId)
      .execute();
    const sqlLate = new Map(bySql.map((row) => [row.id, Number(row.late) === 1]));
    expect(lines.map((line) => [line.id, isLate(line, at)])).toEqual(lines.map((line) => [line.id, sqlLate.get(line.id)]));

    expect(lines.filter((line) => isLate(line, at))).toHaveLength(count);
    expect(cardSums(lines, at).late).toBe(count);
    expect((await lineFigures(t.db, { column: 'l.workshop_id', id: workshopId }, at)).late).toBe(count);
    expect((await lineFigures(t.db, { column: 'l.customer_id', id: customerId }, at)).late).toBe(count);
  });

  test("the workshop's late card and the customer's late figure count the same lines", async () => {
    const card = (await t.call('GET', '/api/v1/workshop/me/statistics', { token: master })).body.statistics;
    const figures = (await t.call('GET', `/api/v1/customers/B2B/${customerId}/info`, { token: admin })).body.customer;
    expect(card).toMatchObject({ total: 16, late: 2 });
    expect(figures.number_of_late_products).toBe(2);
  });
});
