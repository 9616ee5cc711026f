import { sql } from 'kysely';
import { testDatabases } from '../../../test/databases';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '.';
import { selectArrays } from './array-rows';

describe.each(testDatabases())('rows as arrays on $name', (database) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = openDatabase(await database.create());
    await migrateToLatest(handle.db);
    const at = new Date().toISOString();
    await handle.db.insertInto('production_steps').values([{ step_name: 'Deneme Bir', created_at: at, updated_at: at }, { step_name: 'Deneme İki', created_at: at, updated_at: at }]).execute();
  }, 120_000);
  afterAll(() => handle?.close());

  const query = () => handle.db.selectFrom('production_steps').select(['id', 'step_name']).where('step_name', 'in', ['Deneme Bir', 'Deneme İki']).orderBy('id');

  test('a select asked for arrays answers each row as an array in its columns order; the same select otherwise answers objects', async () => {
    const arrays = await selectArrays(handle.db, query());
    const objects = await query().execute();
    expect(arrays).toEqual(objects.map((row) => [row.id, row.step_name]));
    expect(objects.map((row) => row.step_name)).toEqual(['Deneme Bir', 'Deneme İki']);
    // Asked again after the plain one: each text keeps its own statement.
    expect(await selectArrays(handle.db, query())).toEqual(arrays);
  });

  test("inside a transaction, on the transaction's connection", async () => {
    await handle.db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      await trx.insertInto('production_steps').values({ step_name: 'Mıhlama', created_at: at, updated_at: at }).execute();
      const rows = await selectArrays(trx, trx.selectFrom('production_steps').select('step_name').where('step_name', '=', 'Mıhlama'));
      expect(rows).toEqual([['Mıhlama']]);
    });
  });

  test('other statements of the connection are untouched', async () => {
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(rows.map((row) => Number(row.one))).toEqual([1]);
  });
});
