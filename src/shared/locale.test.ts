import { intlLocale } from './locale';

test("a language's code is its Intl locale; the pseudo-language and unreadable codes write as Turkish", () => {
  expect(intlLocale('tr')).toBe('tr');
  expect(intlLocale('en')).toBe('en');
  expect(intlLocale('de-ch')).toBe('de-CH');
  expect(intlLocale('pseudo')).toBe('tr');
  expect(intlLocale('not a tag')).toBe('tr');
  expect(new Intl.NumberFormat(intlLocale('pseudo')).format(1234.5)).toBe('1.234,5');
});
