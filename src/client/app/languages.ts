import type { i18n } from 'i18next';
import { DEFAULT_LANGUAGE, intlLocale } from '../../shared/locale';
import { PSEUDO_LANGUAGE, pseudoText } from '../../shared/pseudo';

/*
 * Which languages there are and which one a page starts in. The list is the folders of locales/,
 * found when the client is built (webpack.config.ts) or the tests start (test/client-setup.ts).
 */
declare const LANGUAGE_NAMES: Record<string, string>;

/** Every language, its code to its name in itself ('en' -> 'English'). */
export function languageNames(): Record<string, string> {
  return LANGUAGE_NAMES;
}

/** A language's name in itself; the pseudo-language's is the product language's in pseudo letters. */
export function languageName(language: string): string {
  return language === PSEUDO_LANGUAGE ? pseudoText(LANGUAGE_NAMES[DEFAULT_LANGUAGE] ?? DEFAULT_LANGUAGE) : (LANGUAGE_NAMES[language] ?? language);
}

export const isLanguage = (language: string | null | undefined): language is string =>
  !!language && (language === PSEUDO_LANGUAGE || Object.hasOwn(LANGUAGE_NAMES, language));

/** The last language this browser showed, so the next visit starts in it before anyone logs in. */
const REMEMBERED = 'language';

let override: string | null | undefined;

/**
 * `?lng=<code>` in the address the page was opened with: a look in another language for as long as
 * the page lives (links within it drop the query), never saved and not replaced by the user's own.
 */
export function languageOverride(): string | null {
  if (override === undefined) {
    const asked = new URLSearchParams(window.location.search).get('lng');
    override = isLanguage(asked) ? asked : null;
  }
  return override;
}

function remembered(): string | null {
  try {
    const stored = localStorage.getItem(REMEMBERED);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The language a page opens in: the address's `?lng=`, else this browser's last, else the product's. */
export function startLanguage(): string {
  return languageOverride() ?? remembered() ?? DEFAULT_LANGUAGE;
}

/** Keeps `<html lang>` and the page title on the language shown, and remembers it unless it is only a `?lng=` look. */
export function followLanguage(instance: i18n): void {
  const follow = (language: string) => {
    document.documentElement.lang = intlLocale(language);
    document.title = instance.t('common:appName');
    if (language === languageOverride()) return;
    try {
      localStorage.setItem(REMEMBERED, language);
    } catch {
      // Storage may be off (private mode): the next visit starts in the product's language.
    }
  };
  follow(instance.language);
  instance.on('languageChanged', follow);
}
