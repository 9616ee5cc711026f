import { type Kysely, Migrator } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { barcodeOf, isBarcode } from '../../../shared/barcode';
import { takeBarcodes } from '../../modules/orders/barcodes';
import { migrateToLatest, openDatabase } from '..';
import { migrationProvider } from '.';

const BEFORE = '2026-11-26-0022-history-workshops';

describe.each(testDatabases())('the line barcodes migration on $name', (database) => {
  test('numbers the lines stored before in the order of their ids, and new lines go on after the last', async () => {
    const handle = openDatabase(await database.create());
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      // Lines as they were stored then, without a barcode.
      const before = handle.db as Kysely<any>;
      const at = new Date().toISOString();
      const product = await before.insertInto('products').values({ title: 'Yüzük', price: 100, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      const order = await before.insertInto('orders').values({ order_number: 'B2B-000001', source: 'manual', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      const line = { order_id: order.id, product_id: product.id, created_at: at, updated_at: at };
      const stored = await before.insertInto('order_lines').values([line, line, line, line]).returning('id').execute();
      await before.deleteFrom('order_lines').where('id', '=', stored[1].id).execute();

      await migrateToLatest(handle.db);

      const lines = await handle.db.selectFrom('order_lines').select(['id', 'barcode']).orderBy('id').execute();
      expect(lines).toEqual([stored[0], stored[2], stored[3]].map(({ id }, index) => ({ id, barcode: barcodeOf(index + 1) })));
      expect(lines.every((row) => isBarcode(row.barcode))).toBe(true);
      expect(await takeBarcodes(handle.db, 2)).toEqual([barcodeOf(4), barcodeOf(5)]);

      // Down and up again, on an empty table: the counter starts at one.
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      expect(await before.selectFrom('order_lines').select('barcode').distinct().execute()).toEqual([{ barcode: null }]);
      await handle.db.deleteFrom('order_lines').execute();
      await migrateToLatest(handle.db);
      expect(await takeBarcodes(handle.db, 1)).toEqual([barcodeOf(1)]);
    } finally {
      await handle.close();
    }
  });
});
