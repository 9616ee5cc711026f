import { PSEUDO_LANGUAGE } from '../../shared/pseudo';

/*
 * What a language brings, each language a lazy chunk of its own (locales/loader.ts builds them from
 * the language's folder): the first page carries no catalogue, and a reader downloads only the
 * language they read. The pseudo-language is built from Turkish, the product's language. Tests
 * read the same folders from disk instead (test/language-files.ts).
 */

/** A language's namespaces by name, as i18next takes them. */
export type Catalogue = Record<string, Record<string, unknown>>;

/** AG Grid's own texts by key. */
export type GridTexts = Record<string, string>;

const loaded = new Map<string, Catalogue>();

/** A language's catalogue once loadCatalogue has brought it. */
export const loadedCatalogue = (language: string): Catalogue | undefined => loaded.get(language);

export function loadCatalogue(language: string): Promise<Catalogue> {
  const chunk =
    language === PSEUDO_LANGUAGE
      ? import(/* webpackChunkName: "language-pseudo" */ '../../../locales/tr/language.json?catalogue&pseudo')
      : import(/* webpackChunkName: "language-[request]" */ `../../../locales/${language}/language.json?catalogue`);
  return chunk.then(({ default: catalogue }: { default: Catalogue }) => {
    loaded.set(language, catalogue);
    return catalogue;
  });
}

/** AG Grid's own texts in `language`; null where the grid's built-in English serves. */
export function loadGridTexts(language: string): Promise<GridTexts | null> {
  const chunk =
    language === PSEUDO_LANGUAGE
      ? import(/* webpackChunkName: "grid-pseudo" */ '../../../locales/tr/language.json?grid&pseudo')
      : import(/* webpackChunkName: "grid-[request]" */ `../../../locales/${language}/language.json?grid`);
  return chunk.then((module: { default: GridTexts | null }) => module.default, () => null);
}
