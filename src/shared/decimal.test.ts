import { AMOUNT, CARATS, FINE_GRAMS, GRAMS, type NumberRule, readNumber, WHOLE, writeNumber } from './decimal';

/** What a typed text becomes: a number (and its exact decimal), nothing, or a refusal's key and values. */
type Outcome = number | null | [string, Record<string, string | number>];

const read = (text: string, rule: NumberRule, language: string): Outcome => {
  const typed = readNumber(text, rule, language);
  if (typed.status === 'empty') return null;
  if (typed.status === 'refused') return [typed.refusal.key, typed.refusal.params];
  return typed.value;
};

const unreadable = (example: string): Outcome => ['validation:numberUnreadable', { example }];
const decimalMark = (suggestion: string): Outcome => ['validation:numberDecimalMark', { suggestion }];
const decimals = (places: number): Outcome => ['validation:numberDecimals', { places }];
const grouped = (suggestion: string): Outcome => ['validation:weightGrouped', { suggestion }];
const notWhole: Outcome = ['validation:numberNotWhole', {}];

const TABLE: Array<[string, NumberRule, string, string, Outcome]> = [
  // Money, rates, percentages, tolerances: the language's marks.
  ['amount', AMOUNT, 'tr', '75.000', 75000],
  ['amount', AMOUNT, 'tr', '1.234,56', 1234.56],
  ['amount', AMOUNT, 'tr', '6,2', 6.2],
  ['amount', AMOUNT, 'tr', ' 1.000.000 ', 1000000],
  ['amount', AMOUNT, 'tr', '2500,50', 2500.5],
  ['amount', AMOUNT, 'tr', '0,05', 0.05],
  ['amount', AMOUNT, 'tr', '-5', -5],
  ['amount', AMOUNT, 'tr', '6.2', decimalMark('6,2')],
  ['amount', AMOUNT, 'tr', '12.75', decimalMark('12,75')],
  ['amount', AMOUNT, 'tr', '1,234.56', decimalMark('1.234,56')],
  ['amount', AMOUNT, 'tr', '1,234', decimals(2)],
  ['amount', AMOUNT, 'tr', '1.2.3', unreadable('1.234,56')],
  ['amount', AMOUNT, 'tr', 'abc', unreadable('1.234,56')],
  ['amount', AMOUNT, 'tr', '1e3', unreadable('1.234,56')],
  ['amount', AMOUNT, 'tr', '12,', unreadable('1.234,56')],
  ['amount', AMOUNT, 'tr', '', null],
  ['amount', AMOUNT, 'tr', '   ', null],
  ['amount', AMOUNT, 'en', '75,000', 75000],
  ['amount', AMOUNT, 'en', '1,234.56', 1234.56],
  ['amount', AMOUNT, 'en', '6.2', 6.2],
  ['amount', AMOUNT, 'en', '6,2', decimalMark('6.2')],
  ['amount', AMOUNT, 'en', '1.234,56', decimalMark('1,234.56')],
  ['amount', AMOUNT, 'en', '75.000', 75],
  ['amount', AMOUNT, 'en', '0.125', decimals(2)],
  ['amount', AMOUNT, 'en', 'abc', unreadable('1,234.56')],
  // The pseudo-language writes as Turkish.
  ['amount', AMOUNT, 'pseudo', '75.000', 75000],
  // Weights: a point and a comma both mark the decimals; nothing groups; at most the field's places.
  ['weight', GRAMS, 'tr', '12.345', 12.345],
  ['weight', GRAMS, 'tr', '12,345', 12.345],
  ['weight', GRAMS, 'tr', '6,2', 6.2],
  ['weight', GRAMS, 'tr', '4.1', 4.1],
  ['weight', GRAMS, 'tr', '12,5000', 12.5],
  ['weight', GRAMS, 'tr', '12,3456', decimals(3)],
  ['weight', GRAMS, 'tr', '1.234,5', grouped('1234,5')],
  ['weight', GRAMS, 'tr', '1.234.567', unreadable('12,345')],
  ['weight', GRAMS, 'tr', 'abc', unreadable('12,345')],
  ['weight', GRAMS, 'en', '12.345', 12.345],
  ['weight', GRAMS, 'en', '12,345', 12.345],
  ['weight', GRAMS, 'en', '1,234.5', grouped('1234.5')],
  ['weight', GRAMS, 'en', 'abc', unreadable('12.345')],
  ['weight', FINE_GRAMS, 'tr', '44,7008', 44.7008],
  ['weight', FINE_GRAMS, 'en', '44.70081', decimals(4)],
  ['weight', CARATS, 'tr', '0,25', 0.25],
  ['weight', CARATS, 'en', '0.255', decimals(2)],
  // Whole numbers: digits; a fraction (or a separator) is refused in either language.
  ['whole', WHOLE, 'tr', '2', 2],
  ['whole', WHOLE, 'tr', ' 0042 ', 42],
  ['whole', WHOLE, 'tr', '2.5', notWhole],
  ['whole', WHOLE, 'tr', '2,5', notWhole],
  ['whole', WHOLE, 'tr', '1.000', notWhole],
  ['whole', WHOLE, 'tr', 'abc', unreadable('12')],
  ['whole', WHOLE, 'en', '916', 916],
  ['whole', WHOLE, 'en', '2.5', notWhole],
  ['whole', WHOLE, 'en', '1,000', notWhole],
  ['whole', WHOLE, 'en', 'iki', unreadable('12')],
];

test.each(TABLE)('%s (%j) in %s: %j', (_kind, rule, language, text, outcome) => {
  expect(read(text, rule, language)).toEqual(outcome);
});

test('a decimal is read exactly as typed, never through a float', () => {
  expect(readNumber('0,1', GRAMS, 'tr')).toEqual({ status: 'read', value: 0.1, decimal: '0.1' });
  expect(readNumber('12,5000', GRAMS, 'tr')).toEqual({ status: 'read', value: 12.5, decimal: '12.5000' });
  expect(readNumber('-0042', WHOLE, 'en')).toEqual({ status: 'read', value: -42, decimal: '-42' });
  expect(readNumber('123456789012,345', GRAMS, 'tr')).toEqual({ status: 'read', value: 123456789012.345, decimal: '123456789012.345' });
});

test('a stored number is written as its reader types it, and reads back the same', () => {
  const cases: Array<[number | string, NumberRule, string, string]> = [
    [75000, AMOUNT, 'tr', '75.000'],
    [6.2, AMOUNT, 'tr', '6,2'],
    [1234.56, AMOUNT, 'en', '1,234.56'],
    ['12345.678', GRAMS, 'tr', '12345,678'],
    ['44.7008', FINE_GRAMS, 'en', '44.7008'],
    [916, WHOLE, 'tr', '916'],
  ];
  for (const [value, rule, language, text] of cases) {
    expect(writeNumber(value, rule, language)).toBe(text);
    const back = readNumber(text, rule, language);
    expect(back.status === 'read' && back.value).toBe(Number(value));
  }
});
