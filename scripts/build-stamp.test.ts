import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type BuildTarget, buildIfChanged, inputsHash } from './build-stamp';

let root: string;

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** A build that writes its output folder as webpack does (emptied first) and counts its runs. */
function target(): BuildTarget & { runs: number } {
  const outDir = join(root, 'dist/client');
  const built = {
    name: 'client',
    outDir,
    inputs: ['src/client', 'locales', 'webpack.config.ts', 'package-lock.json'],
    runs: 0,
    build: async () => {
      built.runs++;
      rmSync(outDir, { recursive: true, force: true });
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'index.html'), '<html></html>');
    },
  };
  return built;
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
  write('src/client/main.tsx', 'export const a = 1;');
  write('src/client/screen.tsx', 'export const b = 2;');
  write('locales/tr/common.json', '{"appName": "Atölye"}');
  write('webpack.config.ts', 'export default {};');
  write('package-lock.json', '{}');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

test('the first build runs; a second one with nothing changed is skipped', async () => {
  const client = target();
  await expect(buildIfChanged(root, client)).resolves.toBe(true);
  await expect(buildIfChanged(root, client)).resolves.toBe(false);
  expect(client.runs).toBe(1);
});

test('a changed client source, sentence, build config or lock file builds again, once', async () => {
  const client = target();
  await buildIfChanged(root, client);
  for (const [file, text] of [
    ['src/client/screen.tsx', 'export const b = 3;'],
    ['locales/en/common.json', '{"appName": "Workshop"}'],
    ['webpack.config.ts', 'export default { mode: "production" };'],
    ['package-lock.json', '{"lockfileVersion": 3}'],
  ]) {
    const runs = client.runs;
    write(file, text);
    await expect(buildIfChanged(root, client)).resolves.toBe(true);
    await expect(buildIfChanged(root, client)).resolves.toBe(false);
    expect(client.runs).toBe(runs + 1);
  }
});

test('a renamed source builds again: the paths count, not only the contents', async () => {
  const client = target();
  await buildIfChanged(root, client);
  rmSync(join(root, 'src/client/screen.tsx'));
  write('src/client/screens.tsx', 'export const b = 2;');
  await expect(buildIfChanged(root, client)).resolves.toBe(true);
});

test('a test file is no input', async () => {
  const client = target();
  await buildIfChanged(root, client);
  write('src/client/screen.test.tsx', 'test("b", () => {});');
  await expect(buildIfChanged(root, client)).resolves.toBe(false);
});

test('a deleted output, or another build into its folder, builds again', async () => {
  const client = target();
  await buildIfChanged(root, client);
  rmSync(client.outDir, { recursive: true });
  await expect(buildIfChanged(root, client)).resolves.toBe(true);
  // What a development build does: webpack empties the folder and writes its own files.
  await target().build();
  await expect(buildIfChanged(root, client)).resolves.toBe(true);
  expect(client.runs).toBe(3);
});

test('a failed build leaves no stamp, so the next start builds again', async () => {
  const client = target();
  await buildIfChanged(root, client);
  write('src/client/screen.tsx', 'export const b = ;');
  const failing = { ...client, build: async () => Promise.reject(new Error('syntax error')) };
  await expect(buildIfChanged(root, failing)).rejects.toThrow('syntax error');
  write('src/client/screen.tsx', 'export const b = 2;');
  await expect(buildIfChanged(root, client)).resolves.toBe(true);
});

test('the hash does not depend on the order the inputs are named in', () => {
  expect(inputsHash(root, ['src/client', 'locales'])).toBe(inputsHash(root, ['locales', 'src/client']));
  expect(inputsHash(root, ['src/client'])).not.toBe(inputsHash(root, ['src/client', 'locales']));
});
