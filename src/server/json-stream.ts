import { Readable } from 'node:stream';

/**
 * `{"<key>": [...rows]}` written a page of rows at a time as the pages come. For lists of tens of
 * thousands of lines this lets compression run while the rest is still read and written, and never
 * builds one huge string; each page is one stringify call, not one per row.
 */
export function jsonListStream(key: string, pages: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>): Readable {
  return Readable.from(
    (async function* chunks() {
      yield `{${JSON.stringify(key)}:[`;
      let first = true;
      for await (const page of pages) {
        if (page.length === 0) continue;
        const rows = JSON.stringify(page);
        yield (first ? '' : ',') + rows.slice(1, -1);
        first = false;
      }
      yield ']}';
    })(),
    { objectMode: false },
  );
}
