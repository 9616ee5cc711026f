import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * A language is a folder of locales/: its namespaces (`<namespace>.json`) and its own name in
 * itself (`language.json`: `{"name": "English"}`). The build, the server and the tests find the
 * languages here, so adding one means adding its folder and nothing in src/.
 */

/** This folder; a test may point the same functions at a copy of it. */
export const LOCALES_ROOT = __dirname;

/** Not a namespace: the language's display name. */
export const LANGUAGE_FILE = 'language.json';

/** A language's namespaces by name, as i18next takes them. */
export type Catalogue = Record<string, Record<string, unknown>>;

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/** Every language under `root`, its code (the folder's name) to its display name. */
export function languagesIn(root: string = LOCALES_ROOT): Record<string, string> {
  const found = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, LANGUAGE_FILE)))
    .map((entry) => [entry.name, String(readJson(join(root, entry.name, LANGUAGE_FILE)).name ?? entry.name)] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return Object.fromEntries(found);
}

/** A language folder's namespaces, read from its JSON files. */
export function catalogueIn(folder: string): Catalogue {
  const files = readdirSync(folder).filter((file) => file.endsWith('.json') && file !== LANGUAGE_FILE);
  return Object.fromEntries(files.map((file) => [file.slice(0, -'.json'.length), readJson(join(folder, file))]));
}
