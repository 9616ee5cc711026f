import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config';
import { buildApp } from './app';
import { migrateToLatest, openDatabase } from './db';

/*
 * The built client as the server sends it: each file as the build compressed it (brotli, else gzip,
 * else plain), never compressed again; the page revalidated on every load in every encoding, the
 * content-hashed assets cached for good.
 */

describe('the built client', () => {
  const dir = mkdtempSync(join(process.env.TEST_TMP_DIR ?? tmpdir(), 'client-build-'));
  const page = '<!doctype html><title>Atölye</title><script defer src="/assets/main.0123abcd.js"></script>';
  const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    mkdirSync(join(dir, 'client/assets'), { recursive: true });
    for (const [name, text] of [
      ['client/index.html', page],
      ['client/assets/main.0123abcd.js', script],
    ]) {
      writeFileSync(join(dir, name), text);
      writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
    }
    const config = loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'app.db')}`, DATA_DIR: dir, SESSION_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789', LOG_LEVEL: 'silent' });
    const handle = openDatabase(config.databaseUrl);
    await migrateToLatest(handle.db);
    app = await buildApp(config, handle, join(dir, 'client'));
    close = async () => {
      await app.close();
      await handle.close();
    };
  });
  afterAll(() => close());

  const get = (url: string, encoding?: string) => app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  test.each(['/assets/main.0123abcd.js', '/', '/admin/orders'])('%s: brotli as built, else gzip, else plain, the same bytes each way', async (url) => {
    const text = url.startsWith('/assets/') ? script : page;
    const br = await get(url, 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(text);
    expect(Number(br.headers['content-length'])).toBe(brotliCompressSync(text).length);
    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(text);
  });

  test('the page is revalidated on every load whatever its encoding; a content-hashed asset is cached for good', async () => {
    for (const url of ['/', '/admin/orders', '/index.html']) {
      for (const encoding of ['br', 'gzip', undefined]) expect({ url, encoding, cache: (await get(url, encoding)).headers['cache-control'] }).toEqual({ url, encoding, cache: 'no-cache' });
    }
    for (const encoding of ['br', 'gzip', undefined]) expect((await get('/assets/main.0123abcd.js', encoding)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
