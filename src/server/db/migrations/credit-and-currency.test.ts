import { Migrator } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { migrateToLatest, openDatabase } from '..';
import { migrationProvider } from '.';

describe.each(testDatabases())('the credit and currency migration on $name', (database) => {
  test('stored prices and credits take the settings currency of the day; a customer without a postcode takes its latest order’s', async () => {
    const handle = openDatabase(await database.create());
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect((await migrator.migrateTo('2026-11-24-0012-catalogue-syncs')).error).toBeUndefined();
      const at = new Date().toISOString();
      await handle.db.insertInto('settings').values({ key: 'general', value: JSON.stringify({ currency: 'EUR', time_zone: 'Europe/Istanbul' }), updated_at: at }).execute();
      const customer = (fields: object) => ({ name: 'A', email: 'a@example.com', phone: '1', address: 'x', company_name: 'x', tax_number: '1', credit: 500, created_at: at, updated_at: at, ...fields });
      const [bare, kept] = await handle.db.insertInto('customers').values([customer({ zip_code: '' }), customer({ zip_code: '06000' })]).returning('id').execute();
      const orderOf = (customer_id: number, zip_code: string | null, city: string | null) => ({ order_number: 'x', source: 'manual', customer_id, zip_code, city, created_at: at, updated_at: at });
      await handle.db.insertInto('orders').values([orderOf(bare.id, '34000', 'İstanbul'), orderOf(bare.id, '35000', null), orderOf(bare.id, '', ''), orderOf(kept.id, '07000', 'Antalya')]).execute();
      await handle.db.insertInto('products').values({ title: 'Yüzük', price: 100, created_at: at, updated_at: at }).execute();

      await migrateToLatest(handle.db);

      expect(await handle.db.selectFrom('products').select('currency').execute()).toEqual([{ currency: 'EUR' }]);
      const customers = await handle.db.selectFrom('customers').select(['credit_currency', 'zip_code', 'city']).orderBy('id').execute();
      expect(customers).toEqual([
        { credit_currency: 'EUR', zip_code: '35000', city: 'İstanbul' },
        { credit_currency: 'EUR', zip_code: '06000', city: 'Antalya' },
      ]);
      expect(await handle.db.selectFrom('orders').select('credit_exceeded').distinct().execute()).toEqual([{ credit_exceeded: 0 }]);

      // Down and up again, with no settings saved: lira.
      expect((await migrator.migrateTo('2026-11-24-0012-catalogue-syncs')).error).toBeUndefined();
      await handle.db.deleteFrom('settings').execute();
      await migrateToLatest(handle.db);
      expect(await handle.db.selectFrom('customers').select('credit_currency').distinct().execute()).toEqual([{ credit_currency: 'TRY' }]);
    } finally {
      await handle.close();
    }
  });
});
