import { LineStatus, QualityControl } from './statuses';
import { inLineView, isLineViewKey, LINE_VIEWS, type LineViewKey, type ViewLine } from './views';

const CANCELED_AT = '2026-11-20T10:00:00.000Z';
const line = (patch: Partial<ViewLine & { customer_note: string }> = {}): ViewLine & { customer_note: string } => ({
  order_line_status_id: LineStatus.Waiting,
  canceled_at: null,
  quality_control_id: null,
  workshop_id: 1,
  production_expected_date: null,
  delivery_to_office: null,
  late_risk: false,
  customer_note: '',
  ...patch,
});

const kept = (key: LineViewKey, lines: Record<string, ViewLine>) => Object.keys(lines).filter((name) => inLineView(key)(lines[name]));

test('urgent: a line with an urgent word in any text, in either language, canceled or not', () => {
  expect(kept('urgent', { plain: line(), acil: line({ customer_note: 'ACİL lütfen' }), rush: line({ customer_note: 'Rush order', canceled_at: CANCELED_AT }) })).toEqual(['acil', 'rush']);
  // A reader that knows the rule of its lines already is asked instead.
  expect(inLineView('urgent', () => true)(line())).toBe(true);
});

test('late: the late rule of shared/late.ts (expected date passed, not delivered, not canceled)', () => {
  const PAST = '2020-01-01T00:00:00.000Z';
  expect(
    kept('late', {
      late: line({ production_expected_date: PAST }),
      delivered: line({ production_expected_date: PAST, delivery_to_office: PAST }),
      canceled: line({ production_expected_date: PAST, canceled_at: CANCELED_AT }),
      future: line({ production_expected_date: '2999-01-01T00:00:00.000Z' }),
      undated: line(),
    }),
  ).toEqual(['late']);
});

test('awaiting quality control: in quality control with no decision yet, not canceled', () => {
  const qc = LineStatus.QualityControl;
  expect(
    kept('qualityControl', {
      waiting: line({ order_line_status_id: qc }),
      rejected: line({ order_line_status_id: qc, quality_control_id: QualityControl.Rejected }),
      canceled: line({ order_line_status_id: qc, canceled_at: CANCELED_AT }),
      packing: line({ order_line_status_id: LineStatus.Packing }),
    }),
  ).toEqual(['waiting']);
});

test('awaiting packing: in packing, not canceled', () => {
  expect(
    kept('packing', { packing: line({ order_line_status_id: LineStatus.Packing }), canceled: line({ order_line_status_id: LineStatus.Packing, canceled_at: CANCELED_AT }), done: line({ order_line_status_id: LineStatus.Completed }) }),
  ).toEqual(['packing']);
});

test('awaiting a workshop: no workshop, not canceled', () => {
  expect(kept('awaitingWorkshop', { none: line({ workshop_id: null }), canceled: line({ workshop_id: null, canceled_at: CANCELED_AT }), made: line() })).toEqual(['none']);
});

test('late risk: a line whose stored forecast passes its expected date; none once closed or late', () => {
  expect(kept('lateRisk', { risky: line({ late_risk: true }), calm: line(), closed: line({ late_risk: null, canceled_at: CANCELED_AT }) })).toEqual(['risky']);
});

test('a view key is one of the views', () => {
  expect(LINE_VIEWS.every(isLineViewKey)).toBe(true);
  expect([undefined, 'Acil', 'toString'].some(isLineViewKey)).toBe(false);
});
