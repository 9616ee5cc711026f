import { foldCase } from './text';

/** Words that make an order row urgent (SPEC section 9), matched case-insensitively. */
export const URGENT_WORDS = ['ekspres', 'fast', 'hızlı', 'express', 'urgent', 'acil', 'rush'] as const;

const FOLDED_WORDS = URGENT_WORDS.map(foldCase);

/** True when any text value of the row contains an urgent word. */
export function isUrgent(row: object): boolean {
  return Object.values(row).some((value) => {
    if (typeof value !== 'string' || value === '') return false;
    const text = foldCase(value);
    return FOLDED_WORDS.some((word) => text.includes(word));
  });
}
