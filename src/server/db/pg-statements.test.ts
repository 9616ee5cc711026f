import { sql } from 'kysely';
import pg from 'pg';
import { testDatabases } from '../../../test/databases';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '.';
import { selectArrays } from './array-rows';
import { KEPT_PER_CONNECTION, statementsOnPostgres } from './pg-statements';

const postgres = testDatabases().filter((database) => database.name === 'postgres');

describe.each(postgres)('statements prepared by name on $name', (database) => {
  let handle: DatabaseHandle;
  let url: string;
  beforeAll(async () => {
    url = await database.create();
    handle = openDatabase(url);
    await migrateToLatest(handle.db);
  }, 120_000);
  afterAll(() => handle?.close());

  /** The texts the transaction's connection holds prepared (it may have served the migrations before). */
  const prepared = async (trx: DatabaseHandle['db']) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)).rows.map((row) => row.statement);
  /** Those prepared since `before`, but for the probe itself (met again by the second look). */
  const since = async (trx: DatabaseHandle['db'], before: string[]) =>
    (await prepared(trx)).filter((text) => !before.includes(text) && !text.includes('pg_prepared_statements'));

  test('a text met a second time is prepared and answers as before; a text met once is not', async () => {
    await handle.db.transaction().execute(async (trx) => {
      const step = (name: string) => trx.selectFrom('production_steps').select('id').where('step_name', '=', name);
      const before = await prepared(trx);
      await trx.selectFrom('products').select('id').where('title', '=', 'yok').execute();
      const first = await step('Döküm').execute();
      expect(await since(trx, before)).toEqual([]);
      expect(await step('Döküm').execute()).toEqual(first);
      expect(await step('Cila').execute()).toEqual(await trx.selectFrom('production_steps').select('id').where('step_name', '=', 'Cila').execute());
      expect(await since(trx, before)).toEqual([step('x').compile().sql]);
      // Array rows keep their own statement, prepared the same way.
      const arrays = () => selectArrays(trx, trx.selectFrom('production_steps').select(['id', 'step_name']).orderBy('id'));
      const rows = await arrays();
      expect(await arrays()).toEqual(rows);
      expect(rows.every(Array.isArray)).toBe(true);
      expect(await since(trx, before)).toHaveLength(2);
    });
  });

  test('a statement with a limit is never prepared, so each call is planned for its values; one without may keep its plan', async () => {
    await handle.db.transaction().execute(async (trx) => {
      const before = await prepared(trx);
      const newest = (name: string) => trx.selectFrom('production_steps').select('id').where('step_name', '=', name).orderBy('id', 'desc').limit(1);
      const first = await newest('Döküm').execute();
      for (let i = 0; i < 8; i++) expect(await newest('Döküm').execute()).toEqual(first);
      expect(await since(trx, before)).toEqual([]);
      const steps = (name: string) => trx.selectFrom('production_steps').select(['id', 'step_name']).where('step_name', '=', name);
      for (let i = 0; i < 8; i++) await steps('Döküm').execute();
      expect(await since(trx, before)).toEqual([steps('x').compile().sql]);
      // The server's own choice between a kept plan and one per call.
      const { rows } = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(trx);
      expect(rows[0].plan_cache_mode).toBe('auto');
    });
  });

  test(`a connection keeps at most ${KEPT_PER_CONNECTION} texts prepared`, async () => {
    await handle.db.transaction().execute(async (trx) => {
      for (let n = 1; n <= KEPT_PER_CONNECTION + 20; n++) {
        const text = trx.selectFrom('production_steps').select(sql<number>`${sql.lit(n)}`.as('n')).where('id', '=', 0);
        await text.execute();
        await text.execute();
      }
      expect((await prepared(trx)).length).toBe(KEPT_PER_CONNECTION);
    });
  });

  test("node-postgres's own callers, which pass a callback, are answered as before", async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    statementsOnPostgres(pool);
    try {
      for (let i = 0; i < 3; i++) expect((await pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      expect((await pool.query<{ n: number }>('select $1::int as n', [7])).rows).toEqual([{ n: 7 }]);
    } finally {
      await pool.end();
    }
  });
});
