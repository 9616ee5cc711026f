/*
 * Two writers that take the same rows in opposite order deadlock on PostgreSQL, which ends it by
 * rolling one back: the line writer tries that one again, and both writes are made. SQLite writes
 * one transaction at a time and never deadlocks.
 */
import { sql } from 'kysely';
import { type Fixture, startFixture } from '../../../../test/fixture';
import { testDatabases } from '../../../../test/databases';
import { lineBus, WRITE_TRIES } from './bus';

const postgres = testDatabases().filter((database) => database.name === 'postgres');

/** A promise and the function that settles it. */
function signal() {
  let give = () => {};
  const given = new Promise<void>((resolve) => (give = resolve));
  return { give, given };
}

(postgres.length ? describe : describe.skip)('the line writer on PostgreSQL', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(await postgres[0].create());
  }, 60_000);
  afterAll(() => f?.close());

  test('a write rolled back to end a deadlock is tried again, and both writers get their way', async () => {
    const db = f.t.db;
    const bus = lineBus({ dialect: 'sqlite', databaseUrl: '', log: { warn: () => undefined, info: () => undefined } });
    const [first, second] = (await db.selectFrom('order_lines').select('id').orderBy('id').limit(2).execute()).map((row) => row.id);
    const note = (trx: typeof db, id: number, text: string) => trx.updateTable('order_lines').set({ customer_note: text }).where('id', '=', id).execute();
    const tries = { A: 0, B: 0 };
    const holds = { A: signal(), B: signal() };
    // Each takes one row, waits until the other has taken the other row, then asks for it.
    const writer = (who: 'A' | 'B', other: 'A' | 'B', [mine, theirs]: number[]) =>
      bus.write(db, async (trx) => {
        tries[who]++;
        await note(trx, mine, who);
        if (tries[who] === 1) {
          holds[who].give();
          await holds[other].given;
        }
        await note(trx, theirs, who);
      });
    const [a, b] = [writer('A', 'B', [first, second]), writer('B', 'A', [second, first])];
    await Promise.all([a, b]);
    // One of them was rolled back once, and tried again after the other committed.
    expect(tries.A + tries.B).toBe(3);
    const notes = (await db.selectFrom('order_lines').select('customer_note').where('id', 'in', [first, second]).execute()).map((row) => row.customer_note);
    expect(new Set(notes).size).toBe(1);
    expect(WRITE_TRIES).toBeGreaterThan(1);
    // A write that deadlocks every time gives up after its tries, with the database's error.
    let failing = 0;
    const always = bus.write(db, async (trx) => {
      failing++;
      await sql`select 1`.execute(trx);
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    await expect(always).rejects.toMatchObject({ code: '40P01' });
    expect(failing).toBe(WRITE_TRIES);
  }, 30_000);
});
