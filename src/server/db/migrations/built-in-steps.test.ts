import { Migrator } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { migrateToLatest, openDatabase } from '..';
import { isUniqueViolation } from '../errors';
import { migrationProvider } from '.';

describe.each(testDatabases())('the built-in steps migration on $name', (database) => {
  test('keys the oldest step of each built-in name, adds the missing ones, and keys each at most once', async () => {
    const handle = openDatabase(await database.create());
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect((await migrator.migrateTo('2026-11-23-0005-line-history')).error).toBeUndefined();
      const at = new Date().toISOString();
      const kept = await handle.db
        .insertInto('production_steps')
        .values(['Cila', 'Döküm', 'Cila'].map((step_name, i) => ({ step_name, description: i === 0 ? 'ours' : '', created_at: at, updated_at: at })))
        .returning('id')
        .execute();

      await migrateToLatest(handle.db);

      const steps = () => handle.db.selectFrom('production_steps').select(['id', 'step_name', 'description', 'built_in']).orderBy('id').execute();
      const migrated = await steps();
      // The first 'Cila' is reused as is; its later namesake and 'Döküm' stay the office's own.
      expect(migrated.map((s) => [s.step_name, s.built_in])).toEqual([
        ['Cila', 'polishing'],
        ['Döküm', null],
        ['Cila', null],
        ['Kesim', 'cutting'],
        ['Kaynak', 'welding'],
        ['Kalite Kontrol', 'qualityControl'],
      ]);
      expect(migrated[0]).toEqual({ id: kept[0].id, step_name: 'Cila', description: 'ours', built_in: 'polishing' });
      // A key belongs to one step (the driver's error is checked by code: it comes from outside jest's realm).
      const second = handle.db.insertInto('production_steps').values({ step_name: 'Kesim 2', built_in: 'cutting', created_at: at, updated_at: at }).execute();
      expect(isUniqueViolation(await second.catch((error: unknown) => error))).toBe(true);

      // Down and up again: the keys go and come back to the same steps, nothing is added.
      expect((await migrator.migrateTo('2026-11-23-0005-line-history')).error).toBeUndefined();
      await migrateToLatest(handle.db);
      expect(await steps()).toEqual(migrated);
    } finally {
      await handle.close();
    }
  });
});
