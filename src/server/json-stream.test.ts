import { text } from 'node:stream/consumers';
import { jsonListStream } from './json-stream';

test.each([0, 1, 3, 4, 7])('a list of %i rows streams as the same JSON as one stringify', async (count) => {
  const rows = Array.from({ length: count }, (_, i) => ({ id: i, note: i % 2 ? null : `satır "${i}"` }));
  expect(await text(jsonListStream('orders', rows, 3))).toBe(JSON.stringify({ orders: rows }));
});

test('rows that arrive one by one stream the same way', async () => {
  async function* arriving() {
    for (let i = 0; i < 5; i++) yield { id: i };
  }
  expect(JSON.parse(await text(jsonListStream('orders', arriving(), 2)))).toEqual({ orders: [0, 1, 2, 3, 4].map((id) => ({ id })) });
});
