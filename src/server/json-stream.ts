import { Readable } from 'node:stream';

/**
 * `{"<key>": [...rows]}` written in chunks of rows as they come. For lists of tens of thousands of
 * lines this lets compression run while the rest is still read and written, and never builds one
 * huge string.
 */
export function jsonListStream(key: string, rows: AsyncIterable<unknown> | Iterable<unknown>, chunkSize = 1000): Readable {
  return Readable.from(
    (async function* chunks() {
      yield `{${JSON.stringify(key)}:[`;
      let batch: string[] = [];
      let first = true;
      const flush = () => {
        const part = (first ? '' : ',') + batch.join(',');
        first = false;
        batch = [];
        return part;
      };
      for await (const row of rows) {
        batch.push(JSON.stringify(row));
        if (batch.length === chunkSize) yield flush();
      }
      if (batch.length > 0) yield flush();
      yield ']}';
    })(),
    { objectMode: false },
  );
}
