import { testDatabases } from '../../../test/databases';
import type { StayPlace } from '../../shared/flow';
import { countStaysLast } from '../modules/flow/stay-counts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '.';
import { committing, lastInTransaction } from './after-commit';

/* A transaction's last work (after-commit.ts), and the counts of a place written there. */

describe.each(testDatabases())('work left for the end of a transaction on $name', (database) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = openDatabase(await database.create());
    await migrateToLatest(handle.db);
  }, 120_000);
  afterAll(() => handle?.close());

  const place: StayPlace = { workshop_id: null, phase: 'packing', step_id: null };
  const waiting = async () => (await handle.db.selectFrom('stay_cells').select('waiting').where('phase', '=', 'packing').where('workshop_key', '=', 0).executeTakeFirst())?.waiting ?? 0;

  test('runs after the rest of the work, once per key, inside the transaction; not at all when it rolls back', async () => {
    const order: string[] = [];
    await committing(handle.db, async (trx) => {
      expect(lastInTransaction(trx, 'k', async () => void order.push('first of k'))).toBe(true);
      expect(lastInTransaction(trx, 'k', async () => void order.push('second of k'))).toBe(true);
      order.push('work');
    });
    expect(order).toEqual(['work', 'first of k']);
    await expect(
      committing(handle.db, async (trx) => {
        lastInTransaction(trx, 'k', async () => void order.push('rolled back'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(order).toEqual(['work', 'first of k']);
    // Outside a transaction opened by `committing`, the caller does its work at once.
    expect(lastInTransaction(handle.db, 'k', async () => undefined)).toBe(false);
    await handle.db.transaction().execute(async (trx) => expect(lastInTransaction(trx, 'k', async () => undefined)).toBe(false));
  });

  test("a writer's stays are counted together at its end, before it commits; outside `committing` at once", async () => {
    const before = await waiting();
    await committing(handle.db, async (trx) => {
      await countStaysLast(trx, { opened: [place] });
      await countStaysLast(trx, { opened: [place, place] });
      // Not counted yet, in the transaction itself.
      const inside = await trx.selectFrom('stay_cells').select('waiting').where('phase', '=', 'packing').where('workshop_key', '=', 0).executeTakeFirst();
      expect(inside?.waiting ?? 0).toBe(before);
    });
    expect(await waiting()).toBe(before + 3);
    await handle.db.transaction().execute(async (trx) => {
      await countStaysLast(trx, { closed: [place] });
      const inside = await trx.selectFrom('stay_cells').select('waiting').where('phase', '=', 'packing').where('workshop_key', '=', 0).executeTakeFirstOrThrow();
      expect(inside.waiting).toBe(before + 2);
    });
  });
});
