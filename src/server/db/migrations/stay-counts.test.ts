import { type Kysely, Migrator } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { migrateToLatest, openDatabase } from '..';
import { migrationProvider } from '.';
import { flowReport } from '../../modules/flow/report';

const BEFORE = '2026-11-27-0039-notifications';

describe.each(testDatabases())('the stay-counts migration on $name', (database) => {
  test('gives each stay its duration bucket and counts the stays there are: the pieces staying, and those ended by day and hour', async () => {
    const handle = openDatabase(await database.create());
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const before = handle.db as Kysely<any>;
      const at = '2026-10-01T00:00:00.000Z';
      const workshop = (await before.insertInto('workshops').values({ name: 'W1', code: 'W1', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id as number;
      const product = await before.insertInto('products').values({ title: 'Yüzük', price: 100, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      const order = await before.insertInto('orders').values({ order_number: 'B2B-000001', source: 'manual', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      const line = await before.insertInto('order_lines').values({ order_id: order.id, product_id: product.id, barcode: '1', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      const stay = (phase: string, entered_at: string, left_at: string | null) =>
        before.insertInto('line_stays').values({ order_line_id: line.id, workshop_id: phase === 'unassigned' ? null : workshop, phase, step_id: null, entered_at, left_at }).execute();
      // Half a minute, a minute and a half, two hours and a half (twice, on two days), and two staying.
      await stay('waiting', '2026-10-01T10:00:00.000Z', '2026-10-01T10:00:30.000Z');
      await stay('waiting', '2026-10-01T10:00:00.000Z', '2026-10-01T10:01:30.000Z');
      await stay('packing', '2026-10-01T08:00:00.000Z', '2026-10-01T10:30:00.000Z');
      await stay('packing', '2026-10-02T08:00:00.000Z', '2026-10-02T10:30:00.000Z');
      await stay('packing', '2026-10-02T11:00:00.000Z', null);
      await stay('unassigned', '2026-10-02T11:00:00.000Z', null);

      await migrateToLatest(handle.db);

      const buckets = await handle.db.selectFrom('line_stays').select(['phase', 'bucket']).orderBy('id').execute();
      // 128 buckets to each e-fold of minutes: 1 + floor(ln(1.5) * 128) = 52, 1 + floor(ln(150) * 128) = 642.
      expect(buckets.map((row) => [row.phase, row.bucket])).toEqual([
        ['waiting', 0],
        ['waiting', 52],
        ['packing', 642],
        ['packing', 642],
        ['packing', null],
        ['unassigned', null],
      ]);
      const [october1, october2] = [Date.parse('2026-10-01T00:00:00Z') / 86_400_000, Date.parse('2026-10-02T00:00:00Z') / 86_400_000];
      const cells = await handle.db.selectFrom('stay_cells').select(['workshop_key', 'phase', 'step_key', 'waiting']).orderBy('phase').execute();
      expect(cells).toEqual([
        { workshop_key: workshop, phase: 'packing', step_key: 0, waiting: 1 },
        { workshop_key: 0, phase: 'unassigned', step_key: 0, waiting: 1 },
        { workshop_key: workshop, phase: 'waiting', step_key: 0, waiting: 0 },
      ]);
      const days = await handle.db.selectFrom('stay_days').select(['phase', 'day', 'counts']).orderBy('phase').orderBy('day').execute();
      expect(days.map((row) => [row.phase, row.day, JSON.parse(row.counts)])).toEqual([
        ['packing', october1, { 642: 1 }],
        ['packing', october2, { 642: 2 }],
        ['waiting', october1, { 0: 1, 52: 1 }],
      ]);
      const hours = await handle.db.selectFrom('stay_hours').select(['phase', 'hour', 'counts']).orderBy('phase').orderBy('hour').execute();
      expect(hours.map((row) => [row.phase, row.hour, JSON.parse(row.counts)])).toEqual([
        ['packing', october1 * 24 + 10, { 642: 1 }],
        ['packing', october2 * 24 + 10, { 642: 1 }],
        ['waiting', october1 * 24 + 10, { 0: 1, 52: 1 }],
      ]);
      expect(await flowReport(handle.db, { from: '2026-10-01T10:00:30.000Z', to: '2026-10-02T10:30:00.000Z' })).toEqual([
        { workshop_id: null, step_id: null, phase: 'unassigned', step_name: null, pieces: 0, median_hours: null, p90_hours: null, waiting_now: 1 },
        { workshop_id: workshop, step_id: null, phase: 'waiting', step_name: null, pieces: 2, median_hours: 0.02, p90_hours: 0.02, waiting_now: 0 },
        { workshop_id: workshop, step_id: null, phase: 'packing', step_name: null, pieces: 2, median_hours: 2.5, p90_hours: 2.5, waiting_now: 1 },
      ]);
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});
