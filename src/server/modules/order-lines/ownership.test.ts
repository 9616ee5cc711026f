/*
 * The ownership rule of order lines has four forms: `visibleTo` (SQL over lines, every read),
 * `mayHear` (an event, the live socket), `mayRead` (a line read once for many readers: the line
 * an event carries) and the change log's SQL form (the catch-up read). This proves they agree, for every role that reads lines, over lines in every state the rule tells
 * apart: its own and another's workshop and customer, without a workshop, moved away, canceled.
 */
import { type Fixture, startFixture } from '../../../../test/fixture';
import { testDatabases } from '../../../../test/databases';
import { API } from '../../../shared/api';
import type { LineEvent } from '../../../shared/live';
import type { RoleId } from '../../../shared/roles';
import { actorOf } from './actor';
import { linesChangedSince, linesForReaders, listLines, mayHear, mayRead } from './queries';

describe.each(testDatabases())('the three forms of line ownership agree on $name', (database) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(await database.create());
    const admin = f.caller('admin').token;
    const call = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
      const answer = await f.t.call(method, url, { token: admin, body });
      if (answer.status >= 300) throw new Error(`${method} ${url} answered ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    const order = { address: 'Bağdat Cd. 1', email: 'a@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', credit_exceeded_confirmed: true };
    const place = async (buyer: string, productId: number) => {
      const answer = await f.t.call('POST', API.manualOrder, { token: f.caller(buyer).token, body: { ...order, products: [{ product_id: productId, quantity: 1 }] } });
      if (answer.status !== 201) throw new Error(`order answered ${answer.status}`);
      return (await f.t.db.selectFrom('order_lines').select('id').where('order_id', '=', answer.body.order.id).executeTakeFirstOrThrow()).id;
    };
    // A product no workshop makes: its line waits without one.
    const loose = (await call('POST', API.products, { title: 'Küpe', price: 500, workmanship_rate: 20, production_expected_days: 5, expected_weight: 2 })).product.id as number;
    await place('customer', loose);
    await place('other customer', loose);
    // A line of workshop A's product moved to workshop B: A heard of it leaving.
    const moving = (await call('POST', API.products, { title: 'Bilezik', price: 800, workmanship_rate: 20, production_expected_days: 5, expected_weight: 6 })).product.id as number;
    await call('PUT', API.workshopAssignProduct(f.ids.workshop), { product_id: moving });
    await place('customer', moving);
    await call('PUT', API.workshopAssignProduct(f.ids.otherWorkshop), { product_id: moving });
    // A canceled line of each side.
    await call('PUT', API.cancelLine(await place('customer', f.ids.product)), { reason: 'Müşteri vazgeçti' });
    await call('PUT', API.cancelLine(await place('other customer', f.ids.otherProduct)), { reason: 'Müşteri vazgeçti' });
  }, 120_000);
  afterAll(() => f?.close());

  const readers = ['admin', 'office', 'workshop', 'other workshop', 'customer', 'other customer'];

  test.each(readers)('%s: the lines it reads are those whose events it hears, and the catch-up hears what the socket would', async (name) => {
    const { db } = f.t;
    const caller = f.caller(name);
    const user = await db.selectFrom('users').select(['id', 'role_id']).where('id', '=', caller.userId!).executeTakeFirstOrThrow();
    const workshop = await db.selectFrom('workshops').select('id').where('user_id', '=', user.id).executeTakeFirst();
    const customer = await db.selectFrom('customers').select('id').where('user_id', '=', user.id).executeTakeFirst();
    const actor = actorOf({ id: user.id, role: user.role_id as RoleId, workshopId: workshop?.id ?? null, customerId: customer?.id ?? null })!;
    expect(actor).not.toBeNull();

    const all = await db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select(['l.id', 'l.workshop_id', 'o.customer_id']).orderBy('l.id').execute();
    const listed = await listLines(db, actor);
    const read = listed.map((line) => line.id).sort((a, b) => a - b);
    expect(read).toEqual(all.filter((line) => mayHear(actor, line)).map((line) => line.id));
    expect(read).toEqual(all.filter((line) => mayRead(actor, line)).map((line) => line.id));
    // The line an event carries to this reader is the line it reads, field for field; of another's line, nothing.
    const lineFor = await linesForReaders(db, all.map((line) => line.id));
    const carried = all.map((line) => lineFor(actor, line.id)).filter((line) => line !== null);
    expect(carried.sort((a, b) => b.id - a.id)).toEqual(listed);

    const changes = await db.selectFrom('order_line_changes').select(['line_id', 'workshop_id', 'previous_workshop_id', 'customer_id']).execute();
    const heard = [...new Set(changes.filter((change) => mayHear(actor, change as Pick<LineEvent, 'workshop_id' | 'previous_workshop_id' | 'customer_id'>)).map((c) => c.line_id))].sort((a, b) => a - b);
    const caughtUp = await linesChangedSince(db, actor, 0);
    expect([...caughtUp.orders.map((line) => line.id), ...caughtUp.gone].sort((a, b) => a - b)).toEqual(heard);
    // What the catch-up names but may not show is exactly what left the reader: never another's line.
    expect(caughtUp.gone.every((id) => !read.includes(id) && changes.some((c) => c.line_id === id && c.previous_workshop_id === actor.workshopId))).toBe(true);
  });

  test('the states above are all there, so each reader was asked about each of them', async () => {
    const { db } = f.t;
    const lines = await db.selectFrom('order_lines').select(['workshop_id', 'canceled_at']).execute();
    expect(lines.some((line) => line.workshop_id === null)).toBe(true);
    expect(lines.some((line) => line.canceled_at !== null)).toBe(true);
    const moved = await db.selectFrom('order_line_changes').select('id').where('previous_workshop_id', '=', f.ids.workshop).where('workshop_id', '=', f.ids.otherWorkshop).execute();
    expect(moved.length).toBeGreaterThan(0);
  });
});
