/*
 * Lists kept as their lines' texts: read again after changes, a list reads only the lines its
 * reader heard change, and is then what a whole read would give; anything else that moved (a
 * product renamed) reads it whole.
 */
import { type Fixture, startFixture } from '../../../../test/fixture';
import { testDatabases } from '../../../../test/databases';
import { API, type OrderLineDto } from '../../../shared/api';
import type { Actor } from './actor';
import { KeptLists } from './kept-lists';
import { listVersion } from './list-versions';
import { linesChangedSince, latestVersion } from './queries';

describe.each(testDatabases())('kept lists on $name', (database) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(await database.create());
    // The changes of line A made long before the others, beyond PostgreSQL's overlap (queries.ts CATCH_UP_OVERLAP_MS).
    const long = new Date(Date.now() - 10 * 60_000).toISOString();
    await f.t.db.updateTable('order_line_changes').set({ created_at: long }).where('line_id', '=', f.ids.line).execute();
  }, 120_000);
  afterAll(() => f?.close());

  const actors = (): Array<[string, Actor]> => [
    ['workshop A', { userId: 0, workshopId: f.ids.workshop }],
    ['customer A, as itself', { userId: 0, customerId: f.ids.customer, isCustomer: true }],
  ];
  const call = async (who: string, method: 'POST' | 'PUT', url: string, body: unknown) => {
    const answer = await f.t.call(method, url, { token: f.caller(who).token, body });
    if (answer.status !== 200 && answer.status !== 201) throw new Error(`${url} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  /** The list's lines as `kept` gives them now, parsed. */
  const read = async (kept: KeptLists, actor: Actor) => {
    const { start, withoutChanges } = await listVersion(f.t.db, actor, { offset: 0, limit: null, wire: false });
    const lines = await kept.read(f.t.db, actor, start, withoutChanges);
    if (!('texts' in lines)) throw new Error('a short list is kept');
    return lines.texts.map((text) => JSON.parse(text.toString()) as OrderLineDto);
  };
  /** The list read whole, by lists that hold nothing yet. */
  const whole = (actor: Actor) => read(new KeptLists(), actor);

  test('read again, a list reads only the lines changed since (a line written without a change stays as it was) and is otherwise as read whole', async () => {
    const kept = new KeptLists();
    for (const [who, actor] of actors()) expect([who, await read(kept, actor)]).toEqual([who, await whole(actor)]);

    // Written behind the line writer's back: no change is logged.
    await f.t.db.updateTable('order_lines').set({ customer_note: 'Kayıtsız not' }).where('id', '=', f.ids.line).execute();
    // A new order of customer A for workshop A's product: its line is logged.
    const order = { address: 'Bağdat Cd. 1', email: 'alici@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', products: [{ product_id: f.ids.product, quantity: 2 }], credit_exceeded_confirmed: true };
    const placed = (await call('customer', 'POST', API.manualOrder, order)).order.id as number;
    const added = (await f.t.db.selectFrom('order_lines').select('id').where('order_id', '=', placed).execute()).map((row) => row.id);
    expect(added).toHaveLength(2);
    for (const [who, actor] of actors()) {
      const [again, fresh] = [await read(kept, actor), await whole(actor)];
      expect([who, again.map((line) => line.id)]).toEqual([who, fresh.map((line) => line.id)]);
      expect(added.every((id) => again.some((line) => line.id === id))).toBe(true);
      const note = (lines: OrderLineDto[]) => lines.find((line) => line.id === f.ids.line)?.customer_note;
      expect([who, note(again), note(fresh)]).toEqual([who, null, 'Kayıtsız not']);
      expect([who, again.filter((line) => line.id !== f.ids.line)]).toEqual([who, fresh.filter((line) => line.id !== f.ids.line)]);
    }

    // The new lines' changes, taken above, are not taken again, though PostgreSQL's overlap still holds them.
    await f.t.db.updateTable('order_lines').set({ customer_note: 'Yine kayıtsız' }).where('id', '=', added[0]).execute();
    for (const [who, actor] of actors()) {
      const again = await read(kept, actor);
      expect([who, again.find((line) => line.id === added[0])?.customer_note]).not.toEqual([who, 'Yine kayıtsız']);
      expect([who, (await whole(actor)).find((line) => line.id === added[0])?.customer_note]).toEqual([who, 'Yine kayıtsız']);
    }

    // The line changed through the writer: read again, with what was written beside it.
    await call('admin', 'PUT', API.cancelLine(f.ids.line), { reason: 'Vazgeçti' });
    await call('admin', 'PUT', API.cancelLine(added[0]), { reason: 'Vazgeçti' });
    for (const [who, actor] of actors()) expect([who, await read(kept, actor)]).toEqual([who, await whole(actor)]);
  });

  test('a product renamed reads the list whole, with the lines no change named', async () => {
    const kept = new KeptLists();
    const [[, actor]] = actors();
    await read(kept, actor);
    await f.t.db.updateTable('order_lines').set({ customer_note: 'Yine kayıtsız' }).where('id', '=', f.ids.line).execute();
    const product = (await f.t.call('GET', API.product(f.ids.product), { token: f.caller('admin').token })).body.product;
    await call('admin', 'PUT', API.product(f.ids.product), { title: 'Yeni Yüzük', price: product.price, workmanship_rate: product.workmanship_rate, production_expected_days: product.production_expected_days, expected_weight: product.expected_weight, material_id: product.material_id });
    const again = await read(kept, actor);
    expect(again).toEqual(await whole(actor));
    expect(again.find((line) => line.id === f.ids.line)).toMatchObject({ product_title: 'Yeni Yüzük', customer_note: 'Yine kayıtsız' });
  });

  test('readers asking for one list at once share one read and one compression of it, and each gets it whole', async () => {
    // A change first, so no answer is kept under the list's new tag.
    await f.t.db.updateTable('products').set({ updated_at: new Date().toISOString() }).where('id', '=', f.ids.product).execute();
    const reads = jest.spyOn(KeptLists.prototype, 'read');
    try {
      const token = f.caller('workshop').token;
      const answers = await Promise.all(Array.from({ length: 6 }, () => f.t.call('GET', API.myWorkshopOrders, { token })));
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
      expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
      expect(answers.every((answer) => JSON.stringify(answer.body) === JSON.stringify(answers[0].body))).toBe(true);
      expect(reads).toHaveBeenCalledTimes(1);
      expect((answers[0].body.orders as OrderLineDto[]).map((line) => line.id)).toEqual((await whole(actors()[0][1])).map((line) => line.id));
    } finally {
      reads.mockRestore();
    }
  });

  test('the changes since a version hold, on PostgreSQL, those made within the overlap before it, and never older ones', async () => {
    const db = f.t.db;
    const office: Actor = { userId: 0 };
    const version = await latestVersion(db);
    const { looked, version: read } = await linesChangedSince(db, office, version);
    expect(read).toBe(version);
    const taken = await db.selectFrom('order_line_changes').select('id').where('id', 'in', [...looked, 0]).execute();
    // Line A's first changes, moved ten minutes back by beforeAll: past any overlap.
    const long = (await db.selectFrom('order_line_changes').select('id').where('created_at', '<', new Date(Date.now() - 5 * 60_000).toISOString()).execute()).map((row) => row.id);
    expect(long.length).toBeGreaterThan(0);
    expect(taken.filter((change) => long.includes(change.id))).toEqual([]);
    // The fixture's own changes, made moments before the newest, might yet be committed late on PostgreSQL.
    if (database.name === 'postgres') expect(taken.length).toBeGreaterThan(1);
    else expect(taken).toEqual([]);
    // A version read from an empty log, and one past the newest, read no change.
    expect((await linesChangedSince(db, office, version + 1000)).looked.size).toBe(0);
  });
});
