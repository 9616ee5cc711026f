import { phrase, written } from './texts';

test('a count is written in the plural form its number takes in the reader language', () => {
  const shipped = (language: string, count: number) => written(language, 'line_shipped', { order: 'S-7', count, tracking: 'TR1' }).body;
  expect(shipped('en', 1)).toBe('Order S-7: 1 piece was handed to the carrier. Tracking number: TR1');
  expect(shipped('en', 2)).toBe('Order S-7: 2 pieces were handed to the carrier. Tracking number: TR1');
  expect(shipped('tr', 1)).toBe(shipped('tr', 2).replace('2', '1'));
  expect(phrase('en', 'mail.digest.subject', { count: 1, day: '2026-11-27' })).toBe('Daily digest: 1 notification (2026-11-27)');
  // A language without the text falls back to Turkish, in its forms.
  expect(shipped('xx', 3)).toBe(shipped('tr', 3));
});
