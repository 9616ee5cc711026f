import { addMilliseconds } from 'date-fns';
import { millisecondsInDay, millisecondsInHour, millisecondsInWeek } from 'date-fns/constants';
import { sql } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { queryPlan } from '../../../../test/query-plan';
import { startTestApp, type TestApp } from '../../../../test/server';
import { endedFigures, stayCountsKeptAndCounted } from '../../../../test/stay-counts';
import { API, type FlowStepDto, type FlowWeekDto } from '../../../shared/api';
import type { StayPlace } from '../../../shared/flow';
import type { Db } from '../../db';
import { seedCatalogue } from '../../db/demo-catalogue';
import { seedOrders } from '../../db/demo-orders';
import { takeBarcodes } from '../orders/barcodes';
import { cellOrder, type FlowQuery, flowReport, hoursOf, withStepNames } from './report';
import { bucketReads } from './percentiles';
import { countStays, periodQueries } from './stay-counts';
import { endedAtEdge, flowTrend } from './trend';

/*
 * The flow report from its kept counts against the same figures counted from every stay of the
 * period (`endedFigures`, percentile_cont on PostgreSQL, by rank on SQLite), over histories of
 * known times: many places, ties, places of one and two stays, stays written out of time order and
 * left later, periods within an hour, a day and many days, ends on the hour and the day; and the
 * counts kept by each writer equal to those counted again from the stays.
 */

/** The report as it was counted from every stay of the period: the reference. */
async function reference(db: Db, query: FlowQuery): Promise<FlowStepDto[]> {
  const ofWorkshop = query.workshopId === undefined ? sql`` : sql`and workshop_id = ${query.workshopId}`;
  const [ended, staying] = await Promise.all([
    endedFigures(db, query).execute(db),
    sql<StayPlace & { waiting: number | string }>`select workshop_id, phase, step_id, count(*) as waiting from line_stays where left_at is null ${ofWorkshop} group by workshop_id, phase, step_id`.execute(db),
  ]);
  const cells = new Map<string, FlowStepDto>();
  const cellOf = ({ workshop_id, phase, step_id }: StayPlace) => {
    const key = `${workshop_id}/${phase}/${step_id}`;
    const made = cells.get(key) ?? { workshop_id, step_id, phase, step_name: null, pieces: 0, median_hours: null, p90_hours: null, waiting_now: 0 };
    cells.set(key, made);
    return made;
  };
  for (const row of ended.rows) Object.assign(cellOf(row), { pieces: Number(row.pieces), median_hours: hoursOf(row.median_hours), p90_hours: hoursOf(row.p90_hours) });
  for (const row of staying.rows) cellOf(row).waiting_now = Number(row.waiting);
  return (await withStepNames(db, [...cells.values()])).sort(cellOrder);
}

/** The trend counted from every stay of each week of the period: the reference. */
async function trendReference(db: Db, query: FlowQuery): Promise<FlowWeekDto[]> {
  const weeks: FlowWeekDto[] = [];
  const [from, to] = [Date.parse(query.from), Date.parse(query.to)];
  for (let start = from; start <= to; start += millisecondsInWeek) {
    const { rows } = await endedFigures(db, { ...query, from: new Date(start).toISOString(), to: new Date(Math.min(start + millisecondsInWeek - 1, to)).toISOString() }).execute(db);
    for (const row of rows) {
      weeks.push({ workshop_id: row.workshop_id, step_id: row.step_id, phase: row.phase, step_name: null, week_start: new Date(start).toISOString(), pieces: Number(row.pieces), median_hours: hoursOf(row.median_hours)! });
    }
  }
  const named = await withStepNames(db, weeks);
  return named.sort((a, b) => cellOrder(a, b) || a.week_start.localeCompare(b.week_start));
}

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(testDatabases())('the flow report from its kept counts on $name', (database) => {
  let t: TestApp;
  let places: StayPlace[];
  let workshops: number[];
  const START = Date.parse('2026-10-01T00:00:00.000Z');
  const iso = (ms: number) => new Date(ms).toISOString();

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    const at = iso(START);
    workshops = [];
    for (const code of ['K1', 'K2', 'K3']) workshops.push((await t.db.insertInto('workshops').values({ name: code, code, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id);
    const steps: number[] = [];
    for (const name of ['Döküm', 'Cila']) steps.push((await t.db.insertInto('production_steps').values({ step_name: name, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id);
    places = [
      { workshop_id: null, phase: 'unassigned', step_id: null },
      ...workshops.flatMap((workshop_id): StayPlace[] => [
        { workshop_id, phase: 'waiting', step_id: null },
        ...steps.map((step_id): StayPlace => ({ workshop_id, phase: 'step', step_id })),
        { workshop_id, phase: 'quality_control', step_id: null },
        { workshop_id, phase: 'packing', step_id: null },
        { workshop_id, phase: 'carrier', step_id: null },
      ]),
    ];
    const product = await t.db.insertInto('products').values({ title: 'Yüzük', price: 100, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    const order = await t.db.insertInto('orders').values({ order_number: 'S-1', source: 'manual', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    const next = random(28);
    const pick = <T,>(items: readonly T[]) => items[Math.floor(next() * items.length)];
    // Durations: whole hours (many ties), any millisecond, under a minute, weeks.
    const duration = () => pick([() => Math.floor(next() * 30) * millisecondsInHour, () => Math.floor(next() * 5 * millisecondsInDay), () => Math.floor(next() * 59_000), () => Math.floor(next() * 60 * millisecondsInDay)])();
    // Leaves: any time of 40 days, or exactly on an hour or a day, or a millisecond before one.
    const leftAt = () =>
      pick([
        () => START + Math.floor(next() * 40 * millisecondsInDay),
        () => START + Math.floor(next() * 40 * 24) * millisecondsInHour,
        () => START + Math.floor(next() * 40) * millisecondsInDay - 1,
      ])();
    const stays: Array<{ place: StayPlace; entered: number; left: number | null; later: boolean }> = [];
    // Most places many stays; the last workshop's quality control one, its packing two.
    for (const place of places.slice(0, -3)) for (let i = 0; i < 40 + Math.floor(next() * 40); i++) stays.push({ place, entered: 0, left: leftAt(), later: false });
    stays.push({ place: places.at(-3)!, entered: 0, left: leftAt(), later: false });
    for (let i = 0; i < 2; i++) stays.push({ place: places.at(-2)!, entered: 0, left: leftAt(), later: false });
    for (const stay of stays) {
      stay.entered = stay.left! - duration();
      // Some still stay; some are written open and leave later, as the line writer leaves them.
      if (next() < 0.1) stay.left = null;
      else stay.later = next() < 0.3;
    }
    const [barcode] = await takeBarcodes(t.db, 1);
    const line = await t.db.insertInto('order_lines').values({ order_id: order.id, product_id: product.id, barcode, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    // Written in batches out of time order, as a seed writes them.
    stays.sort(() => next() - 0.5);
    const returned = ['id', 'workshop_id', 'phase', 'step_id', 'bucket', 'left_at'] as const;
    const open: Array<{ id: number; left: number }> = [];
    for (let i = 0; i < stays.length; i += 50) {
      const batch = stays.slice(i, i + 50);
      const written = await t.db
        .insertInto('line_stays')
        .values(batch.map((stay) => ({ order_line_id: line.id, ...stay.place, entered_at: iso(stay.entered), left_at: stay.later || stay.left === null ? null : iso(stay.left) })))
        .returning(returned)
        .execute();
      await countStays(t.db, { opened: written.filter((row) => row.left_at === null), left: written });
      written.forEach((row, index) => batch[index].later && open.push({ id: row.id, left: batch[index].left! }));
    }
    for (const { id, left } of open) {
      const left_stays = await t.db.updateTable('line_stays').set({ left_at: iso(left) }).where('id', '=', id).returning(returned).execute();
      await countStays(t.db, { closed: left_stays, left: left_stays });
    }
  });
  afterAll(() => t.close());

  test('gives the figures counted from every stay of the period, for periods within an hour, a day or many days, of every workshop or one', async () => {
    const periods: Array<[number, number]> = [
      [START - 60 * millisecondsInDay, START + 50 * millisecondsInDay],
      [START + 3 * millisecondsInDay, START + 33 * millisecondsInDay],
      // Odd instants, and ends exactly on days and hours.
      [START + 2.3 * millisecondsInDay + 1234, START + 31.7 * millisecondsInDay - 77],
      [START + 5 * millisecondsInDay + 5 * millisecondsInHour, START + 12 * millisecondsInDay + 17 * millisecondsInHour],
      // Within a day, within an hour, an instant.
      [START + 10 * millisecondsInDay + 3.5 * millisecondsInHour, START + 10 * millisecondsInDay + 20.25 * millisecondsInHour],
      [START + 7 * millisecondsInDay + 4 * millisecondsInHour + 100, START + 7 * millisecondsInDay + 4.9 * millisecondsInHour],
      [START + 20 * millisecondsInDay, START + 20 * millisecondsInDay],
      // Across midnight by a few hours.
      [START + 15 * millisecondsInDay - 3 * millisecondsInHour, START + 15 * millisecondsInDay + 2 * millisecondsInHour],
      // Before every stay.
      [START - 90 * millisecondsInDay, START - 80 * millisecondsInDay],
    ];
    let compared = 0;
    for (const [from, to] of periods) {
      for (const workshopId of [undefined, ...workshops]) {
        const query = { from: iso(from), to: iso(to), workshopId };
        const expected = await reference(t.db, query);
        expect({ query, report: await flowReport(t.db, query) }).toEqual({ query, report: expected });
        compared += expected.filter((cell) => cell.pieces > 0).length;
      }
    }
    // The periods held many places with stays ended, not only empty ones.
    expect(compared).toBeGreaterThan(100);
    // The places of one and two stays over the whole history.
    const whole = await flowReport(t.db, { from: iso(START - 60 * millisecondsInDay), to: iso(START + 50 * millisecondsInDay) });
    expect(whole.filter((cell) => cell.workshop_id === workshops[2] && ['quality_control', 'packing'].includes(cell.phase)).map((cell) => cell.pieces + cell.waiting_now)).toEqual([1, 2]);
  });

  test('gives the trend counted from every stay of each week, whatever day the period starts, for every workshop or one', async () => {
    const periods: Array<[number, number]> = [
      [START - 60 * millisecondsInDay, START + 50 * millisecondsInDay],
      [START + 2.3 * millisecondsInDay + 1234, START + 31.7 * millisecondsInDay - 77],
      // Exactly two weeks: the last week is its last millisecond alone.
      [START + 3 * millisecondsInDay, START + 17 * millisecondsInDay],
      [START + 10 * millisecondsInDay + 3.5 * millisecondsInHour, START + 10 * millisecondsInDay + 20.25 * millisecondsInHour],
      [START - 90 * millisecondsInDay, START - 80 * millisecondsInDay],
    ];
    let compared = 0;
    for (const [from, to] of periods) {
      for (const workshopId of [undefined, workshops[1]]) {
        const query = { from: iso(from), to: iso(to), workshopId };
        const expected = await trendReference(t.db, query);
        expect({ query, trend: await flowTrend(t.db, query) }).toEqual({ query, trend: expected });
        compared += expected.length;
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  test('reads the stays only through their indexes, at a period’s ends and in the buckets read, never a whole table but the places’', async () => {
    const period = { from: iso(START + 3 * millisecondsInDay + 1000), to: iso(START + 33 * millisecondsInDay + 7 * millisecondsInHour) };
    // PostgreSQL plans by the table's statistics, as it keeps them in use.
    if (database.name === 'postgres') await sql`analyze line_stays`.execute(t.db);
    for (const query of [period, { ...period, workshopId: workshops[0] }]) {
      const read = { place: { key: { workshop_key: workshops[0], phase: 'step' as const, step_key: 0 } }, bucket: 600, offset: 3, limit: 2 };
      const unassigned = { place: { key: { workshop_key: 0, phase: 'unassigned' as const, step_key: 0 } }, bucket: 10, offset: 0, limit: 1 };
      const edges = { first: endedAtEdge(t.db, query, 'asc'), last: endedAtEdge(t.db, query, 'desc') };
      for (const [name, built] of Object.entries({ ...periodQueries(query), reads: bucketReads(t.db, query, [read, unassigned]), ...edges })) {
        const { plan } = await queryPlan(t.db, database.name, built.compile(t.db));
        const index = { cells: /stay_days_pk|sqlite_autoindex_stay_days/, hours: /stay_hours_pk|sqlite_autoindex_stay_hours/, stays: /line_stays_(workshop_)?left_idx/, reads: /line_stays_bucket_idx/, first: /line_stays_(workshop_)?left_idx/, last: /line_stays_(workshop_)?left_idx/ }[name]!;
        expect({ name, indexed: index.test(plan), scans: /SCAN (line_stays|stay_days|stay_hours|d)\b|Seq Scan on (line_stays|stay_days|stay_hours)/.test(plan) }).toEqual({ name, indexed: true, scans: false });
      }
    }
  });

  test('the counts each writer keeps equal those counted again from the stays, and the demo seed keeps them as it writes', async () => {
    const written = await stayCountsKeptAndCounted(t.db);
    expect(written.kept).toEqual(written.counted);

    await seedCatalogue(t.db, 20);
    await seedOrders(t.db, 300, null, 5);
    await seedOrders(t.db, 300, null, 6);
    const seeded = await stayCountsKeptAndCounted(t.db);
    expect(seeded.kept).toEqual(seeded.counted);

    // And the report over the seed's walks, through the route.
    const admin = (await t.login()).token;
    const now = new Date();
    for (const days of [1, 7, 30]) {
      const query = { from: addMilliseconds(now, -days * millisecondsInDay).toISOString(), to: now.toISOString() };
      const answer = await t.call('GET', `${API.flowReport}?${new URLSearchParams(query)}`, { token: admin });
      expect(answer.body.steps).toEqual(await reference(t.db, query));
    }
  });
});
