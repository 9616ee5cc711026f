/*
 * Office staff (role 4) read what the admin manages, read-only: every order line (the spec's JSON and
 * the compact format the grid reads) and the B2B customers; quality control, packing approval, gram
 * correction and customer changes are refused with 403 and change nothing.
 */
import { type Fixture, startFixture } from '../../../../test/fixture';
import { testDatabases } from '../../../../test/databases';
import { API } from '../../../shared/api';
import { LINES_MEDIA_TYPE } from '../../../shared/lineWire';

describe.each(testDatabases())('office staff on $name', (database) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(await database.create());
  }, 60_000);
  afterAll(() => f?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = {}) =>
    f.t.app.inject({ method, url, headers: { authorization: `Bearer ${f.caller('office').token}`, ...headers }, ...(body === undefined ? {} : { payload: body as object }) });

  test('reads every order line, in JSON and in the compact format', async () => {
    const json = await call('GET', API.orders);
    expect(json.statusCode).toBe(200);
    expect(json.json().orders.map((line: { id: number }) => line.id)).toEqual(expect.arrayContaining([f.ids.line, f.ids.otherLine]));
    const compact = await call('GET', API.orders, undefined, { accept: LINES_MEDIA_TYPE });
    expect(compact.statusCode).toBe(200);
    expect(compact.headers['content-type']).toContain(LINES_MEDIA_TYPE);
    expect(JSON.parse(compact.body.split('\n')[0])).toMatchObject({ total: json.json().orders.length });
  });

  test('quality control, packing approval and gram correction are refused and change nothing', async () => {
    const before = (await call('GET', API.orders)).json().orders;
    for (const [url, body] of [
      [API.qualityStatus(f.ids.line), { approved: true }],
      [API.qualityStatus(f.ids.line), { approved: false, return_step_id: f.ids.step, reason: 'x' }],
      [API.approveShipping(f.ids.line), {}],
      [API.correctGram(f.ids.line), { product_gram: 4.2 }],
    ] as const) {
      expect({ url, status: (await call('PUT', url, body)).statusCode }).toEqual({ url, status: 403 });
    }
    expect((await call('GET', API.orders)).json().orders).toEqual(before);
  });

  test('reads customers, their figures and their lines; adding one or changing a credit is refused', async () => {
    expect((await call('GET', API.b2bCustomers)).statusCode).toBe(200);
    const info = await call('GET', API.customerInfo(f.ids.customer));
    expect(info.statusCode).toBe(200);
    expect((await call('GET', API.customerOrders(f.ids.customer))).statusCode).toBe(200);
    expect((await call('PUT', API.customerCredit(f.ids.customer), { credit: 5 })).statusCode).toBe(403);
    const body = { name: 'x', email: 'x@example.com', phone: '1', address: 'x', company_name: 'x', tax_number: '1', credit: 0, user_id: f.caller('office').userId };
    expect((await call('POST', API.customers, body)).statusCode).toBe(403);
    expect((await call('POST', API.b2bCustomer, body)).statusCode).toBe(403);
    expect((await call('GET', API.customerInfo(f.ids.customer))).json().customer.credit).toBe(info.json().customer.credit);
  });

  test('reads the report: every line counted by status, and open and late lines per workshop; a workshop may not', async () => {
    const answer = await call('GET', API.orderReport);
    expect(answer.statusCode).toBe(200);
    const { report } = answer.json();
    const lines = (await call('GET', API.orders)).json().orders as Array<{ order_line_status_id: number; workshop_id: number | null; canceled_at: string | null }>;
    const live = lines.filter((line) => line.canceled_at === null);
    for (const { status_id, count } of report.lines_by_status) expect({ status_id, count }).toEqual({ status_id, count: live.filter((line) => line.order_line_status_id === status_id).length });
    const open = (id: number) => live.filter((line) => line.workshop_id === id && line.order_line_status_id < 5).length;
    expect(report.workshops.find((w: { workshop_id: number }) => w.workshop_id === f.ids.workshop)).toMatchObject({ open: open(f.ids.workshop) });
    const workshop = await f.t.app.inject({ method: 'GET', url: API.orderReport, headers: { authorization: `Bearer ${f.caller('workshop').token}` } });
    expect(workshop.statusCode).toBe(403);
  });
});
