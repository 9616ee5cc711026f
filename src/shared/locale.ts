import { PSEUDO_LANGUAGE } from './pseudo';

/** The product's language: what a user who chose none reads, and what anything unknown falls back to. */
export const DEFAULT_LANGUAGE = 'tr';

const locales = new Map<string, string>();

/**
 * The Intl locale that dates, numbers, money and grams are written in for a language of
 * locales/. A language's code is its BCP 47 tag ('tr', 'en', 'de-CH'); the pseudo-language is
 * Turkish underneath, and a code Intl cannot read falls back to the product's language.
 */
export function intlLocale(language: string): string {
  let locale = locales.get(language);
  if (locale === undefined) {
    try {
      locale = language === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : (Intl.getCanonicalLocales(language)[0] ?? DEFAULT_LANGUAGE);
    } catch {
      locale = DEFAULT_LANGUAGE;
    }
    locales.set(language, locale);
  }
  return locale;
}

const marks = new Map<string, NumberMarks>();

/** How a language marks a number's thousands and its decimals: '.' and ',' in Turkish, ',' and '.' in English. */
export interface NumberMarks {
  group: string;
  decimal: string;
}

export function numberMarks(language: string): NumberMarks {
  let found = marks.get(language);
  if (!found) {
    const parts = new Intl.NumberFormat(intlLocale(language)).formatToParts(12345.6);
    found = { group: parts.find((p) => p.type === 'group')?.value ?? '', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
    marks.set(language, found);
  }
  return found;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A day (YYYY-MM-DD) as the reader's language writes dates in tables and forms ('26.11.2026', '11/26/2026'); a day has no time zone to convert. */
export function formatDay(day: string, language: string): string {
  const at = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(at)) return day;
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
    dayFormats.set(language, format);
  }
  return format.format(at);
}

/** A decimal string in the reader's notation, every written place kept ('12345.6789' -> '12.345,6789' in Turkish); anything else as it came. */
export function formatDecimal(value: string, language: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return value;
  const { group, decimal } = numberMarks(language);
  const whole = match[2].replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${match[1]}${whole}${match[3] ? `${decimal}${match[3]}` : ''}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the reader's language writes it, every shown number alike: '4,5' and '12.345,6' in
 * Turkish, '4.5' and '12,345.6' in English. With `places`, always that many decimals (an average
 * to one place, '3,0'); without, up to three, none written in vain ('12,5', '62').
 */
export function formatNumber(value: number, language: string, places?: number): string {
  const key = `${language}|${places ?? ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    const digits = places === undefined ? { maximumFractionDigits: 3 } : { minimumFractionDigits: places, maximumFractionDigits: places };
    format = new Intl.NumberFormat(intlLocale(language), digits);
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/**
 * Grams as the language writes decimals: '4,6 g' in Turkish, wherever a gram is shown (the screens,
 * the metal ledger, the server's Turkish sentences). A number (a piece's weighed gram) to three
 * places; a ledger weight, a decimal string, with every place it has, since a float would round it.
 */
export function formatGram(value: number | string, language: string): string {
  return `${typeof value === 'string' ? formatDecimal(value, language) : formatNumber(value, language)} g`;
}
