import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueIn, LANGUAGE_FILE, languagesIn, LOCALES_ROOT } from '../locales/languages';
import { gridLocaleExport } from '../locales/loader';
import type { Catalogue, GridTexts } from '../src/client/app/languageChunks';
import { DEFAULT_LANGUAGE } from '../src/shared/locale';
import { PSEUDO_LANGUAGE, pseudoCatalogue } from '../src/shared/pseudo';

/*
 * The client's language chunks (src/client/app/languageChunks.ts) as jest sees them: the same
 * folders read from disk, at once, so components render their texts synchronously. jest.config.ts
 * maps the module here; test/client-setup.ts points it at locales/.
 */

let root = LOCALES_ROOT;
const cache = new Map<string, Catalogue | null>();

/** Points the client's languages, their list and their catalogues, at `folder` (locales/ or a test's copy of it). */
export function useLocales(folder: string): void {
  root = folder;
  cache.clear();
  Object.assign(globalThis, { LANGUAGE_NAMES: languagesIn(folder) });
}

function read(language: string): Catalogue | null {
  if (language === PSEUDO_LANGUAGE) return pseudoCatalogue(catalogueIn(join(root, DEFAULT_LANGUAGE)));
  return existsSync(join(root, language, LANGUAGE_FILE)) ? catalogueIn(join(root, language)) : null;
}

export function loadedCatalogue(language: string): Catalogue | undefined {
  if (!cache.has(language)) cache.set(language, read(language));
  return cache.get(language) ?? undefined;
}

export async function loadCatalogue(language: string): Promise<Catalogue> {
  const catalogue = loadedCatalogue(language);
  if (!catalogue) throw new Error(`no language ${language} under ${root}`);
  return catalogue;
}

export async function loadGridTexts(language: string): Promise<GridTexts | null> {
  // Read only when a grid asks: the package holds every language AG Grid has.
  const grid = require('@ag-grid-community/locale') as Record<string, GridTexts>;
  if (language === PSEUDO_LANGUAGE) return pseudoCatalogue(grid[gridLocaleExport(DEFAULT_LANGUAGE)!]);
  const name = gridLocaleExport(language);
  return name ? grid[name] : null;
}
