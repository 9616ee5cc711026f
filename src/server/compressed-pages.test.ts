import { gunzipSync } from 'node:zlib';
import { gzipPages, servingOthers } from './compressed-pages';

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
