import { dayBounds, dayIn, withinDays } from './days';

test("a day starts and ends at the time zone's midnight", () => {
  // Istanbul is UTC+3 all year.
  expect(new Date(dayBounds('2026-11-23', 'Europe/Istanbul').start).toISOString()).toBe('2026-11-22T21:00:00.000Z');
  expect(new Date(dayBounds('2026-11-23', 'Europe/Istanbul').end).toISOString()).toBe('2026-11-23T20:59:59.999Z');
  expect(new Date(dayBounds('2026-03-29', 'Europe/Berlin').end).toISOString()).toBe('2026-03-29T21:59:59.999Z');
});

test('a range of days matches instants by the day they fall on in the time zone', () => {
  const lateEvening = '2026-11-23T20:30:00.000Z'; // 23:30 on the 23rd in Istanbul
  expect(withinDays('2026-11-23', '2026-11-23', 'Europe/Istanbul')(lateEvening)).toBe(true);
  expect(withinDays('2026-11-24', '', 'Europe/Istanbul')(lateEvening)).toBe(false);
  expect(withinDays('', '2026-11-23', 'Europe/Istanbul')('2026-11-23T21:00:00.000Z')).toBe(false);
  expect(withinDays('', '', 'Europe/Istanbul')(lateEvening)).toBe(true);
  expect(withinDays('', '', 'Europe/Istanbul')(null)).toBe(true);
  expect(withinDays('2026-11-01', '', 'Europe/Istanbul')(null)).toBe(false);
});

test('an instant falls on the day it is in the time zone', () => {
  const lateEvening = Date.parse('2026-11-23T21:30:00.000Z'); // 00:30 on the 24th in Istanbul
  expect(dayIn(lateEvening, 'Europe/Istanbul')).toBe('2026-11-24');
  expect(dayIn(lateEvening, 'UTC')).toBe('2026-11-23');
  expect(dayIn(Date.parse('2026-03-05T12:00:00.000Z'), 'America/New_York')).toBe('2026-03-05');
});
