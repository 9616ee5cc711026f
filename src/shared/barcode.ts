/*
 * An order line's barcode: an EAN-13 of digits only, since a keyboard-wedge scanner on a Turkish-Q
 * layout types letters and '-' as other keys. It is '20' (GS1's prefix for numbers used within
 * one company, never a product's trade item number), the line's number from a counter that only
 * grows (server: orders/barcodes.ts) in ten digits, and the GS1 mod-10 check digit, so it prints
 * as an EAN-13 or a Code 128 symbol and a scanner or a reader of it finds a mistyped digit.
 */

/** GS1's prefix of restricted circulation numbers, for use within a company. */
export const BARCODE_PREFIX = '20';
/** Digits of the line's number between the prefix and the check digit. */
const NUMBER_DIGITS = 10;
/** The largest number a barcode holds. */
export const LAST_BARCODE_NUMBER = 10 ** NUMBER_DIGITS - 1;

const BARCODE = new RegExp(`^${BARCODE_PREFIX}\\d{${NUMBER_DIGITS + 1}}$`);

/** The GS1 mod-10 check digit of `digits` (EAN, UPC, GTIN): weights 3 and 1 from the rightmost digit. */
export function checkDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
}

/** The barcode of the line numbered `number` (1 and up). */
export function barcodeOf(number: number): string {
  if (!Number.isInteger(number) || number < 1 || number > LAST_BARCODE_NUMBER) throw new RangeError(`No barcode has the number ${number}`);
  const digits = BARCODE_PREFIX + String(number).padStart(NUMBER_DIGITS, '0');
  return digits + checkDigit(digits);
}

/** True when `text` is an order line's barcode as it was made: thirteen digits of ours, the last their check digit. */
export function isBarcode(text: string): boolean {
  return BARCODE.test(text) && Number(text.slice(BARCODE_PREFIX.length, -1)) >= 1 && checkDigit(text.slice(0, -1)) === text.slice(-1);
}
