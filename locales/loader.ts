import { dirname } from 'node:path';
import type { LoaderContext } from 'webpack';
import { pseudoCatalogue } from '../src/shared/pseudo';
import { catalogueIn } from './languages';

/*
 * Webpack loader for what a language brings to the browser, asked for through its folder's
 * language.json, so that `import()` over `locales/${language}/...` makes one lazy chunk per
 * language and the first page carries none:
 *   language.json?catalogue   every namespace of the folder in one module
 *   language.json?grid        AG Grid's own texts in that language (null: the grid's English)
 *   ...&pseudo                the same in the pseudo-language (src/shared/pseudo.ts), from that folder
 */

/** AG Grid's translations by language (@ag-grid-community/locale's export suffixes); English is built into the grid. */
const GRID_LOCALES: Record<string, string> = {
  ar: 'EG', bg: 'BG', cs: 'CZ', da: 'DK', de: 'DE', el: 'GR', es: 'ES', fa: 'IR', fi: 'FI', fr: 'FR', he: 'IL', hr: 'HR',
  hu: 'HU', it: 'IT', ja: 'JP', ko: 'KR', nb: 'NO', no: 'NO', nl: 'NL', pl: 'PL', pt: 'PT', 'pt-BR': 'BR', ro: 'RO',
  sk: 'SK', sv: 'SE', tr: 'TR', uk: 'UA', ur: 'PK', vi: 'VN', zh: 'CN', 'zh-CN': 'CN', 'zh-HK': 'HK', 'zh-TW': 'TW',
};

/** The export of @ag-grid-community/locale with a language's grid texts; null where the grid's English serves. */
export function gridLocaleExport(language: string): string | null {
  const suffix = GRID_LOCALES[language] ?? GRID_LOCALES[language.split('-')[0]];
  return suffix ? `AG_GRID_LOCALE_${suffix}` : null;
}

const jsonModule = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});`;

export default function languageLoader(this: LoaderContext<unknown>): string {
  const folder = dirname(this.resourcePath);
  const language = folder.split(/[\\/]/).pop()!;
  const query = new URLSearchParams(this.resourceQuery.slice(1));
  const pseudo = query.has('pseudo');
  if (query.has('grid')) {
    const name = gridLocaleExport(language);
    if (!name) return 'export default null;';
    // The language's texts alone, as JSON the browser parses faster than the package's object literal.
    const texts = (require('@ag-grid-community/locale') as Record<string, Record<string, string>>)[name];
    return jsonModule(pseudo ? pseudoCatalogue(texts) : texts);
  }
  this.addContextDependency(folder);
  const catalogue = catalogueIn(folder);
  return jsonModule(pseudo ? pseudoCatalogue(catalogue) : catalogue);
}
