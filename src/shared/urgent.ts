import { foldCase } from './text';

/** Words that make an order row urgent (SPEC section 9), matched case-insensitively. */
export const URGENT_WORDS = ['ekspres', 'fast', 'hızlı', 'express', 'urgent', 'acil', 'rush'] as const;

/** The folded words as one pattern, made once (none holds a character a pattern reads specially). */
const FOLDED_WORDS = new RegExp(URGENT_WORDS.map(foldCase).join('|'));

/**
 * Between a row's texts when they are folded as one: a line break is no word's letter, so no word
 * spans two texts, and Turkish case folding reads no context across it (a dot above after 'I'
 * in the next text stays the next text's).
 */
const BETWEEN_TEXTS = '\n';

/**
 * True when any text value of the row contains an urgent word. The row's texts are folded as one
 * text: a fold costs about as much per call as per character, and a line has some thirty texts.
 */
export function isUrgent(row: object): boolean {
  let texts = '';
  for (const value of Object.values(row)) if (typeof value === 'string' && value !== '') texts += value + BETWEEN_TEXTS;
  return texts !== '' && FOLDED_WORDS.test(foldCase(texts));
}
