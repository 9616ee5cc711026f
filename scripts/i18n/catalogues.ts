import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Turkish is the product's language: every other catalogue is measured against it. */
export const SOURCE_LANGUAGE = 'tr';

/** A language's display name in its own language; metadata beside the namespaces, not one of them. */
export const LANGUAGE_FILE = 'language.json';

/** i18next's plural suffixes: `line_one` and `line_other` are forms of the one key `line`. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** One key of a namespace: its text, or its plural forms by category. */
export interface Entry {
  text?: string;
  forms: Map<string, string>;
}

export interface Namespace {
  /** Path relative to the repository, as a translator opens it: `locales/en/orders.json`. */
  file: string;
  /** Flattened base keys (`why.completed`), plural forms folded into their key. */
  entries: Map<string, Entry>;
  /** Leaves that are not text (a number, null, an array item...). */
  odd: string[];
}

export type Loaded = { ok: true; namespace: Namespace } | { ok: false; file: string; reason: string };

/** Language folders under locales/: a folder is a language, whatever its name. */
export function languagesIn(locales: string): string[] {
  return readdirSync(locales)
    .filter((name) => statSync(join(locales, name)).isDirectory())
    .sort();
}

/** The namespaces of a language folder: its JSON files except the language's own metadata. */
export function namespacesIn(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json') && name !== LANGUAGE_FILE)
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

export const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');

/** Every leaf of a catalogue as `a.b.c` and its value. */
function leaves(value: unknown, prefix: string, out: [string, unknown][]): [string, unknown][] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.push([prefix, value]);
  }
  return out;
}

export function loadNamespace(root: string, language: string, namespace: string): Loaded {
  const file = `locales/${language}/${namespace}.json`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(root, file), 'utf8'));
  } catch (error) {
    return { ok: false, file, reason: `not valid JSON (${(error as Error).message})` };
  }
  const entries = new Map<string, Entry>();
  const odd: string[] = [];
  for (const [key, value] of leaves(parsed, '', [])) {
    if (typeof value !== 'string') {
      odd.push(key);
      continue;
    }
    const base = baseKey(key);
    const entry = entries.get(base) ?? { forms: new Map<string, string>() };
    if (base === key) entry.text = value;
    else entry.forms.set(key.slice(base.length + 1), value);
    entries.set(base, entry);
  }
  return { ok: true, namespace: { file, entries, odd } };
}

/** Every text of a key: its plain text and its plural forms. */
export const textsOf = (entry: Entry): string[] => [...(entry.text === undefined ? [] : [entry.text]), ...entry.forms.values()];

/** `{{id}}`, `{{ count }}` and `{{amount, number}}` name the values `id`, `count` and `amount`. */
export function placeholdersOf(entry: Entry): Set<string> {
  const names = new Set<string>();
  for (const text of textsOf(entry)) for (const match of text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)) names.add(match[1]);
  return names;
}

/** A language's language.json: whether it is there, and the `name` it gives. */
export function languageFile(root: string, language: string): { file: string; present: boolean; name: unknown; invalid?: string } {
  const file = `locales/${language}/${LANGUAGE_FILE}`;
  if (!existsSync(join(root, file))) return { file, present: false, name: undefined };
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(root, file), 'utf8'));
    return { file, present: true, name: parsed !== null && typeof parsed === 'object' ? (parsed as { name?: unknown }).name : undefined };
  } catch (error) {
    return { file, present: true, name: undefined, invalid: (error as Error).message };
  }
}
