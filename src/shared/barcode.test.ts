import { barcodeOf, checkDigit, isBarcode, LAST_BARCODE_NUMBER } from './barcode';

test('the check digit is GS1 mod 10, as on any EAN-13', () => {
  expect(checkDigit('400638133393')).toBe('1');
  expect(checkDigit('590123412345')).toBe('7');
  expect(checkDigit('000000000000')).toBe('0');
});

test('a barcode is 20, the number in ten digits and its check digit', () => {
  expect(barcodeOf(1)).toBe('2000000000015');
  expect(barcodeOf(1234567890)).toBe(`201234567890${checkDigit('201234567890')}`);
  expect(barcodeOf(LAST_BARCODE_NUMBER)).toMatch(/^209999999999\d$/);
});

test('numbers outside one to the last ten-digit number have no barcode', () => {
  for (const number of [0, -1, 1.5, LAST_BARCODE_NUMBER + 1, Number.NaN]) expect(() => barcodeOf(number)).toThrow(RangeError);
});

test('every barcode made is one, and distinct numbers make distinct barcodes', () => {
  const numbers = [1, 2, 9, 10, 11, 99, 100, 12345, 987654321, LAST_BARCODE_NUMBER];
  const made = numbers.map(barcodeOf);
  expect(made.every(isBarcode)).toBe(true);
  expect(new Set(made).size).toBe(numbers.length);
});

test.each([
  ['a wrong check digit', '2000000000016'],
  ['one digit mistyped', '2000000000115'],
  ['two neighbours swapped', barcodeOf(12).replace('12', '21')],
  ['a product code of another prefix', '4006381333931'],
  ['a digit short', '200000000015'],
  ['a digit more', '20000000000015'],
  ['letters', '20000000000A5'],
  ['a dash', '2000000-00015'],
  ['spaces around it', ' 2000000000015 '],
  ['the number nought', `200000000000${checkDigit('200000000000')}`],
  ['nothing', ''],
])('%s is no barcode', (_, text) => {
  expect(isBarcode(text)).toBe(false);
});
