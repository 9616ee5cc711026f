import { fillStayCounts } from '../../db/migrations/2026-11-27-0041-stay-counts';
import { addDays, addHours } from 'date-fns';
import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { until } from '../../../../test/until';
import { turnsDuring } from '../../../../test/turns';
import { API, type OrderLineDto } from '../../../shared/api';
import type { LineEvent } from '../../../shared/live';
import { LineStatus, NOT_STARTED, PackingStatus } from '../../../shared/statuses';
import { Role } from '../../../shared/roles';
import { lineBus } from '../live/bus';
import { countMedians, currentMedians, storedMedians } from '../flow/forecast';
import { takeBarcodes } from './barcodes';
import { FORECAST_JOB, forecastJobKey } from '../../../shared/forecast';
import { forecastOpenLines, scheduleForecast } from './forecast-job';
import { reforecastLines } from './line-writer';

/*
 * The forecast over stays of known times (written directly) at an injected clock: the medians by
 * workshop and over every workshop, each fallback, the line writer forecasting again at a move and
 * the daily job telling only the lines whose risk changed.
 */
describe.each(testDatabases())('the forecast on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let master: string;
  let w1: number;
  let w2: number;
  let s1: number;
  let s2: number;
  let s3: number;
  /** Routed s1, s2 (and assigned to w1); routed s1, s3 (s3 has no history anywhere). */
  let known: number;
  let unknown: number;
  let orderId: number;
  const bus = lineBus({ dialect: 'sqlite', databaseUrl: '', log: { warn: () => undefined, info: () => undefined } });

  const NOW = new Date('2026-11-20T12:00:00.000Z');
  const hour = (n: number) => addHours(NOW, n).toISOString();
  const FAR = hour(24 * 30);

  interface LinePatch {
    workshop_id?: number | null;
    product_id?: number;
    order_line_status_id?: number;
    current_order_line_process?: number;
    production_expected_date?: string;
    delivery_to_office?: string | null;
    canceled_at?: string | null;
    closed_at?: string | null;
  }

  /** A line as stored (never through the writer), and its open stay at its step since hour `since`. */
  async function line(patch: LinePatch, since: number | null = null): Promise<number> {
    const at = hour(-200);
    const { id } = await t.db
      .insertInto('order_lines')
      .values({ order_id: orderId, product_id: known, workshop_id: w1, production_expected_date: FAR, barcode: (await takeBarcodes(t.db, 1))[0], created_at: at, updated_at: at, ...patch })
      .returning('id')
      .executeTakeFirstOrThrow();
    const step = patch.current_order_line_process;
    if (since !== null && step !== undefined) await t.db.insertInto('line_stays').values({ order_line_id: id, workshop_id: patch.workshop_id ?? w1, phase: 'step', step_id: step, entered_at: hour(since), left_at: null }).execute();
    return id;
  }

  /** A stay of `hours` at a step that ended an hour before NOW, of a piece long gone. */
  async function history(workshop: number, step: number, hours: number) {
    const gone = await line({ canceled_at: hour(-1), closed_at: hour(-1) });
    await t.db.insertInto('line_stays').values({ order_line_id: gone, workshop_id: workshop, phase: 'step', step_id: step, entered_at: hour(-1 - hours), left_at: hour(-1) }).execute();
  }

  const stored = (id: number) => t.db.selectFrom('order_lines').select(['forecast_date', 'late_risk']).where('id', '=', id).executeTakeFirstOrThrow();
  const dateOf = (value: string | null) => (value === null ? null : new Date(value).toISOString());
  const forecast = async (id: number) => {
    const row = await stored(id);
    return { forecast_date: dateOf(row.forecast_date), late_risk: row.late_risk };
  };

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    // The forecast a starting server schedules has run (over no lines) before anything is written here.
    await until(() => t.db.selectFrom('jobs').select('id').where('kind', '=', FORECAST_JOB).where('status', '=', 'done').executeTakeFirst());
    const m = await t.newUserAs('tahmin_usta', Role.Workshop);
    const other = await t.newUserAs('tahmin_usta2', Role.Workshop);
    master = m.token;
    const details = { address: 'x', company_name: 'x', tax_number: '1', phone_number: '1' };
    w1 = (await t.call('POST', API.workshops, { token: admin, body: { ...details, name: 'Birinci', code: 'T1', user_id: m.user_id } })).body.workshop.id;
    w2 = (await t.call('POST', API.workshops, { token: admin, body: { ...details, name: 'İkinci', code: 'T2', user_id: other.user_id } })).body.workshop.id;
    [s1, s2, s3] = await Promise.all(['Döküm', 'Mıhlama', 'Mine'].map(async (step_name) => (await t.call('POST', API.productionSteps, { token: admin, body: { step_name } })).body.production_step.id as number));
    const product = async (title: string, steps: number[]) => {
      const id = (await t.call('POST', API.products, { token: admin, body: { title, price: 100 } })).body.product.id as number;
      await t.call('PUT', API.routingBulk, { token: admin, body: { product_id: id, steps: steps.map((step_id, i) => ({ step_id, position_in_process: i + 1 })) } });
      return id;
    };
    known = await product('Yüzük', [s1, s2]);
    unknown = await product('Kolye', [s1, s3]);
    const at = hour(-200);
    orderId = (await t.db.insertInto('orders').values({ order_number: 'T-1', source: 'manual', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id;

    // s1: 2, 4 and 6 hours at w1, 10 at w2 (every workshop's median 5); s2: 3 hours at w1 only.
    for (const hours of [2, 4, 6]) await history(w1, s1, hours);
    await history(w2, s1, 10);
    await history(w1, s2, 3);
    // Ended long ago: out of the medians' window.
    await t.db.insertInto('line_stays').values({ order_line_id: await line({ canceled_at: hour(-1), closed_at: hour(-1) }), workshop_id: w1, phase: 'step', step_id: s2, entered_at: hour(-3000), left_at: hour(-2900) }).execute();
    // Written around the writer: the flow report's counts, which the medians read, are counted from them.
    await fillStayCounts(t.db);
  });
  afterAll(() => t.close());

  test('the medians of the step stays ended lately, at each workshop and over every workshop', async () => {
    await countMedians(t.db, NOW);
    const medians = await storedMedians(t.db);
    expect([medians.at(w1, s1), medians.at(w2, s1), medians.anywhere(s1)]).toEqual([4, 10, 5]);
    expect([medians.at(w1, s2), medians.at(w2, s2), medians.anywhere(s2)]).toEqual([3, undefined, 3]);
    expect([medians.at(w1, s3), medians.anywhere(s3)]).toEqual([undefined, undefined]);
  });

  test('a median over every workshop is taken across their stays, whichever workshop each rank falls at', async () => {
    const s4 = (await t.call('POST', API.productionSteps, { token: admin, body: { step_name: 'Tel Sarma' } })).body.production_step.id as number;
    // Sorted 2 (w1), 4 (w2), 6 (w1), 10 (w2): the median lies between a stay of each workshop.
    for (const [workshop, hours] of [[w1, 2], [w2, 4], [w1, 6], [w2, 10]] as const) await history(workshop, s4, hours);
    await fillStayCounts(t.db);
    await countMedians(t.db, NOW);
    const medians = await storedMedians(t.db);
    expect([medians.at(w1, s4), medians.at(w2, s4), medians.anywhere(s4)]).toEqual([4, 7, 5]);
  });

  test('the writer holds the medians once the day’s forecast is done, and reads them again on a new day or a new count', async () => {
    await countMedians(t.db, NOW);
    const setMedian = (hours: number) => t.db.updateTable('step_medians').set({ median_hours: hours }).where('workshop_id', '=', w1).where('step_id', '=', s1).execute();
    const atW1 = async (now: Date) => (await currentMedians(t.db, now)).at(w1, s1);
    // The day's forecast not done yet: the medians may still change, so each write reads them.
    await setMedian(40);
    expect(await atW1(NOW)).toBe(40);
    const at = NOW.toISOString();
    await t.db.insertInto('jobs').values({ kind: FORECAST_JOB, key: forecastJobKey(NOW), connection_id: null, payload: '{}', status: 'done', run_after: at, locked_until: null, last_error: null, created_at: at, updated_at: at, finished_at: at }).execute();
    expect(await atW1(NOW)).toBe(40);
    // Done: held for the rest of the day, whatever is stored.
    await setMedian(50);
    expect(await atW1(NOW)).toBe(40);
    // The next day's forecast not done yet: read as stored.
    expect(await atW1(addDays(NOW, 1))).toBe(50);
    // A count of this process is read at once.
    await countMedians(t.db, NOW);
    expect(await atW1(NOW)).toBe(4);
  });

  test('each line forecast by its workshop’s medians, else every workshop’s, else its expected date; a closed one has none', async () => {
    await countMedians(t.db, NOW);
    const atW1 = await line({ order_line_status_id: LineStatus.InProcess, current_order_line_process: s1 }, -1);
    const atW2 = await line({ workshop_id: w2, order_line_status_id: LineStatus.InProcess, current_order_line_process: s2 }, -1);
    const nowhere = await line({ workshop_id: null });
    const noHistory = await line({ product_id: unknown });
    const closed = await line({ canceled_at: hour(-2), closed_at: hour(-2) });
    const risky = await line({ order_line_status_id: LineStatus.InProcess, current_order_line_process: s1, production_expected_date: hour(2) }, -1);
    const ids = [atW1, atW2, nowhere, noHistory, closed, risky];
    const medians = await storedMedians(t.db);
    // Only the line now at risk is told.
    expect(await bus.write(t.db, (trx, record) => reforecastLines(trx, record, ids, medians, NOW))).toEqual([risky]);

    expect(await forecast(atW1)).toEqual({ forecast_date: hour(4 - 1 + 3), late_risk: 0 });
    expect(await forecast(atW2)).toEqual({ forecast_date: hour(3 - 1), late_risk: 0 });
    expect(await forecast(nowhere)).toEqual({ forecast_date: hour(5 + 3), late_risk: 0 });
    expect(await forecast(noHistory)).toEqual({ forecast_date: FAR, late_risk: 0 });
    expect(await forecast(closed)).toEqual({ forecast_date: null, late_risk: null });
    expect(await forecast(risky)).toEqual({ forecast_date: hour(6), late_risk: 1 });

    // Every line answer carries them.
    const detail = (await t.call('GET', API.myWorkshopOrder(risky), { token: master })).body.order as OrderLineDto;
    expect({ forecast_date: dateOf(detail.forecast_date), late_risk: detail.late_risk }).toEqual({ forecast_date: hour(6), late_risk: true });
    const changed = (await t.call('GET', `${API.lineChanges}?ids=${risky},${closed}`, { token: admin })).body.orders as OrderLineDto[];
    expect(changed.map((l) => [l.id, l.late_risk, l.forecast_date === null])).toEqual([
      [risky, true, false],
      [closed, null, true],
    ]);
  });

  test('the line writer forecasts a line again at its move, and none once it closes', async () => {
    await countMedians(t.db, NOW);
    const id = await line({ current_order_line_process: NOT_STARTED });
    const moved = await t.call('PATCH', API.myWorkshopNextStep(id), { token: master, body: { current_order_line_process: NOT_STARTED } });
    expect(moved.status).toBe(200);
    const { created_at: at } = await t.db.selectFrom('order_line_history').select('created_at').where('order_line_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    // At s1 from the move on: its median there and s2's after it.
    const expected = addHours(new Date(at), 4 + 3).toISOString();
    expect(await forecast(id)).toEqual({ forecast_date: expected, late_risk: 0 });
    expect(dateOf((moved.body.order as OrderLineDto).forecast_date)).toBe(expected);

    expect((await t.call('PUT', API.cancelLine(id), { token: admin, body: { reason: 'Vazgeçildi' } })).status).toBe(200);
    expect(await forecast(id)).toEqual({ forecast_date: null, late_risk: null });
  });

  test('the daily forecast tells the live channel only of lines whose risk changed', async () => {
    // Only the lines of this test are open.
    await t.db.updateTable('order_lines').set({ canceled_at: hour(-1), closed_at: hour(-1) }).where('closed_at', 'is', null).execute();
    const heard: LineEvent[] = [];
    const stop = bus.subscribe((message) => void (message.kind === 'events' && heard.push(...message.events)));
    const due = await line({ order_line_status_id: LineStatus.InProcess, current_order_line_process: s1, production_expected_date: hour(28) }, -1);
    const calm = await line({ order_line_status_id: LineStatus.InProcess, current_order_line_process: s2 }, -1);
    try {
      // Every open line forecast: the ones written before have their risk as it was (none new is at risk).
      await forecastOpenLines(t.db, bus, NOW);
      heard.length = 0;
      const before = await forecast(calm);

      // A day on: the calm line is forecast again (its time at s2 passed its median), the due one is now at risk.
      const later = addHours(NOW, 26);
      expect(await forecastOpenLines(t.db, bus, later)).toEqual([due]);
      expect(heard.map((event) => event.line_id)).toEqual([due]);
      expect(await forecast(due)).toMatchObject({ late_risk: 1 });
      expect(await forecast(calm)).not.toEqual(before);

      // Nothing changed its risk: nobody is told.
      heard.length = 0;
      expect(await forecastOpenLines(t.db, bus, addHours(later, 1))).toEqual([]);
      expect(heard).toEqual([]);
    } finally {
      stop();
    }
  });

  test('the daily forecast lets the event loop serve others between its batches (SQLite answers without one)', async () => {
    const { turns } = await turnsDuring(() => forecastOpenLines(t.db, bus, NOW, 1));
    expect(turns).toBeGreaterThan(0);
  });

  test('the forecast is stored as a job once a day, however often a process asks', async () => {
    const day = new Date('2026-12-01T03:00:00.000Z');
    expect(await scheduleForecast(t.db, day)).toBe(true);
    expect(await scheduleForecast(t.db, addHours(day, 20))).toBe(false);
    expect(await scheduleForecast(t.db, addHours(day, 21))).toBe(true);
  });

  test('a shipped line closes with no forecast', async () => {
    const shipped = await line({ order_line_status_id: LineStatus.Completed, delivery_to_office: hour(-5) });
    await t.db.updateTable('order_lines').set({ packing_status_id: PackingStatus.HandedToCarrier, closed_at: hour(-1), forecast_date: hour(-5), late_risk: 0 }).where('id', '=', shipped).execute();
    const medians = await storedMedians(t.db);
    await bus.write(t.db, (trx, record) => reforecastLines(trx, record, [shipped], medians, NOW));
    expect(await forecast(shipped)).toEqual({ forecast_date: null, late_risk: null });
  });
});
