import { isLate, type LateLine } from './late';

const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const PAST = '2026-11-22T12:00:00.000Z';
const FUTURE = '2026-11-24T12:00:00.000Z';
const line = (change: Partial<LateLine>): LateLine => ({ production_expected_date: PAST, delivery_to_office: null, canceled_at: null, ...change });

test('a line past its expected date and not yet at the office is late', () => {
  expect(isLate(line({}), NOW)).toBe(true);
  expect(isLate(line({ production_expected_date: '2026-11-23T11:59:59.999Z' }), NOW)).toBe(true);
});

test.each([
  ['its expected date is still ahead', { production_expected_date: FUTURE }],
  ['its expected date is this very moment', { production_expected_date: '2026-11-23T12:00:00.000Z' }],
  ['it has no expected date', { production_expected_date: null }],
  ['it was delivered to the office', { delivery_to_office: '2026-11-23T08:00:00.000Z' }],
  ['its order was canceled', { canceled_at: '2026-11-20T08:00:00.000Z' }],
  ['its order was canceled, even with nothing delivered long after the date', { production_expected_date: '2026-01-01T00:00:00.000Z', canceled_at: '2026-11-20T08:00:00.000Z' }],
])('a line is not late when %s', (_, change) => {
  expect(isLate(line(change), NOW)).toBe(false);
});

test('now may be a Date or a number and defaults to the present', () => {
  expect(isLate(line({}), new Date(NOW))).toBe(true);
  expect(isLate(line({ production_expected_date: new Date(Date.now() - 60_000).toISOString() }))).toBe(true);
  expect(isLate(line({ production_expected_date: new Date(Date.now() + 3_600_000).toISOString() }))).toBe(false);
});
