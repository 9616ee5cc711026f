import type { MessageKey, OrderLineDto } from '../../../shared/api';
import { REQUEST_TIMEOUT_MS } from '../../../shared/limits';
import { LINES_MEDIA_TYPE, wireDecoder, type WireHeader, type WirePage } from '../../../shared/lineWire';
import { messageKeyOf } from '../../api/said';
import { lineRequest, takeOpeningRead } from './openingRead';

/*
 * Reading a list of lines in the compact format (src/shared/lineWire.ts) as it arrives: the body's
 * text is split into lines, the first is the header, every other one a page, decoded into the
 * spec's lines and handed on in batches.
 */

/** What a reading tells its reader, in order: the header, batches of lines, then done or failed. */
export type StreamMessage =
  /** The answer's ETag comes with its header: the list's tag once every line is here. */
  | { type: 'header'; total: number; etag?: string | null }
  | { type: 'lines'; lines: OrderLineDto[] }
  | { type: 'done' }
  /** 304: the list is as the copy held, whose tag the reading sent; nothing else follows. */
  | { type: 'unchanged' }
  /** As `ApiError` has it: the HTTP status (0 without an answer), the server's sentence, code and the sentence's key. */
  | { type: 'failed'; status: number; error: string | null; code: string | null; messageKey?: MessageKey | null };

/**
 * How often the lines received are put in the store, after the first page, which goes at once (the
 * first screenful). Each time costs the main thread a copy of the whole collection (the store is
 * immutable) and a look at every row the grid holds, so a few large batches are cheaper than a
 * page each; the time between them grows with the lines already held, up to `maxMs`.
 */
export interface BatchPolicy {
  minMs: number;
  maxMs: number;
  /** Lines held at which the time reaches `maxMs`. */
  linesAtMax: number;
}

export const DEFAULT_BATCHES: BatchPolicy = { minMs: 200, maxMs: 500, linesAtMax: 100_000 };

/** Splits text that arrives in pieces into whole lines (without their '\n'); `end` gives a last unterminated line. */
export function lineSplitter(onLine: (line: string) => void) {
  // The pieces of the line not yet ended: joined once it ends, never searched again.
  let pieces: string[] = [];
  return {
    push(chunk: string): void {
      let start = 0;
      for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
        const tail = chunk.slice(start, end);
        const line = pieces.length === 0 ? tail : pieces.join('') + tail;
        pieces = [];
        start = end + 1;
        if (line.trim() !== '') onLine(line);
      }
      if (start < chunk.length) pieces.push(chunk.slice(start));
    },
    end(): void {
      const line = pieces.join('');
      pieces = [];
      if (line.trim() !== '') onLine(line);
    },
  };
}

/**
 * Reads the compact format a whole line of text at a time (lineSplitter cuts them from the
 * pieces): parses the header and decodes each page with the shared decoder, as it arrives. Throws
 * on a line that is not JSON.
 */
export function wireReader(emit: (message: StreamMessage) => void) {
  let decode: ((page: WirePage) => OrderLineDto[]) | null = null;
  let pages = 0;
  const read = (text: string) => {
    if (!decode) {
      const header = JSON.parse(text) as WireHeader;
      decode = wireDecoder(header);
      emit({ type: 'header', total: header.total });
      return;
    }
    const lines = decode(JSON.parse(text) as WirePage);
    pages++;
    if (lines.length > 0) emit({ type: 'lines', lines });
  };
  return {
    /** One whole line of the text, without its line break. */
    read,
    /** How many pages were read. */
    pages: () => pages,
    /** The text ended: a body without a header is an empty list. */
    end(): void {
      if (!decode) emit({ type: 'header', total: 0 });
    },
  };
}

/**
 * Gathers the pages a reading emits into batches by `policy` before they reach the store: the
 * first page passes at once, later ones wait for the next batch, which leaves on a timer (so a
 * stalled stream does not hold back lines already here) or with the end of the reading.
 */
export function batcher(emit: (message: StreamMessage) => void, policy: BatchPolicy = DEFAULT_BATCHES, clock: { now: () => number; later: (run: () => void, ms: number) => () => void } = CLOCK) {
  let pending: OrderLineDto[] = [];
  let held = 0;
  let last = -Infinity;
  let cancel: (() => void) | null = null;
  const wait = () => policy.minMs + (policy.maxMs - policy.minMs) * Math.min(1, held / policy.linesAtMax);
  const flush = () => {
    cancel?.();
    cancel = null;
    if (pending.length === 0) return;
    const lines = pending;
    pending = [];
    held += lines.length;
    last = clock.now();
    emit({ type: 'lines', lines });
  };
  return {
    emit(message: StreamMessage): void {
      if (message.type !== 'lines') {
        flush();
        emit(message);
        return;
      }
      for (const line of message.lines) pending.push(line);
      const due = last + wait() - clock.now();
      if (due <= 0) flush();
      else cancel ??= clock.later(flush, due);
    },
    /** Nothing more is wanted: a batch still waiting is dropped. */
    close(): void {
      cancel?.();
      cancel = null;
      pending = [];
    },
  };
}

const CLOCK = {
  now: () => Date.now(),
  later: (run: () => void, ms: number) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/**
 * A body's pieces taken off the connection as they arrive, whether or not they are read yet: while
 * a reading is held for its screen, the server goes on sending and the pieces wait here, not
 * decoded. `next` gives them in order, null after the last, and throws what the body threw once
 * the pieces before it are taken; `stop` drops the rest. `reading` is called before each wait for
 * a piece and `ended` when the body is done.
 */
function bodyPieces(body: ReadableStreamDefaultReader<Uint8Array>, reading: () => void, ended: () => void) {
  let pieces: Uint8Array[] = [];
  let next = 0;
  let done = false;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const take = async () => {
    try {
      for (;;) {
        reading();
        const { done: last, value } = await body.read();
        if (last) break;
        pieces.push(value);
        wake?.();
      }
    } catch (error) {
      failure = { error };
    }
    done = true;
    ended();
    wake?.();
  };
  void take();
  return {
    async next(): Promise<Uint8Array | null> {
      while (next === pieces.length && !done) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      if (next < pieces.length) {
        const piece = pieces[next++];
        if (next === pieces.length) {
          pieces = [];
          next = 0;
        }
        return piece;
      }
      if (failure) throw failure.error;
      return null;
    },
    stop(): void {
      if (!done) void body.cancel().catch(() => undefined);
    },
  };
}

/** The longest the page reads lines without giving its other work a turn. */
const READ_SLICE_MS = 30;

export interface ReadOptions {
  signal?: AbortSignal;
  /** The tag of the copy held: sent as If-None-Match, so an unchanged list answers 304 ('unchanged'). */
  etag?: string | null;
  /** No answer, or no new bytes of it, for this long ends the reading with TIMEOUT. */
  timeoutMs?: number;
  /**
   * Once a page of lines is out, the rest is read when this settles: a screen still being built
   * shows its first rows before the page decodes the others (their bytes are taken meanwhile, so the
   * server goes on sending, and wait undecoded).
   */
  held?: Promise<unknown>;
}

/**
 * Reads a list of lines from `path`, asking for the compact format, and tells `emit` what arrives,
 * a page at a time.
 * A server (or a test double) that answers the spec's JSON instead is read as one batch. Never
 * throws: a failure is the last message; an abort through `signal` ends it without one.
 */
export async function readLineStream(path: string, token: string | null, emit: (message: StreamMessage) => void, options: ReadOptions = {}): Promise<void> {
  const { signal, etag = null, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  let held = options.held;
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  };
  const stop = () => controller.abort();
  signal?.addEventListener('abort', stop);
  const failed = (status: number, error: string | null, code: string | null, messageKey: MessageKey | null = null) => emit({ type: 'failed', status, error, code, messageKey });
  try {
    if (signal?.aborted) return;
    arm();
    let response: Response;
    try {
      response = await (takeOpeningRead(path, token, etag, controller.signal) ?? fetch(path, lineRequest(token, etag, controller.signal)));
    } catch {
      if (!signal?.aborted) failed(0, null, timedOut ? 'TIMEOUT' : 'NETWORK');
      return;
    }
    if (response.status === 304) {
      emit({ type: 'unchanged' });
      return;
    }
    const type = response.headers.get('content-type') ?? '';
    const answered = response.headers.get('etag');
    const tagged = (message: StreamMessage) => emit(message.type === 'header' && answered ? { ...message, etag: answered } : message);
    if (!response.ok) {
      const data = type.includes('json') ? await response.json().catch(() => null) : null;
      failed(response.status, typeof data?.error === 'string' ? data.error : null, typeof data?.code === 'string' ? data.code : null, messageKeyOf(data?.message));
      return;
    }
    try {
      if (type.includes(LINES_MEDIA_TYPE)) {
        const reader = wireReader(tagged);
        // The lines of text come whole from the pieces and are read one at a time, so a hold
        // stops the reading right after the first page, however much more the piece held.
        const whole: string[] = [];
        const split = lineSplitter((text) => whole.push(text));
        let sliceStart = performance.now();
        const readWhole = async () => {
          for (let i = 0; i < whole.length; i++) {
            reader.read(whole[i]);
            // Bytes already here are read without a task between them: the page gets its turns.
            if (performance.now() - sliceStart > READ_SLICE_MS) {
              await new Promise((resolve) => setTimeout(resolve, 0));
              sliceStart = performance.now();
            }
            if (held && reader.pages() > 0) {
              await held;
              held = undefined;
              if (signal?.aborted) return;
            }
          }
          whole.length = 0;
        };
        const body = response.body?.getReader();
        if (body) {
          const decoder = new TextDecoder();
          // Only bytes that stop coming time the answer out: waiting for the screen does not.
          const pieces = bodyPieces(body, arm, () => clearTimeout(timer));
          try {
            for (let piece = await pieces.next(); piece !== null; piece = await pieces.next()) {
              split.push(decoder.decode(piece, { stream: true }));
              await readWhole();
              if (signal?.aborted) return;
            }
          } finally {
            pieces.stop();
          }
          split.push(decoder.decode());
        } else split.push(await response.text());
        split.end();
        await readWhole();
        reader.end();
      } else {
        // The spec's JSON: one batch.
        const { orders } = (await response.json()) as { orders: OrderLineDto[] };
        tagged({ type: 'header', total: orders.length });
        if (orders.length > 0) emit({ type: 'lines', lines: orders });
      }
    } catch {
      // A dropped connection, a stalled one, or a body that is not what it says.
      if (!signal?.aborted) failed(0, null, timedOut ? 'TIMEOUT' : 'NETWORK');
      return;
    }
    emit({ type: 'done' });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}
