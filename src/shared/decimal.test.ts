import { parseDecimal } from './decimal';

test('a comma and a point are the same decimal separator; nothing typed is undefined; anything else is not a number', () => {
  expect([parseDecimal('1,5'), parseDecimal('1.5'), parseDecimal(' 4,60 '), parseDecimal('12')]).toEqual([1.5, 1.5, 4.6, 12]);
  expect(parseDecimal('')).toBeUndefined();
  expect(parseDecimal('   ')).toBeUndefined();
  for (const text of ['1,234.5', '1.234,5', '1e3', '0x10', '-1', '+1', '1,', ',5', '1 5', 'bir']) expect(parseDecimal(text)).toBeNaN();
});
