import { formatDay, formatGram, formatNumber, intlLocale } from './locale';

test("a language's code is its Intl locale; the pseudo-language and unreadable codes write as Turkish", () => {
  expect(intlLocale('tr')).toBe('tr');
  expect(intlLocale('en')).toBe('en');
  expect(intlLocale('de-ch')).toBe('de-CH');
  expect(intlLocale('pseudo')).toBe('tr');
  expect(intlLocale('not a tag')).toBe('tr');
  expect(new Intl.NumberFormat(intlLocale('pseudo')).format(1234.5)).toBe('1.234,5');
});

test('a gram reads alike whether weighed (a number, to three places) or from the metal ledger (a decimal string, every place kept)', () => {
  expect(formatGram(4.6, 'tr')).toBe('4,6 g');
  expect(formatGram(1234.56789, 'en')).toBe('1,234.568 g');
  expect(formatGram('12345.6789', 'tr')).toBe('12.345,6789 g');
  expect(formatGram('-0.5000', 'en')).toBe('-0.5000 g');
});

test('a number reads in the reader\'s notation: a comma for decimals in Turkish, a point in English; with places, always that many', () => {
  expect(formatNumber(4.5, 'tr', 1)).toBe('4,5');
  expect(formatNumber(3, 'tr', 1)).toBe('3,0');
  expect(formatNumber(0.5512, 'tr', 2)).toBe('0,55');
  expect(formatNumber(12.5, 'tr')).toBe('12,5');
  expect(formatNumber(62, 'tr')).toBe('62');
  expect(formatNumber(12345.678, 'tr')).toBe('12.345,678');
  expect(formatNumber(4.5, 'en', 1)).toBe('4.5');
  expect(formatNumber(0.5512, 'en', 2)).toBe('0.55');
  expect(formatNumber(12345.678, 'en')).toBe('12,345.678');
  expect(formatNumber(4.5, 'pseudo', 1)).toBe('4,5');
});

test('a day reads in numbers as tables and forms write it: 26.11.2026 in Turkish, 11/26/2026 in English', () => {
  expect(formatDay('2026-11-26', 'tr')).toBe('26.11.2026');
  expect(formatDay('2026-01-05', 'tr')).toBe('05.01.2026');
  expect(formatDay('2026-11-26', 'en')).toBe('11/26/2026');
  expect(formatDay('someday', 'tr')).toBe('someday');
});
