/** Words that make an order row urgent (SPEC section 9), matched case-insensitively. */
export const URGENT_WORDS = ['ekspres', 'fast', 'hızlı', 'express', 'urgent', 'acil', 'rush'] as const;

/** True when any text value of the row contains an urgent word. */
export function isUrgent(row: Record<string, unknown>): boolean {
  return Object.values(row).some((value) => {
    if (typeof value !== 'string' || value === '') return false;
    // Turkish and plain lower-casing both, so 'ACIL' and 'ACİL', 'FAST' and 'HIZLI' all match.
    const texts = [value.toLocaleLowerCase('tr'), value.toLowerCase()];
    return URGENT_WORDS.some((word) => texts.some((text) => text.includes(word)));
  });
}
