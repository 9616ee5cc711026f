import { LINES_MEDIA_TYPE, ROW_FIELDS } from '../../../shared/lineWire';
import { SESSION_KEYS } from '../session/storage';
import { readLineStream, type StreamMessage } from './lineStream';
import { dropOpeningRead, rememberOpeningRead, startOpeningRead, takeOpeningRead } from './openingRead';

/* A screen's opening read (openingRead.ts): asked for as the page starts, taken once by the reading. */

const TOKEN = 'tok.en.x';
const EMPTY_LIST = `${JSON.stringify({ columns: ROW_FIELDS, total: 0 })}\n`;

function answer(): Response {
  let sent = false;
  return {
    ok: true,
    status: 200,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? LINES_MEDIA_TYPE : null) },
    body: { getReader: () => ({ read: async () => (sent ? { done: true, value: undefined } : ((sent = true), { done: false, value: new TextEncoder().encode(EMPTY_LIST) })) }) },
  } as unknown as Response;
}

let calls: Array<{ url: string; init: RequestInit }>;

beforeEach(() => {
  sessionStorage.clear();
  dropOpeningRead();
  calls = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init! });
    return answer();
  }) as typeof fetch;
});

const loggedIn = () => sessionStorage.setItem(SESSION_KEYS.token, btoa(TOKEN));
const read = async (path: string, etag: string | null = null) => {
  const messages: StreamMessage[] = [];
  await readLineStream(path, TOKEN, (message) => messages.push(message), { etag });
  return messages;
};

test('the list the screen read as it last opened here is asked for as the page starts, then read without asking again', async () => {
  loggedIn();
  rememberOpeningRead('/api/v1/orders');
  startOpeningRead();
  expect(calls).toHaveLength(1);
  expect(calls[0].url).toBe('/api/v1/orders');
  expect(calls[0].init.headers).toEqual({ accept: `${LINES_MEDIA_TYPE}, application/json;q=0.5`, authorization: `Bearer ${TOKEN}` });
  expect(calls[0].init.cache).toBe('no-store');
  expect(await read('/api/v1/orders')).toEqual([{ type: 'header', total: 0 }, { type: 'done' }]);
  expect(calls).toHaveLength(1);
  // Taken once: the next reading asks for itself.
  await read('/api/v1/orders');
  expect(calls).toHaveLength(2);
});

test('another list, a tagged read or another session asks for itself, and the opening read is aborted', async () => {
  loggedIn();
  rememberOpeningRead('/api/v1/orders');
  for (const [path, etag, token] of [
    ['/api/v1/workshop/orders', null, TOKEN],
    ['/api/v1/orders', '"v1"', TOKEN],
    ['/api/v1/orders', null, 'other.to.ken'],
  ] as const) {
    calls = [];
    startOpeningRead();
    const opening = calls[0].init.signal!;
    expect(takeOpeningRead(path, token, etag, new AbortController().signal)).toBeNull();
    expect(opening.aborted).toBe(true);
  }
});

test('aborting the reading aborts the opening read; one nobody took is dropped', () => {
  loggedIn();
  rememberOpeningRead('/api/v1/orders');
  startOpeningRead();
  const reading = new AbortController();
  expect(takeOpeningRead('/api/v1/orders', TOKEN, null, reading.signal)).not.toBeNull();
  reading.abort();
  expect(calls[0].init.signal!.aborted).toBe(true);
  calls = [];
  startOpeningRead();
  dropOpeningRead();
  expect(calls[0].init.signal!.aborted).toBe(true);
  expect(takeOpeningRead('/api/v1/orders', TOKEN, null, reading.signal)).toBeNull();
});

test('nothing is asked for without a session, on another page, or with an unreadable memory', () => {
  rememberOpeningRead('/api/v1/orders');
  startOpeningRead();
  loggedIn();
  sessionStorage.setItem('openingRead', JSON.stringify({ page: '/somewhere-else', path: '/api/v1/orders' }));
  startOpeningRead();
  sessionStorage.setItem('openingRead', '{not json');
  startOpeningRead();
  expect(calls).toEqual([]);
});
