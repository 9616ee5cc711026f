import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, numberMarks } from '../../../shared/locale';
import { useFormatters } from '../lookups';

/*
 * Weights arrive as decimal strings and are shown by rewriting their text in the reader's way of
 * writing numbers ('12345.6789' -> '12.345,6789' in Turkish): a float would round them.
 */

/** A decimal string in the reader's notation, every written place kept; anything else as it came. */
export function formatDecimal(value: string, language: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return value;
  const { group, decimal } = numberMarks(language);
  const whole = match[2].replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${match[1]}${whole}${match[3] ? `${decimal}${match[3]}` : ''}`;
}


/** Today in the office's time zone, YYYY-MM-DD: a new voucher's day. */
export function today(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** How the ledger's screens write grams, fine gold, days and purities. */
export function useMetalFormat() {
  const { t, i18n } = useTranslation('metal');
  const { timeZone } = useFormatters();
  const language = i18n.language;
  return useMemo(
    () => ({
      grams: (value: string) => t('grams', { value: formatDecimal(value, language) }),
      carats: (value: string) => t('carats', { value: formatDecimal(value, language) }),
      perMille: (value: string) => t('perMille', { value: formatDecimal(value, language) }),
      day: (value: string | null) => (value ? formatDay(value, language) : '-'),
      /** Gold by its ayar and milyem, the other metals by name and milyem (metal.json purityOf*). */
      purity: (metal: string, ayar: number | null, milyem: number) =>
        ayar === null ? t('purityOfMetal', { metal: t(`metals.${metal}`), milyem }) : t('purityOfAyar', { ayar, milyem }),
      today: () => today(timeZone),
    }),
    [t, language, timeZone],
  );
}
