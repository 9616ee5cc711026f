/*
 * An amount is shown in the currency it was recorded in: an order in its order's currency, a
 * price in its product's, a credit in its customer's. The settings currency is only what new
 * prices and new credits are recorded in; it never relabels an amount stored before.
 */

import { intlLocale } from './locale';

const formats = new Map<string, Intl.NumberFormat>();

/** One formatter per language and currency: a list of thousands of amounts builds two or three. */
function formatFor(language: string, currency: string | null): Intl.NumberFormat {
  const locale = intlLocale(language);
  const key = `${locale} ${currency ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, currency ? { style: 'currency', currency } : { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format;
}

/** '₺25.000,00' in Turkish; '-' for no amount; an amount recorded without a currency (an old record) as a bare number, never with another's sign. */
export function formatMoney(value: number | null | undefined, currency: string | null | undefined, language: string): string {
  if (value === null || value === undefined) return '-';
  return formatFor(language, currency || null).format(value);
}
