import { type Kysely, Migrator } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { PackingStatus } from '../../../shared/statuses';
import { migrateToLatest, openDatabase } from '..';
import { migrationProvider } from '.';

const BEFORE = '2026-11-27-0026-username-letters';

describe.each(testDatabases())('the closed-at migration on $name', (database) => {
  test('dates a line closed before it by its cancellation, else its last history row, else its last change; an open or unshipped line stays open', async () => {
    const handle = openDatabase(await database.create());
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const before = handle.db as Kysely<any>;
      const day = (n: number) => `2026-10-${String(n).padStart(2, '0')}T09:00:00.000Z`;
      const product = await before.insertInto('products').values({ title: 'Yüzük', price: 100, created_at: day(1), updated_at: day(1) }).returning('id').executeTakeFirstOrThrow();
      const order = await before.insertInto('orders').values({ order_number: 'B2B-000001', source: 'manual', created_at: day(1), updated_at: day(1) }).returning('id').executeTakeFirstOrThrow();
      let barcode = 0;
      const line = async (patch: object) =>
        (
          await before
            .insertInto('order_lines')
            .values({ order_id: order.id, product_id: product.id, barcode: String(++barcode), created_at: day(1), updated_at: day(20), ...patch })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id as number;
      const canceled = await line({ canceled_at: day(5) });
      const shipped = await line({ packing_status_id: PackingStatus.HandedToCarrier });
      const shippedWithoutHistory = await line({ packing_status_id: PackingStatus.HandedToCarrier });
      const packed = await line({ packing_status_id: PackingStatus.Packed });
      const open = await line({});
      for (const created_at of [day(7), day(9)]) {
        await before.insertInto('order_line_history').values({ order_line_id: shipped, action: 'x', from_status: 6, to_status: 6, from_step: 1, to_step: 1, created_at }).execute();
      }

      await migrateToLatest(handle.db);

      const rows = await handle.db.selectFrom('order_lines').select(['id', 'closed_at']).orderBy('id').execute();
      const instant = (at: string | null) => (at === null ? null : new Date(at).toISOString());
      expect(rows.map((row) => [row.id, instant(row.closed_at)])).toEqual([
        [canceled, day(5)],
        [shipped, day(9)],
        [shippedWithoutHistory, day(20)],
        [packed, null],
        [open, null],
      ]);
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});
