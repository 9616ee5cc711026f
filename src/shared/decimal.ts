import { numberMarks } from './locale';
import { CARAT_PLACES, FINE_PLACES, GRAM_PLACES } from './metal';

/*
 * Every number a person types is read here, where it is typed, by the rule of its field's kind and
 * in the reader's language; the server takes the number (or its exact decimal string) that comes
 * out. A text is read or refused with a sentence that says how to write it: never guessed at,
 * rounded or dropped.
 *
 * - amount (money, rates, percentages, tolerances): the language's own marks. In Turkish '.' only
 *   groups thousands and ',' marks the decimals ('75.000' is 75000, '6,2' is 6.2); a point that
 *   groups nothing ('6.2') is refused with the text written the language's way ('6,2').
 * - weight (grams, carats, fine gold): a scale's reading, so '.' and ',' both mark the decimals and
 *   nothing groups ('12.345' g is twelve grams and a bit), whatever the language.
 * - whole (quantities, days, milyem, ids): digits only; a fraction is refused.
 */

export type NumberKind = 'amount' | 'weight' | 'whole';

export interface NumberRule {
  kind: NumberKind;
  /** Decimals the field keeps (after trailing zeros): more are refused, never rounded. */
  places: number;
}

/** Money, rates, percentages and tolerances, to the cent. */
export const AMOUNT: NumberRule = { kind: 'amount', places: 2 };
/** Grams: a piece's gram, a voucher line's gross and other weights, dust. */
export const GRAMS: NumberRule = { kind: 'weight', places: GRAM_PLACES };
/** Fine gold (has) in grams. */
export const FINE_GRAMS: NumberRule = { kind: 'weight', places: FINE_PLACES };
/** A stone's weight in carats. */
export const CARATS: NumberRule = { kind: 'weight', places: CARAT_PLACES };
/** Quantities, days, milyem and ids. */
export const WHOLE: NumberRule = { kind: 'whole', places: 0 };

/** Why a text is not a number of its field: a catalogue key and its values. */
export interface Refusal {
  key: string;
  params: Record<string, string | number>;
}

export type TypedNumber =
  | { status: 'empty' }
  /** `decimal` is the number exactly as typed, with a point ('1234.5'): what exact fields send. */
  | { status: 'read'; value: number; decimal: string }
  | { status: 'refused'; refusal: Refusal };

const EMPTY: TypedNumber = { status: 'empty' };

interface Parts {
  whole: string;
  fraction: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A language that groups with a space (French, for one) is read with any space there. */
const SPACE = /^[\s\u00a0\u202f]$/;

function amountParts(text: string, language: string): Parts | null {
  const { group, decimal } = numberMarks(language);
  const groups = group === '' ? '' : `\\d{1,3}(?:${SPACE.test(group) ? '[\\s\\u00a0\\u202f]' : escape(group)}\\d{3})+|`;
  const match = new RegExp(`^(${groups}\\d+)(?:${escape(decimal)}(\\d+))?$`).exec(text);
  return match && { whole: match[1].replace(/\D/g, ''), fraction: match[2] ?? '' };
}

const swapMarks = (text: string) => text.replace(/[.,]/g, (mark) => (mark === '.' ? ',' : '.'));

function weightParts(text: string, language: string): Parts | null {
  const match = new RegExp(`^(\\d+)(?:[.,${escape(numberMarks(language).decimal)}](\\d+))?$`).exec(text);
  return match && { whole: match[1], fraction: match[2] ?? '' };
}

/** A weight written with thousands groups ('1.234,5'): the same digits with its last mark only. */
const GROUPED_WEIGHT = /^(\d{1,3}([.,])\d{3}(?:\2\d{3})*)(?!\2)[.,](\d+)$/;

function refused(key: string, params: Refusal['params'] = {}): TypedNumber {
  return { status: 'refused', refusal: { key, params } };
}

/** How the field's numbers are written in the language, for a sentence that shows it. */
function example(rule: NumberRule, language: string): string {
  const { group, decimal } = numberMarks(language);
  if (rule.kind === 'whole') return '12';
  if (rule.kind === 'weight') return `12${decimal}${'3456'.slice(0, rule.places)}`;
  return `1${group}234${decimal}${'56'.slice(0, rule.places)}`;
}

/** What a person typed into a field of `rule`, read in `language` (the reader's, i18n's). */
export function readNumber(typed: string, rule: NumberRule, language: string): TypedNumber {
  const text = typed.trim();
  if (text === '') return EMPTY;
  const sign = text.startsWith('-') ? '-' : '';
  const body = text.slice(sign.length);
  let parts: Parts | null;
  if (rule.kind === 'whole') {
    if (/^\d+$/.test(body)) parts = { whole: body, fraction: '' };
    else return /^[\d.,\s]+$/.test(body) && /\d/.test(body) ? refused('validation:numberNotWhole') : refused('validation:numberUnreadable', { example: example(rule, language) });
  } else if (rule.kind === 'weight') {
    parts = weightParts(body, language);
    const grouped = parts ? null : GROUPED_WEIGHT.exec(body);
    if (grouped) {
      const suggestion = `${sign}${grouped[1].replace(/\D/g, '')}${numberMarks(language).decimal}${grouped[3]}`;
      return refused('validation:weightGrouped', { suggestion });
    }
  } else {
    parts = amountParts(body, language);
    if (!parts && amountParts(swapMarks(body), language)) return refused('validation:numberDecimalMark', { suggestion: `${sign}${swapMarks(body)}` });
  }
  if (!parts) return refused('validation:numberUnreadable', { example: example(rule, language) });
  if (parts.fraction.replace(/0+$/, '').length > rule.places) return refused('validation:numberDecimals', { places: rule.places });
  const decimal = `${sign}${parts.whole.replace(/^0+(?=\d)/, '')}${parts.fraction ? `.${parts.fraction}` : ''}`;
  return { status: 'read', value: Number(decimal), decimal };
}

/**
 * A number as a person of `language` would type it into a field of `rule`, every place kept: what a
 * field holding a stored value shows, so that it reads back the same. Amounts are grouped as the
 * language groups them; weights and whole numbers are not.
 */
export function writeNumber(value: number | string, rule: NumberRule, language: string): string {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const { group, decimal } = numberMarks(language);
  const whole = rule.kind === 'amount' ? match[2].replace(/\B(?=(\d{3})+(?!\d))/g, group) : match[2];
  return `${match[1]}${whole}${match[3] ? `${decimal}${match[3]}` : ''}`;
}
