import { type Kysely, Migrator } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { LineStatus, PackingStatus } from '../../../shared/statuses';
import { migrateToLatest, openDatabase } from '..';
import { migrationProvider } from '.';

const BEFORE = '2026-11-27-0034-view-count-indexes';

describe.each(testDatabases())('the line forecasts migration on $name', (database) => {
  test('an open line gets what the forecast gives without history (its expected date, the day it reached the office), not at risk; a closed one none', async () => {
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
            .values({ order_id: order.id, product_id: product.id, barcode: String(++barcode), production_expected_date: day(10), created_at: day(1), updated_at: day(1), ...patch })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id as number;
      const open = await line({ order_line_status_id: LineStatus.InProcess });
      const delivered = await line({ order_line_status_id: LineStatus.Packing, delivery_to_office: day(12) });
      const canceled = await line({ canceled_at: day(5) });
      const shipped = await line({ order_line_status_id: LineStatus.Completed, packing_status_id: PackingStatus.HandedToCarrier, delivery_to_office: day(8) });

      await migrateToLatest(handle.db);

      const rows = await handle.db.selectFrom('order_lines').select(['id', 'forecast_date', 'late_risk']).orderBy('id').execute();
      const instant = (at: string | null) => (at === null ? null : new Date(at).toISOString());
      expect(rows.map((row) => [row.id, instant(row.forecast_date), row.late_risk])).toEqual([
        [open, day(10), 0],
        [delivered, day(12), 0],
        [canceled, null, null],
        [shipped, null, null],
      ]);
      expect(await handle.db.selectFrom('step_medians').selectAll().execute()).toEqual([]);
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});
