import { waitFor } from '@testing-library/react';
import type { OrderLineDto } from '../../../shared/api';
import { barcodeOf } from '../../../shared/barcode';
import { LINES_MEDIA_TYPE, ROW_FIELDS, wireEncoder, type WireHeader } from '../../../shared/lineWire';
import { batcher, lineSplitter, readLineStream, type StreamMessage, wireReader } from './lineStream';

/* The reading of a list (lineStream.ts), fed the way a network feeds it: in pieces cut anywhere. */

const AT = '2026-11-20T09:00:00.000Z';
function line(id: number, patch: Partial<OrderLineDto> = {}): OrderLineDto {
  const product = 9 + (id % 3);
  const base = {
    id, order_id: 1, order_number: `B2B-${id}`, product_id: product, first_name: 'Şule', last_name: 'Işık', address: 'İstiklal Cd. 1\nKat 2', city: 'İstanbul', province: null,
    country: 'TR', zip_code: '34000', email: 'a@example.com', phone: '1', created_at: AT, updated_at: AT, order_line_status_id: 1, packing_status_id: null,
    customer_approval_status_id: null, quality_control_id: null, fulfilment_style: null, material_id: 31, chain_length_id: null, color_id: null, size_id: null, karat_id: null,
    customization_option: null, font: null, gift_note: null, customer_note: id % 2 ? 'ACİL 🎁 "hediye"' : null, product_gram: id % 4 ? 4.25 : null, expected_weight: id % 3 ? 4 : null, metal_received_at: id % 7 ? null : '2026-11-20T09:00:00.000Z', gram_flagged: id % 4 === 1, credit_exceeded: id % 5 === 0,
    product_cost: 200, canceled_at: null, cancel_reason: null, total_price: 1000, currency: 'TRY', shipment_tracking_number: null, location: null, workshop_id: id % 5 ? 2 : null,
    customer_id: 1, source: 'manual', production_expected_date: AT, current_order_line_process: -1, workshop_started_process_id: null, delivery_to_office: null, barcode: barcodeOf(id),
    item_index: 1, item_count: 1, closed_at: id % 6 ? null : AT, forecast_date: id % 6 ? AT : null, late_risk: id % 6 ? id % 2 === 0 : null,
  };
  const full = {
    ...base, order_product_id: id, product_title: `Ürün ${product}`, product_picture_url: null, photo_url: null, fulfillment_style: null, note_customer: base.customer_note,
    workshop_name: base.workshop_id === null ? null : 'Usta', customer_name: id % 4 ? `Alıcı ${id}` : null, b2b_customer_name: 'Alıcı Ltd', production_expected_days: AT,
  };
  return { ...full, ...patch } as OrderLineDto;
}

const LINES = Array.from({ length: 25 }, (_, i) => line(100 - i));

/** The body the server sends for `lines`, pages of `size` lines. */
function wireText(lines: OrderLineDto[], size: number): string {
  const columns = [...ROW_FIELDS];
  const encode = wireEncoder(columns);
  let text = `${JSON.stringify({ columns, total: lines.length } satisfies WireHeader)}\n`;
  for (let i = 0; i < lines.length; i += size) text += `${JSON.stringify(encode(lines.slice(i, i + size)))}\n`;
  return text;
}

const received = (messages: StreamMessage[]) => messages.flatMap((m) => (m.type === 'lines' ? m.lines : []));

test('lines are split wherever the pieces are cut: inside a line, at its end, several at once, empty pieces', () => {
  const seen: string[] = [];
  const split = lineSplitter((text) => seen.push(text));
  for (const piece of ['{"a"', ':1}', '\n', '', '{"b":2}\n{"c"', ':3}\n\n{"d":4}\n{"e":', '5}']) split.push(piece);
  expect(seen).toEqual(['{"a":1}', '{"b":2}', '{"c":3}', '{"d":4}']);
  split.end();
  expect(seen.at(-1)).toBe('{"e":5}');
});

test.each([1, 2, 7, 64, 1000])('the decoded lines equal the encoded ones, the text cut every %i characters', (every) => {
  const text = wireText(LINES, 10);
  const messages: StreamMessage[] = [];
  const reader = wireReader((m) => messages.push(m));
  const split = lineSplitter(reader.read);
  for (let i = 0; i < text.length; i += every) split.push(text.slice(i, i + every));
  split.end();
  reader.end();
  expect(messages[0]).toEqual({ type: 'header', total: 25 });
  // One message a page, names sent once (in the first page that needs them) rebuilt in every line.
  expect(messages.slice(1).map((m) => (m.type === 'lines' ? m.lines.length : m.type))).toEqual([10, 10, 5]);
  expect(received(messages)).toEqual(LINES);
});

/** A fetch answer whose body arrives as the given byte pieces; `taken` counts the pieces read, `canceled` whether the reader dropped the rest. */
function streamed(status: number, type: string, pieces: Uint8Array[], etag: string | null = null): Response & { taken: number; canceled: boolean } {
  const headers: Record<string, string | null> = { 'content-type': type, etag };
  const answer = {
    ok: status >= 200 && status < 300,
    status,
    taken: 0,
    canceled: false,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    body: {
      getReader: () => ({
        read: async () => (!answer.canceled && answer.taken < pieces.length ? { done: false, value: pieces[answer.taken++] } : { done: true, value: undefined }),
        cancel: async () => void (answer.canceled = true),
      }),
    },
    json: async () => JSON.parse(new TextDecoder().decode(Buffer.concat(pieces))),
  };
  return answer as unknown as Response & { taken: number; canceled: boolean };
}

const bytes = (text: string) => new TextEncoder().encode(text);
/** The bytes cut every `every` bytes: through the middle of 'ş', 'İ' and the emoji's four bytes too. */
const cut = (data: Uint8Array, every: number) => Array.from({ length: Math.ceil(data.length / every) }, (_, i) => data.slice(i * every, (i + 1) * every));

async function read(answer: Response | Error, token: string | null = 'tok.en.x', etag: string | null = null) {
  const calls: Array<{ url: string; headers: Record<string, string>; cache?: RequestCache }> = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), headers: init?.headers as Record<string, string>, cache: init?.cache });
    if (answer instanceof Error) throw answer;
    return answer;
  }) as typeof fetch;
  const messages: StreamMessage[] = [];
  await readLineStream('/api/v1/orders', token, (m) => messages.push(m), { etag });
  return { calls, messages };
}

test.each([1, 3, 5, 4096])('the body read as bytes cut every %i bytes, multi-byte letters split, asks for the compact format with the token', async (every) => {
  const { calls, messages } = await read(streamed(200, `${LINES_MEDIA_TYPE}; charset=utf-8`, cut(bytes(wireText(LINES, 7)), every)));
  expect(calls).toEqual([{ url: '/api/v1/orders', headers: { accept: `${LINES_MEDIA_TYPE}, application/json;q=0.5`, authorization: 'Bearer tok.en.x' }, cache: 'no-store' }]);
  expect(messages[0]).toEqual({ type: 'header', total: 25 });
  expect(messages.at(-1)).toEqual({ type: 'done' });
  expect(received(messages)).toEqual(LINES);
});

test("an empty list is a header and done; the spec's JSON (a server that does not speak the format) is one batch", async () => {
  expect((await read(streamed(200, LINES_MEDIA_TYPE, [bytes(`${JSON.stringify({ columns: ROW_FIELDS, total: 0 })}\n`)]))).messages).toEqual([
    { type: 'header', total: 0 },
    { type: 'done' },
  ]);
  const { messages } = await read(streamed(200, 'application/json', [bytes(JSON.stringify({ orders: LINES.slice(0, 3) }))]));
  expect(messages).toEqual([{ type: 'header', total: 3 }, { type: 'lines', lines: LINES.slice(0, 3) }, { type: 'done' }]);
});

test("a list read again sends its copy's tag by hand, past the browser's cache: 304 is one 'unchanged', a new list's header carries its tag", async () => {
  const { calls, messages } = await read(streamed(304, '', []), 'tok.en.x', '"v1"');
  expect(calls).toEqual([{ url: '/api/v1/orders', headers: { accept: `${LINES_MEDIA_TYPE}, application/json;q=0.5`, authorization: 'Bearer tok.en.x', 'if-none-match': '"v1"' }, cache: 'no-store' }]);
  expect(messages).toEqual([{ type: 'unchanged' }]);
  const changed = await read(streamed(200, LINES_MEDIA_TYPE, [bytes(wireText(LINES, 10))], '"v2"'), 'tok.en.x', '"v1"');
  expect(changed.messages[0]).toEqual({ type: 'header', total: 25, etag: '"v2"' });
  expect(received(changed.messages)).toEqual(LINES);
});

test("a refusal carries the status, sentence, code and the sentence's key; a lost connection or a cut-off body says NETWORK", async () => {
  const refusal = { error: 'Oturum süresi doldu.', code: 'UNAUTHORIZED', message: { key: 'errors:unauthorized', values: {} } };
  expect((await read(streamed(401, 'application/json', [bytes(JSON.stringify(refusal))]))).messages).toEqual([
    { type: 'failed', status: 401, error: 'Oturum süresi doldu.', code: 'UNAUTHORIZED', messageKey: { key: 'errors:unauthorized', values: {} } },
  ]);
  expect((await read(new TypeError('Failed to fetch'))).messages).toEqual([{ type: 'failed', status: 0, error: null, code: 'NETWORK', messageKey: null }]);
  // The last page breaks off in the middle: the pages before it arrived, then the failure.
  const text = wireText(LINES, 10);
  const { messages } = await read(streamed(200, LINES_MEDIA_TYPE, [bytes(text.slice(0, text.length - 40))]));
  expect(received(messages)).toEqual(LINES.slice(0, 20));
  expect(messages.at(-1)).toEqual({ type: 'failed', status: 0, error: null, code: 'NETWORK', messageKey: null });
});

test('pages are gathered into batches for the store: the first at once, then on a timer that grows with the lines held; the end lets the rest go', () => {
  let now = 0;
  const timers: Array<{ at: number; run: () => void; live: boolean }> = [];
  const clock = {
    now: () => now,
    later: (run: () => void, ms: number) => {
      const timer = { at: now + ms, run, live: true };
      timers.push(timer);
      return () => void (timer.live = false);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.live && t.at <= now)) {
      timer.live = false;
      timer.run();
    }
  };
  const out: StreamMessage[] = [];
  const batches = batcher((m) => out.push(m), { minMs: 100, maxMs: 300, linesAtMax: 20 }, clock);
  const page = (from: number, count: number): StreamMessage => ({ type: 'lines', lines: LINES.slice(from, from + count) });
  batches.emit({ type: 'header', total: 25 });
  batches.emit(page(0, 5));
  expect(out.map((m) => (m.type === 'lines' ? m.lines.length : m.type))).toEqual(['header', 5]);
  batches.emit(page(5, 5));
  advance(50);
  batches.emit(page(10, 5));
  expect(out).toHaveLength(2);
  // 5 lines held: the next batch leaves 100 + 200 * 5/20 = 150 ms after the first.
  advance(99);
  expect(out).toHaveLength(2);
  advance(1);
  expect(out.map((m) => (m.type === 'lines' ? m.lines.map((l) => l.id) : m.type))).toEqual(['header', LINES.slice(0, 5).map((l) => l.id), LINES.slice(5, 15).map((l) => l.id)]);
  batches.emit(page(15, 5));
  batches.emit(page(20, 5));
  batches.emit({ type: 'done' });
  expect(out.slice(3).map((m) => (m.type === 'lines' ? m.lines.length : m.type))).toEqual([10, 'done']);
  expect(received(out)).toEqual(LINES);
});

test.each([
  ['a piece', (text: string) => [text]],
  ['the header and first page in a piece, then a piece each', (text: string) => {
    const [header, first, ...rest] = text.split('\n');
    return [`${header}\n${first}\n`, ...rest.map((page) => `${page}\n`)];
  }],
])('a reading held after its first page (the whole body in %s) decodes nothing more, and is not timed out, until the hold settles', async (_, pieces) => {
  jest.useFakeTimers();
  try {
    const text = wireText(LINES, 10);
    globalThis.fetch = jest.fn(async () => streamed(200, LINES_MEDIA_TYPE, pieces(text).map(bytes))) as typeof fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const messages: StreamMessage[] = [];
    const reading = readLineStream('/api/v1/orders', null, (m) => messages.push(m), { held, timeoutMs: 1_000 });
    await jest.advanceTimersByTimeAsync(5_000);
    expect(messages.map((m) => (m.type === 'lines' ? m.lines.length : m.type))).toEqual(['header', 10]);
    release();
    // The reading gives the page turns (timers) as it goes on.
    await jest.advanceTimersByTimeAsync(100);
    await reading;
    expect(messages.map((m) => (m.type === 'lines' ? m.lines.length : m.type))).toEqual(['header', 10, 10, 5, 'done']);
    expect(received(messages)).toEqual(LINES);
  } finally {
    jest.useRealTimers();
  }
});

test('a held reading takes the rest of the body off the connection while it waits, and decodes it only once the hold settles', async () => {
  const answer = streamed(200, LINES_MEDIA_TYPE, wireText(LINES, 10).split('\n').filter(Boolean).map((page) => bytes(`${page}\n`)));
  globalThis.fetch = jest.fn(async () => answer) as typeof fetch;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const messages: StreamMessage[] = [];
  const reading = readLineStream('/api/v1/orders', null, (m) => messages.push(m), { held });
  // The header and three pages: all four taken while the screen is built, one page decoded.
  await waitFor(() => expect(answer.taken).toBe(4));
  expect(messages.map((m) => (m.type === 'lines' ? m.lines.length : m.type))).toEqual(['header', 10]);
  release();
  await reading;
  expect(received(messages)).toEqual(LINES);
  expect(messages.at(-1)).toEqual({ type: 'done' });
});

test('a body that stops coming while the reading is held times out, said once the hold settles', async () => {
  jest.useFakeTimers();
  try {
    const [header, first] = wireText(LINES, 10).split('\n');
    // Two pieces, then nothing more until the reading gives up on the answer.
    globalThis.fetch = jest.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      let sent = 0;
      const stalled = () => new Promise<never>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      return {
        ok: true,
        status: 200,
        headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? LINES_MEDIA_TYPE : null) },
        body: { getReader: () => ({ read: () => (sent < 2 ? Promise.resolve({ done: false, value: bytes(`${[header, first][sent++]}\n`) }) : stalled()), cancel: async () => undefined }) },
      } as unknown as Response;
    }) as typeof fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const messages: StreamMessage[] = [];
    const reading = readLineStream('/api/v1/orders', null, (m) => messages.push(m), { held, timeoutMs: 1_000 });
    await jest.advanceTimersByTimeAsync(5_000);
    expect(messages.map((m) => m.type)).toEqual(['header', 'lines']);
    release();
    await jest.advanceTimersByTimeAsync(0);
    await reading;
    expect(messages.at(-1)).toEqual({ type: 'failed', status: 0, error: null, code: 'TIMEOUT', messageKey: null });
  } finally {
    jest.useRealTimers();
  }
});

test('a body that is not the format is dropped where it breaks, not read to its end', async () => {
  const [header, first, ...rest] = wireText(LINES, 10).split('\n');
  const answer = streamed(200, LINES_MEDIA_TYPE, [`${header}\n${first}\n`, 'not json\n', ...rest.map((page) => `${page}\n`)].map(bytes));
  const { messages } = await read(answer);
  expect(received(messages)).toEqual(LINES.slice(0, 10));
  expect(messages.at(-1)).toEqual({ type: 'failed', status: 0, error: null, code: 'NETWORK', messageKey: null });
  expect(answer.canceled).toBe(true);
});

test('a reading gives the page a turn between pages once it has read for a while, though every byte is already here', async () => {
  jest.useFakeTimers();
  // Each look at the clock finds 20 ms gone: reading a page takes a while.
  let clock = 0;
  const now = jest.spyOn(performance, 'now').mockImplementation(() => (clock += 20));
  try {
    globalThis.fetch = jest.fn(async () => streamed(200, LINES_MEDIA_TYPE, [bytes(wireText(LINES, 5))])) as typeof fetch;
    const messages: StreamMessage[] = [];
    const reading = readLineStream('/api/v1/orders', null, (m) => messages.push(m));
    for (let i = 0; i < 20; i++) await Promise.resolve();
    // Stopped for a turn (a timer) before the last pages and the end.
    expect(received(messages).length).toBeLessThan(LINES.length);
    expect(messages.at(-1)?.type).toBe('lines');
    await jest.advanceTimersByTimeAsync(100);
    await reading;
    expect(received(messages)).toEqual(LINES);
    expect(messages.at(-1)).toEqual({ type: 'done' });
  } finally {
    now.mockRestore();
    jest.useRealTimers();
  }
});
