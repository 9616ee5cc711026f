import { addHours } from 'date-fns';
import { type Kysely, Migrator, sql } from 'kysely';
import { countedFigureSums, keptFigureSums } from '../../../../test/figure-sums';
import { testDatabases } from '../../../../test/databases';
import { until } from '../../../../test/until';
import { foldFiguresEvery } from '../../modules/order-lines/figures';
import { LineStatus } from '../../../shared/statuses';
import { migrateToLatest, openDatabase } from '..';
import { migrationProvider } from '.';
import { foldFigureDeltas, refillFigureSums } from './2026-11-28-0042-figure-deltas';

const BEFORE = '2026-11-27-0034-view-count-indexes';

describe.each(testDatabases())('the figure-sums migration on $name', (database) => {
  test('sums the lines there are, its triggers keep the sums through any write of a line or an order, and it goes back down', async () => {
    const handle = openDatabase(await database.create());
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const before = handle.db as Kysely<any>;
      const at = '2026-10-01T09:00:00.000Z';
      const product = await before.insertInto('products').values({ title: 'Yüzük', price: 100, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      const customer = await before.insertInto('customers').values({ name: 'Alıcı', email: 'a@example.com', phone: '1', address: 'x', company_name: 'x', tax_number: '1', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      const workshops: number[] = [];
      for (const name of ['Birinci', 'İkinci']) workshops.push((await before.insertInto('workshops').values({ name, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id);
      const order = async (customer_id: number | null, currency: string) =>
        (await before.insertInto('orders').values({ order_number: `B2B-${currency}-${customer_id}`, customer_id, currency, source: 'manual', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id as number;
      const orders = [await order(customer.id, 'TRY'), await order(customer.id, 'EUR'), await order(null, 'TRY')];
      let barcode = 0;
      // Each order, workshop (or none) and status; canceled or not; delivered a day and a half after it was made, or not.
      const line = (i: number) => ({
        order_id: orders[i % 3],
        customer_id: i % 3 === 2 ? null : customer.id,
        workshop_id: i % 5 === 4 ? null : workshops[i % 2],
        product_id: product.id,
        order_line_status_id: (i % 5) + 1,
        canceled_at: i % 4 === 3 ? at : null,
        delivery_to_office: i % 3 === 1 ? addHours(at, 36).toISOString() : null,
        total_price: 100.25 + i,
        product_cost: i % 7,
        barcode: String(++barcode),
        created_at: at,
        updated_at: at,
      });
      for (let i = 0; i < 30; i++) await before.insertInto('order_lines').values(line(i)).execute();

      await migrateToLatest(handle.db);
      const db = handle.db;
      const agree = async () => {
        const kept = await keptFigureSums(db);
        expect(kept).toEqual(await countedFigureSums(db));
        return kept;
      };
      // Not sums that happen to agree: every owner and group is there.
      expect((await agree()).sums.length).toBeGreaterThan(20);

      const ids = (await db.selectFrom('order_lines').select('id').orderBy('id').execute()).map((row) => row.id);
      const writes: Array<[string, () => Promise<unknown>]> = [
        ['a line made', () => db.insertInto('order_lines').values(line(30)).execute()],
        ['lines moved on in one statement', () => db.updateTable('order_lines').set({ order_line_status_id: LineStatus.Packing }).where('id', 'in', ids.slice(0, 12)).execute()],
        ['lines canceled', () => db.updateTable('order_lines').set({ canceled_at: at }).where('id', 'in', ids.slice(5, 9)).execute()],
        ['a cancellation taken back', () => db.updateTable('order_lines').set({ canceled_at: null }).where('id', '=', ids[3]).execute()],
        ['lines delivered', () => db.updateTable('order_lines').set({ delivery_to_office: addHours(at, 50).toISOString() }).where('id', 'in', ids.slice(0, 6)).execute()],
        ['lines to another workshop and to none', () => db.updateTable('order_lines').set({ workshop_id: workshops[1] }).where('workshop_id', '=', workshops[0]).execute()],
        ['a price and a cost corrected', () => db.updateTable('order_lines').set({ total_price: 5, product_cost: 2 }).where('id', '=', ids[10]).execute()],
        ['a gram written, which no sum reads', () => db.updateTable('order_lines').set({ product_gram: 4.2 }).execute()],
        ['an order canceled', () => db.updateTable('orders').set({ canceled_at: at }).where('id', '=', orders[0]).execute()],
        ['a line deleted', () => db.deleteFrom('order_lines').where('id', '=', ids[1]).execute()],
      ];
      for (const [name, write] of writes) {
        await write();
        expect({ name, ...(await keptFigureSums(db)) }).toEqual({ name, ...(await countedFigureSums(db)) });
      }
      // Summed again from scratch (after a load that bypassed the triggers), the same.
      const kept = await agree();
      await refillFigureSums(db);
      expect(await keptFigureSums(db)).toEqual(kept);
      // On PostgreSQL the writes appended their parts; folded into the sums, they leave none.
      await db.updateTable('order_lines').set({ order_line_status_id: LineStatus.Completed }).where('id', 'in', ids.slice(12, 20)).execute();
      const written = await agree();
      const parts = async () => Number((await db.selectFrom('line_figure_deltas').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      if (database.name === 'postgres') expect(await parts()).toBeGreaterThan(0);
      await foldFigureDeltas(db);
      expect(await parts()).toBe(0);
      expect(await keptFigureSums(db)).toEqual(written);
      if (database.name === 'postgres') {
        // Two writers of one workshop's lines: the second never waits for the first to commit (it did, on a row of the sums).
        const [first, second] = ids.slice(20, 22);
        const pair = await db.selectFrom('order_lines').select(['workshop_id', 'order_line_status_id']).where('id', 'in', [first, second]).execute();
        expect(new Set(pair.map((line) => line.workshop_id)).size).toBe(1);
        await db.transaction().execute(async (a) => {
          await a.updateTable('order_lines').set({ order_line_status_id: LineStatus.Packing }).where('id', '=', first).execute();
          await db.transaction().execute(async (b) => {
            await sql`set local lock_timeout = '3s'`.execute(b);
            await b.updateTable('order_lines').set({ order_line_status_id: LineStatus.Packing }).where('id', '=', second).execute();
          });
        });
        expect(await keptFigureSums(db)).toEqual(await countedFigureSums(db));
        // The server folds the parts into the sums by itself.
        const failures: unknown[] = [];
        const stop = foldFiguresEvery(db, { error: (error) => failures.push(error) }, 10);
        try {
          expect(await parts()).toBeGreaterThan(0);
          await until(async () => (await parts()) === 0);
        } finally {
          await stop();
        }
        expect(failures).toEqual([]);
        expect(await keptFigureSums(db)).toEqual(await countedFigureSums(db));
      }

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});
