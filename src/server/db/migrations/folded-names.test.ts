import { Migrator } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { migrateToLatest, openDatabase } from '..';
import { migrationProvider } from '.';

describe.each(testDatabases())('the folded names migration on $name', (database) => {
  test('folds the names and codes already written; of those repeated but for case, the first keeps its folded name', async () => {
    const handle = openDatabase(await database.create());
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect((await migrator.migrateTo('2026-11-26-0022-history-workshops')).error).toBeUndefined();
      const at = new Date().toISOString();
      await handle.db
        .insertInto('production_steps')
        .values(['İnce Ayar', 'ince ayar', 'Döküm'].map((step_name) => ({ step_name, created_at: at, updated_at: at })))
        .execute();
      await handle.db
        .insertInto('products')
        .values(['AT-İ1', null, 'at-i1'].map((our_product_id) => ({ title: 'Kolye', our_product_id, created_at: at, updated_at: at })))
        .execute();

      await migrateToLatest(handle.db);

      const steps = await handle.db.selectFrom('production_steps').select(['step_name', 'step_name_folded']).where('built_in', 'is', null).orderBy('id').execute();
      expect(steps).toEqual([
        { step_name: 'İnce Ayar', step_name_folded: 'ince ayar' },
        { step_name: 'ince ayar', step_name_folded: null },
        { step_name: 'Döküm', step_name_folded: 'döküm' },
      ]);
      const built = await handle.db.selectFrom('production_steps').select('step_name_folded').where('built_in', '=', 'qualityControl').executeTakeFirstOrThrow();
      expect(built.step_name_folded).toBe('kalite kontrol');
      const products = await handle.db.selectFrom('products').select(['our_product_id', 'our_product_id_folded']).orderBy('id').execute();
      expect(products).toEqual([
        { our_product_id: 'AT-İ1', our_product_id_folded: 'at-i1' },
        { our_product_id: null, our_product_id_folded: null },
        { our_product_id: 'at-i1', our_product_id_folded: null },
      ]);

      expect((await migrator.migrateTo('2026-11-26-0022-history-workshops')).error).toBeUndefined();
      await migrateToLatest(handle.db);
      expect(await handle.db.selectFrom('products').select('our_product_id_folded').orderBy('id').execute()).toEqual(products.map(({ our_product_id_folded }) => ({ our_product_id_folded })));
    } finally {
      await handle.close();
    }
  });
});
