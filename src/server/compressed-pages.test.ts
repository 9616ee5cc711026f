import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { gzipPages, sendPages, sendWhole, servingOthers } from './compressed-pages';

async function* pagesOf(texts: string[]) {
  yield* texts;
}

const read = async (texts: string[]) => {
  const chunks: Buffer[] = [];
  for await (const chunk of gzipPages(pagesOf(texts))) chunks.push(chunk as Buffer);
  return chunks;
};

test('pages compressed one by one make one gzip member of the whole text', async () => {
  const pages = ['{"orders":[', JSON.stringify({ id: 1, note: 'Çiçek işlemeli, ğ ü ş ı ö' }).repeat(2_000), '', `,${'{"id":2}'.repeat(50_000)}`, ']}'];
  const chunks = await read(pages);
  expect(gunzipSync(Buffer.concat(chunks)).toString('utf8')).toBe(pages.join(''));
  // The header, one chunk per page that has text, and the end: nothing waits for a later page.
  expect(chunks).toHaveLength(2 + pages.filter((page) => page.length > 0).length);
});

test('an empty list is a valid empty member', async () => {
  expect(gunzipSync(Buffer.concat(await read([]))).toString('utf8')).toBe('');
});

test('a long list lets the event loop serve others between its pages', async () => {
  // Pages that are ready at once, as SQLite's are: without a turn between them, nothing else runs
  // until the last one.
  const seen: string[] = [];
  const other = () => setImmediate(() => seen.push('other'));
  for await (const page of servingOthers(pagesOf(['a', 'b', 'c']))) {
    seen.push(page);
    other();
  }
  expect(seen).toEqual(['a', 'other', 'b', 'other', 'c']);
});

test('a page is compressed off the event loop: others are served while it is', async () => {
  const member = gzipPages(pagesOf(['x'.repeat(200_000)]))[Symbol.asyncIterator]();
  await member.next(); // the gzip header
  let served = false;
  setImmediate(() => (served = true));
  const page = await member.next();
  expect((page.value as Buffer).length).toBeGreaterThan(0);
  // Compressed in the same turn (deflateRawSync), the page came before anything else could run.
  expect(served).toBe(true);
});

describe('an answer kept as sent', () => {
  const app = Fastify();
  const kept: Array<{ body: Buffer; encoding: string }> = [];
  const pages = ['{"orders":[', '{"id":1}', ',{"id":2}', ']}'];
  app.get('/list', (request, reply) => {
    const { whole, upTo } = request.query as { whole?: string; upTo: string };
    return sendPages(reply, pagesOf(pages), { whole: whole === '1', keep: { upTo: Number(upTo), body: (body, encoding) => kept.push({ body, encoding }) } });
  });
  afterAll(() => app.close());
  const get = (query: string, encoding: string) => app.inject({ url: `/list?${query}`, headers: { 'accept-encoding': encoding } });
  const decoded = ({ body, encoding }: { body: Buffer; encoding: string }) => (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

  test.each([
    ['a long list, gzipped as it streams', 'upTo=1000', 'gzip, br', 'gzip'],
    ['a long list, sent as it is', 'upTo=1000', 'identity', 'identity'],
    ['a list of one page, with brotli', 'whole=1&upTo=1000', 'gzip, br', 'br'],
  ])('%s: the very bytes sent, once all are', async (_what, query, accepted, encoding) => {
    kept.length = 0;
    const answer = await get(query, accepted);
    expect(kept.map((k) => k.encoding)).toEqual([encoding]);
    expect(kept[0].body.equals(answer.rawPayload)).toBe(true);
    expect(decoded(kept[0])).toBe(pages.join(''));
  });

  test('a kept answer holds its own bytes, not the compressor’s whole output buffer', async () => {
    const app = Fastify();
    const long = Buffer.from(JSON.stringify({ orders: Array.from({ length: 20_000 }, (_, i) => ({ id: i, note: 'Çiçek işlemeli' })) }));
    const held: Buffer[] = [];
    app.get('/long', (_request, reply) => sendWhole(reply, long, { upTo: long.length, body: (body) => held.push(body) }));
    try {
      const answer = await app.inject({ url: '/long', headers: { 'accept-encoding': 'br' } });
      expect(brotliDecompressSync(answer.rawPayload).equals(long)).toBe(true);
      expect(held).toHaveLength(1);
      expect(held[0].buffer.byteLength).toBeLessThanOrEqual(2 * held[0].length);
    } finally {
      await app.close();
    }
  });

  test('never an answer larger than it may keep', async () => {
    kept.length = 0;
    await get('upTo=10', 'gzip');
    await get('whole=1&upTo=10', 'br');
    expect(kept).toEqual([]);
  });
});

test('whole answers compressed many at once (a few at a time on libuv threads, the rest waiting) each arrive whole, in their own encoding', async () => {
  const app = Fastify();
  const body = (n: number) => Buffer.from(JSON.stringify({ orders: Array.from({ length: 2_000 }, (_, i) => ({ id: i, n, note: 'Çiçek işlemeli' })) }));
  app.get('/whole/:n', (request, reply) => sendWhole(reply, body(Number((request.params as { n: string }).n))));
  try {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => app.inject({ url: `/whole/${n}`, headers: { 'accept-encoding': n % 2 ? 'gzip' : 'br, gzip' } })),
    );
    answers.forEach((answer, n) => {
      expect(answer.headers['content-encoding']).toBe(n % 2 ? 'gzip' : 'br');
      expect((n % 2 ? gunzipSync : brotliDecompressSync)(answer.rawPayload).equals(body(n))).toBe(true);
    });
  } finally {
    await app.close();
  }
});
