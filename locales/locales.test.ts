import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const LOCALES = __dirname;
const CLIENT = join(__dirname, '..', 'src', 'client');

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

function catalogue(language: string): Record<string, string[]> {
  const dir = join(LOCALES, language);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.replace(/\.json$/, ''), keys(JSON.parse(readFileSync(join(dir, file), 'utf8'))).sort()]),
  );
}

test('Turkish and English hold the same namespaces and keys', () => {
  const tr = catalogue('tr');
  const en = catalogue('en');
  expect(Object.keys(en).sort()).toEqual(Object.keys(tr).sort());
  for (const namespace of Object.keys(tr)) {
    const missingInEn = tr[namespace].filter((key) => !en[namespace].includes(key)).map((key) => `en ${namespace}:${key}`);
    const missingInTr = en[namespace].filter((key) => !tr[namespace].includes(key)).map((key) => `tr ${namespace}:${key}`);
    expect([...missingInEn, ...missingInTr]).toEqual([]);
  }
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(tsx?|html)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

test('client code holds no Turkish text: every visible string lives in locales/', () => {
  const turkish = /[çğıöşüÇĞİÖŞÜ]/;
  const offenders = sourceFiles(CLIENT).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => [line, index + 1] as const)
      .filter(([line]) => turkish.test(line))
      .map(([line, number]) => `${relative(CLIENT, file)}:${number}: ${line.trim()}`),
  );
  expect(offenders).toEqual([]);
});
