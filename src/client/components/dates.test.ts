import { formatDateTime } from './dates';

test('a date and time reads in numbers, in the office\'s zone: 26.11.2026 14:05 in Turkish, the English order in English', () => {
  expect(formatDateTime('2026-11-26T11:05:00.000Z', 'tr', 'Europe/Istanbul')).toBe('26.11.2026 14:05');
  expect(formatDateTime('2026-01-05T08:30:00.000Z', 'tr', 'UTC')).toBe('05.01.2026 08:30');
  expect(formatDateTime('2026-11-26T11:05:00.000Z', 'en', 'Europe/Istanbul')).toBe('11/26/2026, 14:05');
  expect(formatDateTime('not a date', 'tr', 'UTC')).toBe('-');
});
