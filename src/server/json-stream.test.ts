import { text } from 'node:stream/consumers';
import { jsonListStream } from './json-stream';

const pagesOf = <T>(rows: T[], size: number) => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

test.each([0, 1, 3, 4, 7])('a list of %i rows streams as the same JSON as one stringify', async (count) => {
  const rows = Array.from({ length: count }, (_, i) => ({ id: i, note: i % 2 ? null : `satır "${i}"` }));
  expect(await text(jsonListStream('orders', pagesOf(rows, 3)))).toBe(JSON.stringify({ orders: rows }));
});

test('pages that arrive one by one, empty ones among them, stream the same way', async () => {
  async function* arriving() {
    yield [];
    for (let i = 0; i < 5; i += 2) {
      yield [{ id: i }, ...(i + 1 < 5 ? [{ id: i + 1 }] : [])];
      yield [];
    }
  }
  expect(await text(jsonListStream('orders', arriving()))).toBe(JSON.stringify({ orders: [0, 1, 2, 3, 4].map((id) => ({ id })) }));
});
