import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { checkGram } from '../../../shared/lifecycle';
import { formatGram } from '../../../shared/locale';
import { DEFAULT_SETTINGS } from '../../../shared/schemas/settings';
import { useAppSelector } from '../../app/hooks';
import type { Sentence } from '../../components/NoticeView';
import { selectGeneralSettings } from './slice';

/**
 * The bounds of a typed gram (shared/lifecycle.ts checkGram) against the settings as loaded, so a
 * screen asks or refuses before sending; its sentence names the grams as the reader writes them.
 * The server checks again against the settings of the moment and has the last word.
 */
export function useGramCheck() {
  const { i18n } = useTranslation();
  const settings = useAppSelector(selectGeneralSettings) ?? DEFAULT_SETTINGS;
  const language = i18n.language;
  return useCallback(
    (gram: number, expected: number | null): { verdict: 'fine'; sentence: null } | { verdict: 'confirm' | 'refused'; sentence: Sentence } => {
      const check = checkGram(gram, expected, settings);
      if (check.verdict === 'fine') return { verdict: 'fine', sentence: null };
      const params = Object.fromEntries(Object.entries(check.params).map(([name, value]) => [name, formatGram(value, language)]));
      return { verdict: check.verdict, sentence: { key: check.key, params } };
    },
    [settings, language],
  );
}
