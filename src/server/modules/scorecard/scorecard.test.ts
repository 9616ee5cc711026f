import { testDatabases } from '../../../../test/databases';
import { queryPlan } from '../../../../test/query-plan';
import { startTestApp, type TestApp } from '../../../../test/server';
import { turnsDuring } from '../../../../test/turns';
import { API, type ScorecardMonthDto } from '../../../shared/api';
import type { Phase } from '../../../shared/flow';
import { Role } from '../../../shared/roles';
import { takeBarcodes } from '../orders/barcodes';
import { parseScorecardQuery, scorecardQueries, workshopScorecard } from './scorecard';

/*
 * A workshop's scorecard over stays, history rows and metal vouchers of known times (written
 * directly or dated, no clock waited for), in the office's time zone (Istanbul, UTC+3).
 */
describe.each(testDatabases())('the workshop scorecard on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let office: string;
  let master: string;
  let otherMaster: string;
  let buyer: string;
  let w1: number;
  let w2: number;
  let step: number;
  let product: number;
  let orderId: number;
  const ZONE = 'Europe/Istanbul';
  const AT = '2026-09-01T00:00:00.000Z';

  async function line(expected: string | null) {
    const barcode = (await takeBarcodes(t.db, 1))[0];
    const row = { order_id: orderId, product_id: product, barcode, production_expected_date: expected, created_at: AT, updated_at: AT };
    return (await t.db.insertInto('order_lines').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }
  /** A piece's stays, each [workshop, phase, entered, left (null: staying)]. */
  async function stays(id: number, list: Array<[number, Phase, string, string | null]>) {
    const rows = list.map(([workshop_id, phase, entered_at, left_at]) => ({ order_line_id: id, workshop_id, phase, step_id: phase === 'step' ? step : null, entered_at, left_at }));
    await t.db.insertInto('line_stays').values(rows).execute();
  }
  /** The history row a quality decision leaves, at the instant its stay ended. */
  async function decided(id: number, action: 'quality_approve' | 'quality_reject', at: string) {
    await t.db.insertInto('order_line_history').values({ order_line_id: id, user_id: null, action, from_status: 3, to_status: action === 'quality_reject' ? 2 : 4, created_at: at }).execute();
  }

  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    office = (await t.newUserAs('karne_ofis', Role.Office)).token;
    const m = await t.newUserAs('karne_usta', Role.Workshop);
    const om = await t.newUserAs('karne_usta2', Role.Workshop);
    [master, otherMaster] = [m.token, om.token];
    buyer = (await t.newUserAs('karne_alici', Role.Customer)).token;
    const details = { address: 'x', company_name: 'x', tax_number: '1', phone_number: '1' };
    w1 = (await t.call('POST', API.workshops, { token: admin, body: { ...details, name: 'Birinci', code: 'K1', user_id: m.user_id } })).body.workshop.id;
    w2 = (await t.call('POST', API.workshops, { token: admin, body: { ...details, name: 'İkinci', code: 'K2', user_id: om.user_id } })).body.workshop.id;
    step = (await t.call('POST', API.productionSteps, { token: admin, body: { step_name: 'Döküm' } })).body.production_step.id;
    product = (await t.call('POST', API.products, { token: admin, body: { title: 'Yüzük', price: 100 } })).body.product.id;
    orderId = (await t.db.insertInto('orders').values({ order_number: 'K-1', source: 'manual', created_at: AT, updated_at: AT }).returning('id').executeTakeFirstOrThrow()).id;

    // October: delivered on the 5th, due the 10th (on time), 4 days after its assignment; approved, then
    // rejected from packing in November (not yet delivered again, so it still counts in October).
    const first = await line('2026-10-10T00:00:00.000Z');
    await stays(first, [
      [w1, 'waiting', '2026-10-01T00:00:00.000Z', '2026-10-02T00:00:00.000Z'],
      [w1, 'step', '2026-10-02T00:00:00.000Z', '2026-10-05T00:00:00.000Z'],
      [w1, 'quality_control', '2026-10-05T00:00:00.000Z', '2026-10-05T12:00:00.000Z'],
      [w1, 'packing', '2026-10-05T12:00:00.000Z', '2026-11-03T00:00:00.000Z'],
      [w1, 'step', '2026-11-03T00:00:00.000Z', null],
    ]);
    await decided(first, 'quality_approve', '2026-10-05T12:00:00.000Z');
    await decided(first, 'quality_reject', '2026-11-03T00:00:00.000Z');
    // October: rejected at its first delivery, delivered again on the 8th after its due day, 7 days after its assignment.
    const reworked = await line('2026-10-03T00:00:00.000Z');
    await stays(reworked, [
      [w1, 'waiting', '2026-10-01T00:00:00.000Z', '2026-10-02T00:00:00.000Z'],
      [w1, 'step', '2026-10-02T00:00:00.000Z', '2026-10-06T00:00:00.000Z'],
      [w1, 'quality_control', '2026-10-06T00:00:00.000Z', '2026-10-06T06:00:00.000Z'],
      [w1, 'step', '2026-10-06T06:00:00.000Z', '2026-10-08T00:00:00.000Z'],
      [w1, 'quality_control', '2026-10-08T00:00:00.000Z', null],
    ]);
    await decided(reworked, 'quality_reject', '2026-10-06T06:00:00.000Z');
    // Rejected in October, delivered again only in December: judged in October, delivered in none of the months asked.
    const late = await line('2026-10-20T00:00:00.000Z');
    await stays(late, [
      [w1, 'waiting', '2026-10-10T00:00:00.000Z', '2026-10-12T00:00:00.000Z'],
      [w1, 'quality_control', '2026-10-12T00:00:00.000Z', '2026-10-13T00:00:00.000Z'],
      [w1, 'step', '2026-10-13T00:00:00.000Z', '2026-12-05T00:00:00.000Z'],
      [w1, 'quality_control', '2026-12-05T00:00:00.000Z', null],
    ]);
    await decided(late, 'quality_reject', '2026-10-13T00:00:00.000Z');
    // November in Istanbul (October in UTC): delivered 01:00 on 1 November, due 23:00 the day before; a day's lead.
    const midnight = await line('2026-10-31T20:00:00.000Z');
    await stays(midnight, [
      [w1, 'waiting', '2026-10-30T22:00:00.000Z', '2026-10-31T22:00:00.000Z'],
      [w1, 'quality_control', '2026-10-31T22:00:00.000Z', null],
    ]);
    // November: no expected date, two days' lead.
    const undated = await line(null);
    await stays(undated, [
      [w1, 'waiting', '2026-10-31T22:00:00.000Z', '2026-11-02T22:00:00.000Z'],
      [w1, 'quality_control', '2026-11-02T22:00:00.000Z', null],
    ]);
    // Another workshop's delivery and rejection count only for it.
    const theirs = await line('2026-10-01T00:00:00.000Z');
    await stays(theirs, [
      [w2, 'waiting', '2026-10-01T00:00:00.000Z', '2026-10-02T00:00:00.000Z'],
      [w2, 'quality_control', '2026-10-02T00:00:00.000Z', '2026-10-03T00:00:00.000Z'],
      [w2, 'step', '2026-10-03T00:00:00.000Z', null],
    ]);
    await decided(theirs, 'quality_reject', '2026-10-03T00:00:00.000Z');

    // Metal: 100 g of 22 ayar issued in October, 99.9 g back (1.00 per mille, norm 1.50); 10 g in November, 9.9 g back (10.00, above it).
    const gold22 = (gross_g: string, kind = 'raw') => ({ kind, metal: 'gold', milyem: 916, gross_g });
    const voucher = async (type: 'issue' | 'receipt', date: string, gross: string) => {
      const written = await t.call('POST', API.metalVouchers, { token: admin, body: { type, workshop_id: w1, date, lines: [gold22(gross, type === 'issue' ? 'raw' : 'finished')] } });
      expect((await t.call('POST', API.metalVoucherConfirm(written.body.voucher.id), { token: master, body: {} })).status).toBe(200);
    };
    await voucher('issue', '2026-10-05', '100');
    await voucher('receipt', '2026-10-20', '99.9');
    await voucher('issue', '2026-11-03', '10');
    await voucher('receipt', '2026-11-04', '9.9');
  });
  afterAll(() => t.close());

  const nothing = (month: string): ScorecardMonthDto => ({
    month,
    delivered: 0,
    on_time_rate: null,
    lead_days: null,
    inspected: 0,
    rejected: 0,
    rejection_rate: null,
    issued_g: '0.000',
    loss_per_mille: null,
    norm_per_mille: null,
    above_norm: false,
  });

  test('counts by month in the office time zone: on-time deliveries, lead days, quality-control rejections and metal loss against its norm', async () => {
    const card = await workshopScorecard(t.db, { workshopId: w1, months: ['2026-09', '2026-10', '2026-11'] }, ZONE);
    expect(card).toEqual({
      workshop_id: w1,
      months: [
        nothing('2026-09'),
        // Delivered: the first (on time, 4 days) and the reworked one at its last delivery (late, 7 days); judged: three, two sent back.
        { ...nothing('2026-10'), delivered: 2, on_time_rate: 0.5, lead_days: 5.5, inspected: 3, rejected: 2, rejection_rate: 0.6667, issued_g: '100.000', loss_per_mille: '1.00', norm_per_mille: '1.50' },
        // The midnight one (late) and the undated one; one rejected from packing.
        { ...nothing('2026-11'), delivered: 2, on_time_rate: 0, lead_days: 1.5, inspected: 1, rejected: 1, rejection_rate: 1, issued_g: '10.000', loss_per_mille: '10.00', norm_per_mille: '1.50', above_norm: true },
      ],
    });
    expect((await workshopScorecard(t.db, { workshopId: w2, months: ['2026-10'] }, ZONE)).months).toEqual([
      { ...nothing('2026-10'), delivered: 1, on_time_rate: 0, lead_days: 1, inspected: 1, rejected: 1, rejection_rate: 1 },
    ]);
  });

  test('reads a month at a time, other requests served between the months', async () => {
    const { result, turns } = await turnsDuring(() => workshopScorecard(t.db, { workshopId: w1, months: ['2026-09', '2026-10', '2026-11'] }, ZONE));
    expect(result.months.map((month) => month.month)).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(turns).toBeGreaterThan(0);
  });

  test('reads the stays through their indexes, never the whole table', async () => {
    for (const [name, built] of Object.entries(scorecardQueries(t.db, w1, ['2026-09-30T21:00:00.000Z', '2026-10-31T21:00:00.000Z']))) {
      const { plan } = await queryPlan(t.db, database.name, built.compile(t.db));
      // The workshop's stays of the period by its index; each piece's other stays and history by the piece's own.
      expect({
        name,
        indexed: /line_stays_workshop_(phase|left)_idx/.test(plan),
        byPiece: /line_stays_line_phase_idx/.test(plan),
        scans: /^SCAN (s|a|n|h|line_stays|order_line_history)\b|Seq Scan on (line_stays|order_line_history)/m.test(plan),
      }).toEqual({ name, indexed: true, byPiece: true, scans: false });
    }
  });

  test('covers the six months up to this one in the office time zone by default; from alone runs to this month, at most 24 months', async () => {
    // 22:00 UTC on 30 November is 1 December in Istanbul.
    const now = new Date('2026-11-30T22:00:00.000Z');
    const id = String(w1);
    expect(await parseScorecardQuery({ workshop_id: id }, now, ZONE)).toEqual({ workshopId: w1, months: ['2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12'] });
    expect(await parseScorecardQuery({ workshop_id: id }, now, 'UTC')).toMatchObject({ months: ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'] });
    expect(await parseScorecardQuery({ workshop_id: id, from: '2026-11' }, now, ZONE)).toMatchObject({ months: ['2026-11', '2026-12'] });
    expect((await parseScorecardQuery({ workshop_id: id, from: '2020-01' }, now, ZONE)).months).toHaveLength(24);
    expect(await parseScorecardQuery({ workshop_id: id, from: '2025-12', to: '2026-02' }, now, ZONE)).toMatchObject({ months: ['2025-12', '2026-01', '2026-02'] });
  });

  test('the admins and the office read any workshop, a workshop its own only; a customer is refused; a wrong parameter is refused with its sentence', async () => {
    const query = (params: Record<string, string>) => `${API.workshopScorecard}?${new URLSearchParams(params)}`;
    const october = { workshop_id: String(w1), from: '2026-10', to: '2026-10' };
    for (const token of [admin, office, master]) {
      const answer = await t.call('GET', query(october), { token });
      expect(answer.status).toBe(200);
      expect(answer.body.months).toEqual([expect.objectContaining({ month: '2026-10', delivered: 2, rejected: 2 })]);
    }
    expect((await t.call('GET', query({ workshop_id: String(w2) }), { token: otherMaster })).status).toBe(200);
    expect(await t.call('GET', query({ workshop_id: String(w2) }), { token: master })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await t.call('GET', query(october), { token: buyer })).status).toBe(403);
    expect((await t.call('GET', query(october), {})).status).toBe(401);
    expect((await t.call('GET', query({ workshop_id: '999999' }), { token: admin })).status).toBe(404);
    for (const [params, key] of [
      [{}, 'validation:scorecardWorkshopInvalid'],
      [{ workshop_id: 'x' }, 'validation:scorecardWorkshopInvalid'],
      [{ workshop_id: String(w1), from: '2026-13' }, 'validation:scorecardMonthInvalid'],
      [{ workshop_id: String(w1), from: '2026-11', to: '2026-10' }, 'validation:scorecardPeriodInvalid'],
      [{ workshop_id: String(w1), from: '2024-01', to: '2026-01' }, 'validation:scorecardPeriodInvalid'],
      [{ workshop_id: String(w1), line: '1' }, 'validation:scorecardFilterUnknown'],
    ] as const) {
      expect(await t.call('GET', query(params), { token: admin })).toMatchObject({ status: 400, body: { message: { key } } });
    }
  });
});
