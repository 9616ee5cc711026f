import { type Kysely, Migrator } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { migrateToLatest, openDatabase } from '..';
import { migrationProvider } from '.';

const BEFORE = '2026-11-27-0039-notifications';

describe.each(testDatabases())('the digest mails migration on $name', (database) => {
  test('a line already at risk is at risk from the migration on; any other line has no such time', async () => {
    const handle = openDatabase(await database.create());
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const before = handle.db as Kysely<any>;
      const day = '2026-11-01T09:00:00.000Z';
      const product = await before.insertInto('products').values({ title: 'Yüzük', price: 100, created_at: day, updated_at: day }).returning('id').executeTakeFirstOrThrow();
      const order = await before.insertInto('orders').values({ order_number: 'B2B-000001', source: 'manual', created_at: day, updated_at: day }).returning('id').executeTakeFirstOrThrow();
      const line = async (barcode: string, late_risk: number | null) =>
        (await before.insertInto('order_lines').values({ order_id: order.id, product_id: product.id, barcode, late_risk, created_at: day, updated_at: day }).returning('id').executeTakeFirstOrThrow()).id as number;
      const risky = await line('1', 1);
      const safe = await line('2', 0);
      const closed = await line('3', null);

      const from = Date.now();
      await migrateToLatest(handle.db);

      const rows = await handle.db.selectFrom('order_lines').select(['id', 'late_risk_since']).orderBy('id').execute();
      expect(rows.map((row) => [row.id, row.late_risk_since === null])).toEqual([
        [risky, false],
        [safe, true],
        [closed, true],
      ]);
      expect(Date.parse(String(rows[0].late_risk_since))).toBeGreaterThanOrEqual(from - 1_000);
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});
