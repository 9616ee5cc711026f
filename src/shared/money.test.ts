import { formatMoney } from './money';

test('an amount is written with the sign of its own currency, in the reader language', () => {
  expect(formatMoney(25000, 'TRY', 'tr')).toBe('₺25.000,00');
  expect(formatMoney(25000, 'USD', 'tr')).toBe('$25.000,00');
  expect(formatMoney(25000, 'EUR', 'en')).toBe('€25,000.00');
});

test('no amount is a dash; an amount of no recorded currency a bare number', () => {
  expect(formatMoney(null, 'TRY', 'tr')).toBe('-');
  expect(formatMoney(undefined, 'TRY', 'tr')).toBe('-');
  expect(formatMoney(1500.5, null, 'tr')).toBe('1.500,50');
});
