import { Migrator } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { migrateToLatest, openDatabase } from '..';
import { migrationProvider } from '.';

describe.each(testDatabases())('the built-in steps migration on $name', (database) => {
  test('adds the built-in steps that are missing and keeps those already there', async () => {
    const handle = openDatabase(await database.create());
    try {
      const migration = await new Migrator({ db: handle.db, provider: migrationProvider }).migrateTo('2026-11-23-0005-line-history');
      expect(migration.error).toBeUndefined();
      const at = new Date().toISOString();
      const kept = await handle.db
        .insertInto('production_steps')
        .values([
          { step_name: 'Cila', description: 'ours', created_at: at, updated_at: at },
          { step_name: 'Döküm', description: '', created_at: at, updated_at: at },
        ])
        .returning('id')
        .execute();

      await migrateToLatest(handle.db);

      const steps = await handle.db.selectFrom('production_steps').select(['id', 'step_name', 'description']).orderBy('id').execute();
      expect(steps.map((s) => s.step_name)).toEqual(['Cila', 'Döküm', 'Kesim', 'Kaynak', 'Kalite Kontrol']);
      expect(steps[0]).toEqual({ id: kept[0].id, step_name: 'Cila', description: 'ours' });
    } finally {
      await handle.close();
    }
  });
});
