import { testDatabases } from '../../../test/databases';
import type { StayPlace } from '../../shared/flow';
import { countStaysLast } from '../modules/flow/stay-counts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '.';
import { committing, gatherForLast } from './after-commit';

/* A transaction's last work (after-commit.ts), and the counts of a place written there. */

describe.each(testDatabases())('work left for the end of a transaction on $name', (database) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = openDatabase(await database.create());
    await migrateToLatest(handle.db);
  }, 120_000);
  afterAll(() => handle?.close());

  const place: StayPlace = { workshop_id: null, phase: 'packing', step_id: null };
  /** The pieces waiting at `place` as `db` (the database, or a transaction inside) sees them. */
  const waiting = async (db: DatabaseHandle['db'] = handle.db) => (await db.selectFrom('stay_cells').select('waiting').where('phase', '=', 'packing').where('workshop_key', '=', 0).executeTakeFirst())?.waiting ?? 0;

  test('runs after the rest of the work, once per key, inside the transaction; not at all when it rolls back', async () => {
    const order: string[] = [];
    await committing(handle.db, async (trx) => {
      const gathered = gatherForLast(trx, 'k', () => order, async (o) => void o.push('first of k'));
      expect(gatherForLast(trx, 'k', () => [] as string[], async (o) => void o.push('second of k'))).toBe(gathered);
      order.push('work');
    });
    expect(order).toEqual(['work', 'first of k']);
    await expect(
      committing(handle.db, async (trx) => {
        gatherForLast(trx, 'k', () => order, async (o) => void o.push('rolled back'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(order).toEqual(['work', 'first of k']);
    // Outside a transaction opened by `committing`, the caller does its work at once.
    expect(gatherForLast(handle.db, 'k', () => order, async () => undefined)).toBeNull();
    await handle.db.transaction().execute(async (trx) => expect(gatherForLast(trx, 'k', () => order, async () => undefined)).toBeNull());
  });

  test("a writer's stays are counted together at its end, before it commits; outside `committing` at once", async () => {
    const before = await waiting();
    await committing(handle.db, async (trx) => {
      await countStaysLast(trx, { opened: [place] });
      await countStaysLast(trx, { opened: [place, place] });
      // Not counted yet, in the transaction itself.
      expect(await waiting(trx)).toBe(before);
    });
    expect(await waiting()).toBe(before + 3);
    await handle.db.transaction().execute(async (trx) => {
      await countStaysLast(trx, { closed: [place] });
      expect(await waiting(trx)).toBe(before + 2);
    });
  });
});
