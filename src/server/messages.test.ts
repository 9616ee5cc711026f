import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { message } from './messages';

/* A key missing from the catalogues would reach users as the key itself, so every key written in the server or its shared schemas must exist. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

test('every catalogue key the server names has a Turkish sentence', () => {
  const files = [...sources(__dirname), ...sources(join(__dirname, '..', 'shared', 'schemas'))];
  const keys = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/'((?:errors|success|validation):\w+)'/g)].map((m) => ({ key: m[1], file: relative(__dirname, file) })),
  );
  expect(keys.length).toBeGreaterThan(50);
  expect(keys.filter(({ key }) => message(key) === key)).toEqual([]);
});

test('success sentences answer from their own namespace', () => {
  expect(message('success:qualityRejected', { step: 'Cila' })).toBe('Kalite kontrol reddedildi. Ürün Cila adımına geri döndürüldü.');
  expect(message('errors:qualityApproved')).toBe('errors:qualityApproved');
});

test('a sentence with a placeholder is never named without the values that fill it', () => {
  // A call site naming such a key and closing right after it (no values) would show '{{id}}' to a user.
  const files = [...sources(__dirname), ...sources(join(__dirname, '..', 'shared', 'schemas'))];
  const unfilled = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/'((?:errors|success|validation):\w+)'(?:\s*,\s*'[A-Z_]+')?\s*\)/g)]
      .filter((m) => message(m[1]).includes('{{'))
      .map((m) => `${relative(__dirname, file)}: ${m[0]}`),
  );
  expect(unfilled).toEqual([]);
});
