/*
 * The pseudo-language: Turkish with every letter swapped for an accented look-alike, about 40 %
 * longer and in brackets, e.g. 'Sipariş Yönetimi' -> '[Ŝîþåŕîş Ýöñéţîmî ~~~~~~]'. A screen shown in
 * it reveals at a glance text that bypasses the catalogues (plain letters), text cut off (no closing
 * bracket) and layouts that break with longer languages. The build and the tests make it with
 * this one function from locales/tr.
 */

/** The code that selects it (`?lng=pseudo`). */
export const PSEUDO_LANGUAGE = 'pseudo';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'åƀçđéƒĝĥîĵķļɱñöþʠŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ';
const LOOK_ALIKE = new Map([...PLAIN].map((letter, i) => [letter, [...ACCENTED][i]]));

/** Pieces filled in or read by i18next, React and AG Grid: interpolations, nesting and tags stay as they are. */
const KEPT = /(\{\{[^}]*\}\}|\$t\([^)]*\)|\$\{[^}]*\}|<\/?\w+\s*\/?>)/;

/** How much longer a translation tends to be than its source. */
const GROWTH = 0.4;

/** One catalogue value in the pseudo-language. */
export function pseudoText(text: string): string {
  let letters = 0;
  const body = text
    .split(KEPT)
    .map((piece, i) => {
      if (i % 2 === 1) return piece;
      letters += piece.replace(/\s/g, '').length;
      return [...piece].map((c) => LOOK_ALIKE.get(c) ?? c).join('');
    })
    .join('');
  const padding = '~'.repeat(Math.max(1, Math.round(letters * GROWTH)));
  return `[${body} ${padding}]`;
}

/** Every string value of a catalogue (nested objects and plural keys alike) in the pseudo-language; keys unchanged. */
export function pseudoCatalogue<T>(value: T): T {
  if (typeof value === 'string') return pseudoText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(pseudoCatalogue) as T;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, pseudoCatalogue(inner)])) as T;
}
