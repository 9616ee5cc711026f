import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { refusalKey, type Refusal } from '../shared/lifecycle';
import { message, refusal, said } from './messages';

const SHARED = join(__dirname, '..', 'shared');
const LOCALES = join(__dirname, '..', '..', 'locales');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The server's code and the shared rules it answers with (schemas, life cycle, grid views). */
const files = [...sources(__dirname), ...sources(SHARED)];

/**
 * Every key the server can send: each `'errors:…'`, `'success:…'` and `'validation:…'` written in that
 * code (AppError and its helpers, `message`, `said`, yup messages), and the life cycle's refusals,
 * whose keys are built from the `Refusal` names (`errors:${refusalKey(refusal)}`).
 */
function sentKeys(): Array<{ key: string; file: string }> {
  const written = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/'((?:errors|success|validation):\w+)'/g)].map((m) => ({ key: m[1], file: relative(__dirname, file) })),
  );
  const union = /export type Refusal =([^;]+);/.exec(readFileSync(join(SHARED, 'lifecycle.ts'), 'utf8'))?.[1] ?? '';
  const refusals = [...union.matchAll(/'(\w+)'/g)].map((m) => ({ key: `errors:${refusalKey(m[1] as Refusal)}`, file: 'shared/lifecycle.ts' }));
  expect(refusals.length).toBeGreaterThan(10);
  return [...written, ...refusals];
}

const languages = readdirSync(LOCALES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]))].sort();

function sentence(language: string, key: string): string | undefined {
  const [namespace, name] = key.split(':');
  const catalogue = JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
  return typeof catalogue[name] === 'string' ? catalogue[name] : undefined;
}

test('every key the server can send has a sentence in every language, with the placeholders of the Turkish one', () => {
  const keys = sentKeys();
  expect(keys.length).toBeGreaterThan(50);
  // Turkish is the server's own language and the measure of the others, whichever folders locales/ holds.
  expect(languages).toContain('tr');
  expect(languages.length).toBeGreaterThan(1);
  // A key missing from the server's own catalogue would reach users as the key itself.
  expect(keys.filter(({ key }) => message(key) === key)).toEqual([]);
  const problems = [...new Set(keys.map(({ key }) => key))].flatMap((key) => {
    const turkish = placeholders(sentence('tr', key) ?? '');
    return languages.flatMap((language) => {
      const text = sentence(language, key);
      if (text === undefined) return [`${language} ${key}: missing`];
      const found = placeholders(text);
      return found.join() === turkish.join() ? [] : [`${language} ${key}: {{${found.join('}}, {{')}}} where tr has {{${turkish.join('}}, {{')}}}`];
    });
  });
  expect(problems).toEqual([]);
});

test('success sentences answer from their own namespace', () => {
  expect(message('success:qualityRejected', { step: 'Cila' })).toBe('Kalite kontrol reddedildi. Ürün Cila adımına geri döndürüldü.');
  expect(message('errors:qualityApproved')).toBe('errors:qualityApproved');
});

test('an answer names its sentence by key and values beside the Turkish text', () => {
  expect(said('success:qualityRejected', { step: 'Cila' })).toEqual({
    message: 'Kalite kontrol reddedildi. Ürün Cila adımına geri döndürüldü.',
    message_key: { key: 'success:qualityRejected', values: { step: 'Cila' } },
  });
  expect(refusal('UNKNOWN_USER', 'errors:unknownUser', { id: 7 })).toEqual({
    error: message('errors:unknownUser', { id: 7 }),
    code: 'UNKNOWN_USER',
    message: { key: 'errors:unknownUser', values: { id: 7 } },
  });
});

test('a sentence with a placeholder is never named without the values that fill it', () => {
  // A call site naming such a key and closing right after it (no values) would show '{{id}}' to a user.
  const unfilled = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/'((?:errors|success|validation):\w+)'(?:\s*,\s*'[A-Z_]+')?\s*\)/g)]
      .filter((m) => message(m[1]).includes('{{'))
      .map((m) => `${relative(__dirname, file)}: ${m[0]}`),
  );
  expect(unfilled).toEqual([]);
});
