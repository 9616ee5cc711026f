/**
 * A decimal as a person types it: digits with a comma or a point before the decimals ('1,5' and
 * '1.5' are the same, whatever the browser's language). Nothing typed is undefined (so a required
 * rule applies); anything else (thousands separators, exponents, hex, signs, two separators) is NaN,
 * which every number rule refuses.
 */
export function parseDecimal(text: string): number | undefined {
  const typed = text.trim();
  if (typed === '') return undefined;
  return /^\d+(?:[.,]\d+)?$/.test(typed) ? Number(typed.replace(',', '.')) : NaN;
}
