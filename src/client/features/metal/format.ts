import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatDecimal, formatGram } from '../../../shared/locale';
import { useFormatters } from '../lookups';

/** How the ledger's screens write grams, fine gold, days and purities. */
export function useMetalFormat() {
  const { t, i18n } = useTranslation('metal');
  const { today } = useFormatters();
  const language = i18n.language;
  return useMemo(
    () => ({
      grams: (value: string) => formatGram(value, language),
      carats: (value: string) => t('carats', { value: formatDecimal(value, language) }),
      perMille: (value: string) => t('perMille', { value: formatDecimal(value, language) }),
      day: (value: string | null) => (value ? formatDay(value, language) : '-'),
      /** Gold by its ayar and milyem, the other metals by name and milyem (metal.json purityOf*). */
      purity: (metal: string, ayar: number | null, milyem: number) =>
        ayar === null ? t('purityOfMetal', { metal: t(`metals.${metal}`), milyem }) : t('purityOfAyar', { ayar, milyem }),
      today,
    }),
    [t, language, today],
  );
}
