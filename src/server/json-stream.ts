import { Readable } from 'node:stream';

/**
 * `{"<key>": [...rows]}` written in chunks of rows. For lists of tens of thousands of lines this
 * lets compression run while the rest is still being written, and never builds one huge string.
 */
export function jsonListStream(key: string, rows: readonly unknown[], chunkSize = 1000): Readable {
  return Readable.from(
    (function* chunks() {
      yield `{${JSON.stringify(key)}:[`;
      for (let start = 0; start < rows.length; start += chunkSize) {
        const part = rows.slice(start, start + chunkSize).map((row) => JSON.stringify(row)).join(',');
        yield start === 0 ? part : `,${part}`;
      }
      yield ']}';
    })(),
    { objectMode: false },
  );
}
