import { addHours, subDays } from 'date-fns';
import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { API, type FlowStepDto, type FlowWeekDto } from '../../../shared/api';
import type { Phase, StayPlace } from '../../../shared/flow';
import { Role } from '../../../shared/roles';
import { takeBarcodes } from '../orders/barcodes';
import { flowReport, parseFlowQuery } from './report';
import { countStays } from './stay-counts';
import { flowTrend } from './trend';

/*
 * The flow report over stays of known times (written directly, no clock waited for): its counts,
 * median and 90th percentile, by rank on SQLite and by percentile_cont on PostgreSQL, are the same.
 */
describe.each(testDatabases())('the flow report on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let office: string;
  let master: string;
  let buyer: string;
  let w1: number;
  let w2: number;
  let s1: number;
  let line: () => Promise<number>;

  const START = new Date('2026-10-01T00:00:00.000Z');
  const hour = (n: number) => addHours(START, n).toISOString();
  const period = { from: '2026-10-01T00:00:00.000Z', to: '2026-10-31T00:00:00.000Z' };

  /** A stay of a new line: in `place`, entered at hour `from`, left after `hours` (null: staying). */
  async function stay(workshop_id: number | null, phase: Phase, step_id: number | null, from: number, hours: number | null) {
    await written(hour(from), hours === null ? null : hour(from + hours), { workshop_id, phase, step_id });
  }

  /** A stay of a new line written as the demo seed writes one, its counts kept. */
  async function written(entered_at: string, left_at: string | null, place: StayPlace = { workshop_id: w1, phase: 'step', step_id: s1 }) {
    const row = await t.db
      .insertInto('line_stays')
      .values({ order_line_id: await line(), ...place, entered_at, left_at })
      .returning(['workshop_id', 'phase', 'step_id', 'bucket', 'left_at'])
      .executeTakeFirstOrThrow();
    await countStays(t.db, { opened: left_at === null ? [row] : [], left: [row] });
  }

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    office = (await t.newUserAs('akis_ofis', Role.Office)).token;
    const m = await t.newUserAs('akis_usta', Role.Workshop);
    const other = await t.newUserAs('akis_usta2', Role.Workshop);
    master = m.token;
    buyer = (await t.newUserAs('akis_alici', Role.Customer)).token;
    const details = { address: 'x', company_name: 'x', tax_number: '1', phone_number: '1' };
    w1 = (await t.call('POST', API.workshops, { token: admin, body: { ...details, name: 'Birinci', code: 'A1', user_id: m.user_id } })).body.workshop.id;
    w2 = (await t.call('POST', API.workshops, { token: admin, body: { ...details, name: 'İkinci', code: 'A2', user_id: other.user_id } })).body.workshop.id;
    s1 = (await t.call('POST', API.productionSteps, { token: admin, body: { step_name: 'Döküm' } })).body.production_step.id;
    const product = (await t.call('POST', API.products, { token: admin, body: { title: 'Yüzük', price: 100 } })).body.product.id;
    const at = START.toISOString();
    const order = await t.db.insertInto('orders').values({ order_number: 'F-1', source: 'manual', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    line = async () =>
      (
        await t.db
          .insertInto('order_lines')
          .values({ order_id: order.id, product_id: product, barcode: (await takeBarcodes(t.db, 1))[0], created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;

    // At the step: five stays ended in the period (10, 1, 4, 2 and 3 hours), one ended before it.
    for (const [from, hours] of [[0, 10], [20, 1], [40, 4], [60, 2], [80, 3]]) await stay(w1, 'step', s1, from, hours);
    await stay(w1, 'step', s1, -100, 5);
    // Waiting: two ended (2 and 4 hours), one staying.
    await stay(w1, 'waiting', null, 10, 2);
    await stay(w1, 'waiting', null, 30, 4);
    await stay(w1, 'waiting', null, 50, null);
    // Quality control in the other workshop: one stay of an hour and a half.
    await stay(w2, 'quality_control', null, 5, 1.5);
    // Two pieces waiting for a workshop, none left yet.
    await stay(null, 'unassigned', null, 0, null);
    await stay(null, 'unassigned', null, 1, null);
  });
  afterAll(() => t.close());

  const cell = (workshop_id: number | null, phase: Phase, step_id: number | null, figures: Partial<FlowStepDto>): FlowStepDto => ({
    workshop_id,
    step_id,
    phase,
    step_name: null,
    pieces: 0,
    median_hours: null,
    p90_hours: null,
    waiting_now: 0,
    ...figures,
  });

  test('counts the stays ended in the period per workshop and step or phase, with their median and 90th percentile in hours, and the pieces there now', async () => {
    expect(await flowReport(t.db, period)).toEqual([
      cell(null, 'unassigned', null, { waiting_now: 2 }),
      cell(w1, 'waiting', null, { pieces: 2, median_hours: 3, p90_hours: 3.8, waiting_now: 1 }),
      // 1, 2, 3, 4, 10: the median the third; the 90th percentile 60% of the way from 4 to 10.
      cell(w1, 'step', s1, { step_name: 'Döküm', pieces: 5, median_hours: 3, p90_hours: 7.6 }),
      cell(w2, 'quality_control', null, { pieces: 1, median_hours: 1.5, p90_hours: 1.5 }),
    ]);
    expect(await flowReport(t.db, { ...period, workshopId: w2 })).toEqual([cell(w2, 'quality_control', null, { pieces: 1, median_hours: 1.5, p90_hours: 1.5 })]);
    // The stay ended before the period counts once the period holds it.
    expect((await flowReport(t.db, { from: hour(-200), to: period.to })).find((row) => row.phase === 'step')).toMatchObject({ pieces: 6, median_hours: 3.5 });
  });

  test('covers the last 30 days up to now by default, every workshop; from alone ends now, to alone starts 30 days before it', async () => {
    const now = new Date('2026-11-27T06:00:00.000Z');
    expect(await parseFlowQuery({}, now)).toEqual({ from: subDays(now, 30).toISOString(), to: now.toISOString(), workshopId: undefined });
    expect(await parseFlowQuery({ from: '2026-11-01T00:00:00+03:00' }, now)).toEqual({ from: '2026-10-31T21:00:00.000Z', to: now.toISOString(), workshopId: undefined });
    expect(await parseFlowQuery({ to: '2026-11-01T00:00:00Z', workshop_id: String(w1) }, now)).toEqual({ from: '2026-10-02T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z', workshopId: w1 });

    // Through the route, against the real clock: a stay ended 10 days ago counts, one 40 days ago does not.
    const ago = (days: number) => subDays(new Date(), days);
    for (const days of [10, 40]) await written(addHours(ago(days), -6).toISOString(), ago(days).toISOString(), { workshop_id: w2, phase: 'packing', step_id: null });
    const answer = await t.call('GET', API.flowReport, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.steps.find((row: FlowStepDto) => row.phase === 'packing')).toEqual(cell(w2, 'packing', null, { pieces: 1, median_hours: 6, p90_hours: 6 }));
    // Every workshop, and the pieces waiting now whatever the period.
    expect(answer.body.steps.map((row: FlowStepDto) => [row.workshop_id, row.phase, row.waiting_now])).toEqual([
      [null, 'unassigned', 2],
      [w1, 'waiting', 1],
      [w2, 'packing', 0],
    ]);
  });

  test('the admins and the office read it; a workshop or a customer is refused; a wrong parameter is refused with its sentence', async () => {
    const query = (params: Record<string, string>) => `${API.flowReport}?${new URLSearchParams(params)}`;
    expect((await t.call('GET', query({ ...period, workshop_id: String(w1) }), { token: office })).status).toBe(200);
    for (const token of [master, buyer]) expect((await t.call('GET', API.flowReport, { token })).status).toBe(403);
    expect((await t.call('GET', API.flowReport, {})).status).toBe(401);
    const refused = async (params: Record<string, string>, error: string) => expect(await t.call('GET', query(params), { token: admin })).toMatchObject({ status: 400, body: { error } });
    await refused({ from: '2026-10-01' }, 'Tarih, saat dilimiyle birlikte verilmelidir (örneğin 2026-11-01T00:00:00+03:00).');
    await refused({ workshop_id: 'bir' }, 'Atölye kimliği 1 veya daha büyük bir tam sayı olmalıdır.');
    await refused({ workshop_id: '0' }, 'Atölye kimliği 1 veya daha büyük bir tam sayı olmalıdır.');
    await refused({ step: '1' }, 'Akış raporu bu filtreyi tanımıyor; yalnızca from, to ve workshop_id kullanılabilir.');
    await refused({ from: period.to, to: period.from }, 'Dönemin başlangıcı bitişinden sonra olamaz.');
  });

  // Last: its stays would change the figures above.
  test('the trend: per cell, the stays ended in each week from the period start, counted with their median; a week from its first millisecond to its last', async () => {
    const at = written;
    await at('2026-10-07T16:00:00.000Z', '2026-10-07T23:59:59.999Z');
    await at('2026-10-07T16:00:00.000Z', '2026-10-08T00:00:00.000Z');
    await stay(w1, 'step', s1, 190, 10);
    await stay(w1, 'step', s1, 400, 6);
    const week = (phase: Phase, step_id: number | null, week_start: string, pieces: number, median_hours: number): FlowWeekDto => ({
      workshop_id: w1,
      step_id,
      phase,
      step_name: step_id === null ? null : 'Döküm',
      week_start,
      pieces,
      median_hours,
    });
    const expected = [
      week('waiting', null, '2026-10-01T00:00:00.000Z', 2, 3),
      // 1, 2, 3, 4, 8 (less a millisecond) and 10 hours; then 8 and 10; then 6.
      week('step', s1, '2026-10-01T00:00:00.000Z', 6, 3.5),
      week('step', s1, '2026-10-08T00:00:00.000Z', 2, 9),
      week('step', s1, '2026-10-15T00:00:00.000Z', 1, 6),
    ];
    expect(await flowTrend(t.db, { ...period, workshopId: w1 })).toEqual(expected);
    // Every workshop: the other one's quality control too, after the first's cells (its packing stays were put against the real clock).
    expect((await flowTrend(t.db, period)).filter((row) => row.phase !== 'packing')).toEqual([...expected, { ...week('quality_control', null, '2026-10-01T00:00:00.000Z', 1, 1.5), workshop_id: w2 }]);
    // Weeks count from the period's start, whatever day it is.
    expect((await flowTrend(t.db, { from: '2026-10-05T00:00:00.000Z', to: period.to, workshopId: w1 })).filter((row) => row.phase === 'step').map((row) => [row.week_start, row.pieces])).toEqual([
      ['2026-10-05T00:00:00.000Z', 3],
      ['2026-10-12T00:00:00.000Z', 1],
    ]);

    const query = `${API.flowTrend}?${new URLSearchParams({ ...period, workshop_id: String(w1) })}`;
    expect(await t.call('GET', query, { token: office })).toMatchObject({ status: 200, body: { weeks: expected } });
    for (const token of [master, buyer]) expect((await t.call('GET', query, { token })).status).toBe(403);
    expect((await t.call('GET', `${API.flowTrend}?step=1`, { token: admin })).status).toBe(400);
  });
});
