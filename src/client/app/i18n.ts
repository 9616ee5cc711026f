import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '../../shared/locale';
import { type Catalogue, loadCatalogue, loadedCatalogue } from './languageChunks';

/*
 * One namespace per feature, one folder per language (locales/<lng>/<namespace>.json). Only the
 * language shown is in the browser: the page loads it before its first render (main.tsx) and
 * another one when the reader switches (switchLanguage).
 */

function addCatalogue(instance: i18n, language: string, catalogue: Catalogue): void {
  for (const [namespace, texts] of Object.entries(catalogue)) instance.addResourceBundle(language, namespace, texts, true, true);
}

/** An instance showing `lng`, with its catalogue if it is already loaded (it always is in tests). */
export function createI18n(lng: string = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance();
  const catalogue = loadedCatalogue(lng);
  instance.use(initReactI18next).init({
    resources: catalogue ? { [lng]: catalogue } : {},
    lng,
    // The language shown is complete (npm run i18n:check); no other language is loaded to fall back to.
    fallbackLng: false,
    defaultNS: 'common',
    ns: catalogue ? Object.keys(catalogue) : ['common'],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Shows `language`, loading its catalogue first (one chunk) unless this instance has it. */
export async function switchLanguage(instance: i18n, language: string): Promise<void> {
  if (!instance.hasResourceBundle(language, 'common')) addCatalogue(instance, language, await loadCatalogue(language));
  await instance.changeLanguage(language);
}
