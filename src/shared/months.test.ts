import { monthAfter, monthStart, monthsThrough } from './days';

/* Months (yyyy-mm) of the office's calendar: the workshop scorecard's periods. */

test('a month starts at midnight of its first day in the office time zone', () => {
  expect(new Date(monthStart('2026-11', 'Europe/Istanbul')).toISOString()).toBe('2026-10-31T21:00:00.000Z');
  expect(new Date(monthStart('2026-03', 'Europe/Berlin')).toISOString()).toBe('2026-02-28T23:00:00.000Z');
  expect(new Date(monthStart('2026-04', 'Europe/Berlin')).toISOString()).toBe('2026-03-31T22:00:00.000Z');
});

test('months count across years both ways, and a period lists each of its months once', () => {
  expect([monthAfter('2026-11', 1), monthAfter('2026-12', 1), monthAfter('2026-01', -1), monthAfter('2026-06', -17), monthAfter('2026-06', 0)]).toEqual(['2026-12', '2027-01', '2025-12', '2025-01', '2026-06']);
  expect(monthsThrough('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  expect(monthsThrough('2026-02', '2026-02')).toEqual(['2026-02']);
  expect(monthsThrough('2026-03', '2026-02')).toEqual([]);
});
