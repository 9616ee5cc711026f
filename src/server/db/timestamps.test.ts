import { isoTimestamp } from '.';

/*
 * PostgreSQL's text of a timestamp read as the ISO text SQLite's rows carry: the UTC texts rewritten
 * without a Date must read exactly as through one, whatever their fraction; other zones still go
 * through a Date.
 */
const throughDate = (value: string) => new Date(value.includes('+') || value.endsWith('Z') ? value : `${value}Z`).toISOString();

test.each([
  '2026-11-28 01:32:23+00',
  '2026-11-28 01:32:23.5+00',
  '2026-11-28 01:32:23.05+00',
  '2026-11-28 01:32:23.123+00',
  '2026-11-28 01:32:23.1239+00',
  '2026-11-28 01:32:23.999999+00',
  '2000-02-29 00:00:00.000001+00',
  '2026-11-28 01:32:23.25',
  '1970-01-01 00:00:00',
  '2026-11-28 04:32:23.25+03',
])('%s reads as through a Date', (text) => {
  expect(isoTimestamp(text)).toBe(throughDate(text));
});

test('a UTC text keeps its instant to the millisecond', () => {
  expect(isoTimestamp('2026-11-28 01:32:23.5+00')).toBe('2026-11-28T01:32:23.500Z');
  expect(isoTimestamp('2026-11-28 04:32:23.25+03')).toBe('2026-11-28T01:32:23.250Z');
});
