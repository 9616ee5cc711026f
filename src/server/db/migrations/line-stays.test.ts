import { type Kysely, Migrator } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { migrateToLatest, openDatabase } from '..';
import { migrationProvider } from '.';

const BEFORE = '2026-11-27-0031-line-customers';

describe.each(testDatabases())('the line-stays migration on $name', (database) => {
  test('derives each piece’s stays from its history: a stay from each row that changed its place until the next, none after it closed, the last one open', async () => {
    const handle = openDatabase(await database.create());
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const before = handle.db as Kysely<any>;
      const hour = (n: number) => `2026-10-01T${String(n).padStart(2, '0')}:00:00.000Z`;
      const at = hour(0);
      const workshop = async (name: string) =>
        (await before.insertInto('workshops').values({ name, code: name, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id as number;
      const [w1, w2] = [await workshop('W1'), await workshop('W2')];
      const product = await before.insertInto('products').values({ title: 'Yüzük', price: 100, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      const order = await before.insertInto('orders').values({ order_number: 'B2B-000001', source: 'manual', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      let barcode = 0;
      const line = async (patch: object) =>
        (
          await before
            .insertInto('order_lines')
            .values({ order_id: order.id, product_id: product.id, barcode: String(++barcode), created_at: at, updated_at: at, ...patch })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id as number;
      type Row = [hour: number, action: string, status: [number, number], step: [number, number], workshop: [number | null, number | null]];
      const history = async (lineId: number, rows: Row[]) => {
        for (const [n, action, [from_status, to_status], [from_step, to_step], [from_workshop_id, to_workshop_id]] of rows) {
          await before
            .insertInto('order_line_history')
            .values({ order_line_id: lineId, action, from_status, to_status, from_step, to_step, from_workshop_id, to_workshop_id, created_at: hour(n) })
            .execute();
        }
      };
      const [s1, s2] = [11, 12];

      const walked = await line({ workshop_id: w1, order_line_status_id: 5, current_order_line_process: s2, packing_status_id: 3, closed_at: hour(20) });
      await history(walked, [
        [2, 'workshop_approve', [1, 1], [-1, -1], [w1, w1]],
        [5, 'next_step', [1, 2], [-1, s1], [w1, w1]],
        [7, 'next_step', [2, 2], [s1, s2], [w1, w1]],
        [9, 'next_step', [2, 3], [s2, s2], [w1, w1]],
        [10, 'quality_reject', [3, 2], [s2, s1], [w1, w1]],
        [12, 'next_step', [2, 2], [s1, s2], [w1, w1]],
        [14, 'next_step', [2, 3], [s2, s2], [w1, w1]],
        [15, 'quality_approve', [3, 4], [s2, s2], [w1, w1]],
        [16, 'gram', [4, 4], [s2, s2], [w1, w1]],
        [18, 'packing_approve', [4, 5], [s2, s2], [w1, w1]],
        [20, 'ship', [5, 5], [s2, s2], [w1, w1]],
      ]);
      const moved = await line({ workshop_id: w2, canceled_at: hour(8), closed_at: hour(8) });
      await history(moved, [
        [3, 'workshop_move', [1, 1], [-1, -1], [null, w1]],
        [6, 'workshop_move', [1, 1], [-1, -1], [w1, w2]],
        [8, 'cancel', [1, 1], [-1, -1], [w2, w2]],
      ]);
      // History older than its workshop columns: taken to be in the line's workshop.
      const old = await line({ workshop_id: w2, order_line_status_id: 2, current_order_line_process: s1 });
      await history(old, [[4, 'next_step', [1, 2], [-1, s1], [null, null]]]);
      const fresh = await line({ workshop_id: w1 });
      const unassigned = await line({ workshop_id: null });
      await line({ workshop_id: w1, canceled_at: hour(1), closed_at: hour(1) });

      await migrateToLatest(handle.db);

      const stays = await handle.db.selectFrom('line_stays').select(['order_line_id', 'workshop_id', 'phase', 'step_id', 'entered_at', 'left_at']).orderBy('order_line_id').orderBy('entered_at').execute();
      const instant = (value: string | null) => (value === null ? null : new Date(value).toISOString());
      expect(stays.map((stay) => [stay.order_line_id, stay.workshop_id, stay.phase, stay.step_id, instant(stay.entered_at), instant(stay.left_at)])).toEqual([
        [walked, w1, 'waiting', null, hour(0), hour(5)],
        [walked, w1, 'step', s1, hour(5), hour(7)],
        [walked, w1, 'step', s2, hour(7), hour(9)],
        [walked, w1, 'quality_control', null, hour(9), hour(10)],
        [walked, w1, 'step', s1, hour(10), hour(12)],
        [walked, w1, 'step', s2, hour(12), hour(14)],
        [walked, w1, 'quality_control', null, hour(14), hour(15)],
        [walked, w1, 'packing', null, hour(15), hour(18)],
        [walked, w1, 'carrier', null, hour(18), hour(20)],
        [moved, null, 'unassigned', null, hour(0), hour(3)],
        [moved, w1, 'waiting', null, hour(3), hour(6)],
        [moved, w2, 'waiting', null, hour(6), hour(8)],
        [old, w2, 'waiting', null, hour(0), hour(4)],
        [old, w2, 'step', s1, hour(4), null],
        [fresh, w1, 'waiting', null, hour(0), null],
        [unassigned, null, 'unassigned', null, hour(0), null],
      ]);
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});
