import { type Kysely, Migrator } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { migrateToLatest, openDatabase } from '..';
import { migrationProvider } from '.';

const BEFORE = '2026-11-27-0030-archive-indexes';

describe.each(testDatabases())('the line-customers migration on $name', (database) => {
  test("names on each line its order's customer, none for an order without one, and goes back down", async () => {
    const handle = openDatabase(await database.create());
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const before = handle.db as Kysely<any>;
      const at = '2026-10-01T09:00:00.000Z';
      const product = await before.insertInto('products').values({ title: 'Yüzük', price: 100, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      const customer = await before.insertInto('customers').values({ name: 'Alıcı', email: 'a@example.com', phone: '1', address: 'x', company_name: 'x', tax_number: '1', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      const order = async (customer_id: number | null, number: string) =>
        (await before.insertInto('orders').values({ order_number: number, customer_id, source: 'manual', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id as number;
      const owned = await order(customer.id, 'B2B-000001');
      const anonymous = await order(null, 'B2B-000002');
      let barcode = 0;
      for (const order_id of [owned, owned, anonymous]) {
        await before.insertInto('order_lines').values({ order_id, product_id: product.id, barcode: String(++barcode), created_at: at, updated_at: at }).execute();
      }

      await migrateToLatest(handle.db);

      const rows = await handle.db.selectFrom('order_lines').select(['order_id', 'customer_id']).orderBy('id').execute();
      expect(rows).toEqual([
        { order_id: owned, customer_id: customer.id },
        { order_id: owned, customer_id: customer.id },
        { order_id: anonymous, customer_id: null },
      ]);
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});
