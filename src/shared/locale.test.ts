import { formatGram, intlLocale } from './locale';

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
