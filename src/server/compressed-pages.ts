import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { othersTurn } from './db/turns';

/*
 * Lists of lines compressed a page at a time, each page in one call on libuv's threads whose
 * compressor is freed at once, as the archive's pages are: a compressing stream (the plugin's) keeps its native
 * memory until the garbage collector gets to it, and lists read several at once grew the server's
 * memory by hundreds of megabytes (bench/list-memory.ts). A list held whole (one page, or a kept
 * list) is compressed in one call on libuv's threads, a few at once; a longer one is gzipped as it
 * streams, other requests served between its pages: each page becomes deflate blocks ending on a
 * byte boundary (a sync flush, never the final block), so the pages join into one deflate stream,
 * and a gzip header before it and, after an empty final block, the checksum and length of all
 * pages make it a single gzip member, which every client reads. Compressed on the event loop, each
 * page held every other request while it was: a screen's lookups asked beside the office's list of
 * 100,000 lines took about 100 ms to be answered, 25–60 ms since.
 */

const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** A final deflate block with nothing in it: the stream ends here. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** The pages' texts as one gzip member, each page compressed by itself as it comes. */
export function gzipPages(pages: AsyncIterable<string | Buffer>): Readable {
  return Readable.from(
    (async function* gzip() {
      yield HEADER;
      let crc = 0;
      let length = 0;
      for await (const page of pages) {
        const bytes = typeof page === 'string' ? Buffer.from(page) : page;
        if (bytes.length === 0) continue;
        crc = zlib.crc32(bytes, crc);
        length = (length + bytes.length) % 2 ** 32;
        yield await inTurn(() => deflateRaw(bytes, { ...oneTrip(bytes.length), finishFlush: zlib.constants.Z_SYNC_FLUSH }).then(owned));
      }
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(length, 4);
      yield Buffer.concat([LAST_BLOCK, trailer]);
    })(),
    { objectMode: false },
  );
}

/**
 * The pages, each after the event loop has had a turn. A page read from SQLite is produced
 * synchronously, and a socket on a fast network takes every write at once, so without a turn a
 * long list is read, encoded and written in one unbroken run of promise callbacks: every other
 * request waited for the whole list (a health check 8.6 s behind 111,335 lines of the grid).
 */
export async function* servingOthers<T>(pages: AsyncIterable<T>): AsyncGenerator<T> {
  let first = true;
  for await (const page of pages) {
    if (!first) await othersTurn();
    first = false;
    yield page;
  }
}

/** Whether the reader takes the encoding (`;q=0` refuses it). */
function takes(acceptEncoding: string | undefined, encoding: 'br' | 'gzip'): boolean {
  return (acceptEncoding ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (name === encoding || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** How an answer's body is encoded on the wire. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding the reader prefers of those the product sends: brotli, else gzip, else none. */
export const encodingTaken = (reply: FastifyReply): Encoding => {
  const accepted = reply.request.headers['accept-encoding'];
  return takes(accepted, 'br') ? 'br' : takes(accepted, 'gzip') ? 'gzip' : 'identity';
};

/** The brotli quality of every compressed answer, here and in the compression plugin (app.ts): fast, and still smaller than gzip. */
export const BROTLI_QUALITY = 4;

/**
 * The output buffer of a call compressing `length` bytes: room for all of it (JSON shrinks far
 * below a quarter), so the call is one trip to libuv's threads and back. With the default 16 KB a
 * list of a thousand lines took six, each waking a thread and running its callbacks on the event
 * loop: a seventh of the event loop's time under the mixed load (bench/mixed.ts).
 */
const oneTrip = (length: number) => ({ chunkSize: Math.min(Math.max(zlib.constants.Z_DEFAULT_CHUNK, Math.ceil(length / 4)), 2 ** 22) });

/**
 * Brotli's options for `length` bytes: its window no larger than the body (the default, 4 MB, was
 * set up by every call however short its list: a tenth of its time for a list of a thousand lines),
 * and the size as a hint. Up to 4 MB the answer is the same size.
 */
const brotliFor = (length: number) => ({
  ...oneTrip(length),
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length,
    [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(Math.max(Math.ceil(Math.log2(length + 1)), zlib.constants.BROTLI_MIN_WINDOW_BITS), zlib.constants.BROTLI_DEFAULT_WINDOW),
  },
});

/** The result alone: it is a view of the call's output buffer, which a kept answer would otherwise hold whole. */
const owned = (out: Buffer): Buffer => (out.buffer.byteLength > 2 * out.length ? Buffer.from(out) : out);

const brotli = promisify(zlib.brotliCompress);
const deflateRaw = promisify(zlib.deflateRaw);
const gzip = promisify(zlib.gzip);

/**
 * Compressions (whole answers, and the pages of long lists) run at once at most, on libuv's
 * threads, off the event loop: each holds its compressor's memory until it is done (freed then,
 * unlike a stream's), so the rest wait their turn.
 */
const COMPRESSING_AT_ONCE = 4;
let compressing = 0;
const waiting: Array<() => void> = [];

async function inTurn(compress: () => Promise<Buffer>): Promise<Buffer> {
  // A turn ends by handing itself to the next in line, so no newcomer slips past those waiting.
  if (compressing < COMPRESSING_AT_ONCE) compressing++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await compress();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else compressing--;
  }
}

/** `body` encoded as `encoding`, compressed off the event loop. */
export const encode = (body: Buffer, encoding: Encoding): Promise<Buffer> =>
  encoding === 'identity'
    ? Promise.resolve(body)
    : inTurn(() => (encoding === 'br' ? brotli(body, brotliFor(body.length)) : gzip(body, oneTrip(body.length))).then(owned));

function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** Bodies up to this size go in one write; larger ones as a stream of slices of it. */
const SLICE_BYTES = 64 * 1024;

/**
 * Sends a body already encoded as `encoding`. A large one goes as a stream of slices: written at
 * once, its answer counted as sent while most of it still waited for a slow reader, and a server
 * closing then (a SIGTERM) cut off its tail (shutdown.test.ts).
 */
export function sendEncoded(reply: FastifyReply, body: Buffer, encoding: Encoding) {
  varyOnEncoding(reply);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  if (body.length <= SLICE_BYTES) return reply.send(body);
  reply.header('content-length', body.length);
  return reply.send(
    Readable.from(
      (function* slices() {
        for (let at = 0; at < body.length; at += SLICE_BYTES) yield body.subarray(at, at + SLICE_BYTES);
      })(),
      { objectMode: false },
    ),
  );
}

export interface PagesOptions {
  /** One page only: compressed in one call. */
  whole: boolean;
  /** Handed the answer's body as sent, once all of it was, if it came to no more than `upTo` bytes. */
  keep?: { upTo: number; body(body: Buffer, encoding: Encoding): void };
}

/** The chunks passed on as they come; once all have passed, handed to `keep` as one body if they came to no more than its `upTo` bytes. */
async function* passing(chunks: AsyncIterable<string | Buffer>, keep: NonNullable<PagesOptions['keep']>, encoding: Encoding) {
  const seen: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of chunks) {
    const piece = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += piece.length;
    if (bytes <= keep.upTo) seen.push(piece);
    yield piece;
  }
  // Not reached when the reader went away before the end.
  if (bytes <= keep.upTo) keep.body(Buffer.concat(seen), encoding);
}

/** Sends `body` compressed in one call, with brotli where the reader takes it, handed to `keep` as sent. */
export async function sendWhole(reply: FastifyReply, body: Buffer, keep?: PagesOptions['keep']) {
  const taken = encodingTaken(reply);
  const encoded = await encode(body, taken);
  if (keep && encoded.length <= keep.upTo) keep.body(encoded, taken);
  return sendEncoded(reply, encoded, taken);
}

/**
 * Sends a list of pages. A list of one page (`whole`: the tablet's, a customer's) is sent whole
 * (sendWhole); a longer one is streamed, gzipped page by page
 * where the reader takes gzip. An answer that names its encoding is left as it is by the
 * compression plugin.
 */
export async function sendPages(reply: FastifyReply, pages: AsyncIterable<string | Buffer>, { whole, keep }: PagesOptions) {
  if (whole) {
    const chunks: Buffer[] = [];
    for await (const page of pages) chunks.push(typeof page === 'string' ? Buffer.from(page) : page);
    return sendWhole(reply, Buffer.concat(chunks), keep);
  }
  varyOnEncoding(reply);
  const encoding = takes(reply.request.headers['accept-encoding'], 'gzip') ? 'gzip' : 'identity';
  if (encoding === 'gzip') reply.header('content-encoding', 'gzip');
  const body = encoding === 'gzip' ? gzipPages(servingOthers(pages)) : servingOthers(pages);
  return reply.send(Readable.from(keep ? passing(body, keep, encoding) : body, { objectMode: false }));
}
