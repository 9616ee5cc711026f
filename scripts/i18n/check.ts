import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Entry,
  type Namespace,
  SOURCE_LANGUAGE,
  baseKey,
  languageFile,
  languagesIn,
  loadNamespace,
  namespacesIn,
  placeholdersOf,
  textsOf,
} from './catalogues';
import { type KeyPattern, scanSources, type Usage } from './usage';

/** One fault a translator (or, for code, a developer) can fix from the line alone. */
export interface Problem {
  file: string;
  key: string;
  problem: string;
}

export interface CheckResult {
  problems: Problem[];
  languages: string[];
  namespaces: string[];
  keys: number;
}

/** The key column for a fault of a whole file. */
const WHOLE_FILE = '*';

export const formatProblem = ({ file, key, problem }: Problem) => `${file}  ${key}  ${problem}`;

const braces = (names: Iterable<string>) => [...names].map((name) => `{{${name}}}`).join(', ');

/** CLDR's order of plural categories, the order translators know them in. */
const CATEGORY_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** The plural categories a language's sentences need (Turkish and English: one, other). */
function pluralCategories(language: string): string[] | null {
  try {
    const categories: string[] = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    return [...categories].sort((a, b) => CATEGORY_ORDER.indexOf(a) - CATEGORY_ORDER.indexOf(b));
  } catch {
    return null;
  }
}

/** Faults inside one catalogue, whatever the other languages hold: empty texts, non-text values, incomplete plurals. */
function ownProblems(namespace: Namespace, categories: string[] | null, language: string): Problem[] {
  const problems: Problem[] = namespace.odd.map((key) => ({ file: namespace.file, key, problem: 'not a text' }));
  for (const [key, entry] of namespace.entries) {
    if (entry.text !== undefined && entry.text.trim() === '') problems.push({ file: namespace.file, key, problem: 'empty value' });
    for (const [form, text] of entry.forms) if (text.trim() === '') problems.push({ file: namespace.file, key: `${key}_${form}`, problem: 'empty value' });
    const missing = entry.forms.size > 0 && categories ? categories.filter((category) => !entry.forms.has(category)) : [];
    if (missing.length > 0) {
      const needs = categories!.map((category) => `_${category}`).join(', ');
      problems.push({ file: namespace.file, key, problem: `plural forms ${missing.map((m) => `_${m}`).join(', ')} missing (${language} needs ${needs})` });
    }
  }
  return problems;
}

/** A translation against Turkish: the same keys, the same placeholders. */
function comparedProblems(source: Namespace, target: Namespace): Problem[] {
  const problems: Problem[] = [];
  for (const key of source.entries.keys()) {
    if (!target.entries.has(key)) problems.push({ file: target.file, key, problem: `missing (${SOURCE_LANGUAGE} has it)` });
  }
  for (const [key, entry] of target.entries) {
    const original = source.entries.get(key);
    if (!original) {
      problems.push({ file: target.file, key, problem: `extra (${SOURCE_LANGUAGE} has no such key)` });
      continue;
    }
    const [wanted, given] = [placeholdersOf(original), placeholdersOf(entry)];
    const lacking = [...wanted].filter((name) => !given.has(name));
    const extra = [...given].filter((name) => !wanted.has(name));
    if (lacking.length > 0 || extra.length > 0) {
      const parts = [lacking.length > 0 ? `${braces(lacking)} missing` : '', extra.length > 0 ? `${braces(extra)} not in ${SOURCE_LANGUAGE}` : ''];
      problems.push({ file: target.file, key, problem: `placeholders differ: ${parts.filter(Boolean).join(', ')} (${SOURCE_LANGUAGE}: ${braces(wanted) || 'none'})` });
    }
  }
  return problems;
}

/** Every language folder names itself once Turkish does. */
function languageNameProblems(root: string, languages: string[]): Problem[] {
  if (!languageFile(root, SOURCE_LANGUAGE).present) return [];
  return languages.flatMap((language): Problem[] => {
    const { file, present, name, invalid } = languageFile(root, language);
    if (!present) return [{ file, key: WHOLE_FILE, problem: `missing (${SOURCE_LANGUAGE} has it): the language's name in its own language` }];
    if (invalid) return [{ file, key: WHOLE_FILE, problem: `not valid JSON (${invalid})` }];
    return typeof name === 'string' && name.trim() !== '' ? [] : [{ file, key: 'name', problem: 'missing or empty: the language name shown in the language menu' }];
  });
}

/** Code against the Turkish catalogues: keys it uses that are absent, keys nobody uses, placeholders left unfilled. */
function usageProblems(source: Map<string, Namespace>, usage: Usage): Problem[] {
  const problems: Problem[] = [];
  const used = new Set(usage.uses.map((use) => `${use.ns}:${baseKey(use.key)}`));
  const spells = (pattern: KeyPattern, key: string, entry: Entry) =>
    pattern.pattern.test(key) || [...entry.forms.keys()].some((form) => pattern.pattern.test(`${key}_${form}`));

  // An absent key once, with every place that uses it.
  const absent = new Map<string, { file: string; key: string; places: string[] }>();
  for (const use of usage.uses) {
    const namespace = source.get(use.ns);
    const entry = namespace?.entries.get(baseKey(use.key));
    if (!namespace || !entry) {
      if (!namespace || !use.certain) continue;
      const found = absent.get(`${use.ns}:${use.key}`) ?? { file: namespace.file, key: use.key, places: [] };
      found.places.push(`${use.file}:${use.line}`);
      absent.set(`${use.ns}:${use.key}`, found);
      continue;
    }
    const unfilled = use.params ? [...placeholdersOf(entry)].filter((name) => !use.params!.has(name)) : [];
    if (unfilled.length > 0) problems.push({ file: `${use.file}:${use.line}`, key: `${use.ns}:${use.key}`, problem: `placeholder ${braces(unfilled)} not filled: "${textsOf(entry)[0]}"` });
  }
  for (const { file, key, places } of absent.values()) problems.push({ file, key, problem: `missing, used in ${places.join(', ')}` });
  for (const pattern of usage.patterns) {
    const namespace = source.get(pattern.ns);
    if (namespace && ![...namespace.entries].some(([key, entry]) => spells(pattern, key, entry))) {
      problems.push({ file: `${pattern.file}:${pattern.line}`, key: `${pattern.ns}:${pattern.text}`, problem: `no key of ${namespace.file} matches` });
    }
  }
  for (const [ns, namespace] of source) {
    for (const [key, entry] of namespace.entries) {
      if (used.has(`${ns}:${key}`) || usage.literals.get(ns)?.has(key) || usage.patterns.some((p) => p.ns === ns && spells(p, key, entry))) continue;
      problems.push({ file: namespace.file, key, problem: 'not used in code (delete it from every language)' });
    }
  }
  return problems;
}

export function checkCatalogues({ root }: { root: string }): CheckResult {
  const locales = join(root, 'locales');
  if (!existsSync(join(locales, SOURCE_LANGUAGE))) {
    return { problems: [{ file: `locales/${SOURCE_LANGUAGE}`, key: WHOLE_FILE, problem: 'missing: Turkish is the source language' }], languages: [], namespaces: [], keys: 0 };
  }
  const languages = languagesIn(locales);
  const namespaces = namespacesIn(join(locales, SOURCE_LANGUAGE));
  const problems: Problem[] = languageNameProblems(root, languages);
  const catalogues = new Map<string, Map<string, Namespace>>();

  for (const language of languages) {
    const categories = pluralCategories(language);
    if (!categories) problems.push({ file: `locales/${language}`, key: WHOLE_FILE, problem: 'folder name is not a language tag (BCP 47, such as de or pt-BR)' });
    const loaded = new Map<string, Namespace>();
    for (const ns of namespacesIn(join(locales, language))) {
      if (!namespaces.includes(ns)) {
        problems.push({ file: `locales/${language}/${ns}.json`, key: WHOLE_FILE, problem: `extra file (${SOURCE_LANGUAGE} has no such namespace)` });
        continue;
      }
      const result = loadNamespace(root, language, ns);
      if (!result.ok) problems.push({ file: result.file, key: WHOLE_FILE, problem: result.reason });
      else {
        loaded.set(ns, result.namespace);
        problems.push(...ownProblems(result.namespace, categories, language));
      }
    }
    catalogues.set(language, loaded);
  }

  const source = catalogues.get(SOURCE_LANGUAGE)!;
  for (const language of languages.filter((l) => l !== SOURCE_LANGUAGE)) {
    for (const ns of namespaces) {
      const target = catalogues.get(language)!.get(ns);
      const file = `locales/${language}/${ns}.json`;
      if (target && source.has(ns)) problems.push(...comparedProblems(source.get(ns)!, target));
      else if (!existsSync(join(root, file))) problems.push({ file, key: WHOLE_FILE, problem: `missing (${SOURCE_LANGUAGE} has it)` });
    }
  }

  problems.push(...usageProblems(source, scanSources(root, new Set(namespaces))));
  const keys = [...source.values()].reduce((sum, namespace) => sum + namespace.entries.size, 0);
  const unique = [...new Map(problems.map((p) => [formatProblem(p), p])).values()];
  unique.sort((a, b) => a.file.localeCompare(b.file) || a.key.localeCompare(b.key) || a.problem.localeCompare(b.problem));
  return { problems: unique, languages, namespaces, keys };
}
