import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { LoginResponse, OrderLineDto } from '../shared/api';
import { LINES_MEDIA_TYPE, ROW_FIELDS, wireEncoder } from '../shared/lineWire';
import type { RoleId } from '../shared/roles';
import { createI18n } from './app/i18n';
import { createStore } from './app/store';
import type { Cell } from './components/excel';
import { openSheetWriter } from './components/sheetWriter';
import { saveSession, sessionOf } from './features/session/storage';

/** A signed-looking token; the client only checks its shape. */
export const FAKE_TOKEN = 'aaa.bbb.ccc';

/** A stored login of `role`: any number, so a test may sign in with one no role has. */
export function storeLogin(role: number, roleTitle = 'role'): void {
  const login: LoginResponse = { token: FAKE_TOKEN, refresh_token: 'refresh-1', user_role_id: role as RoleId, user_role_title: roleTitle, user_id: 7 };
  saveSession(sessionOf(login));
}

/* Stores made by renderApp; their sagas (and window listeners) stop after each test. */
const liveStores = new Set<ReturnType<typeof createStore>>();
afterEach(() => {
  liveStores.forEach((store) => store.stop());
  liveStores.clear();
});

/** The real store with its sagas, stopped after the test, so nothing it started outlives it. */
export function testStore(): ReturnType<typeof createStore> {
  const store = createStore();
  liveStores.add(store);
  return store;
}

/** Renders `ui` with the real store (`store`, or a new one), sagas, the catalogues of `language` (Turkish unless named) and a router at `route`. */
export function renderApp(ui: ReactElement, route = '/', { language = 'tr', store = testStore() }: { language?: string; store?: ReturnType<typeof testStore> } = {}) {
  const i18n = createI18n(language);
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { ...view, store, t: i18n.t.bind(i18n) };
}

/**
 * A list's answer in the compact format (shared/lineWire.ts), its body read in `pieces` (each a
 * header or pages, ending in a line break); `reads` counts the pieces taken so far.
 */
export function linesAnswer(pieces: string[]): Response & { reads: number } {
  const answer = {
    ok: true,
    status: 200,
    reads: 0,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? LINES_MEDIA_TYPE : null) },
    body: {
      getReader: () => ({
        read: async () => (answer.reads < pieces.length ? { done: false, value: new TextEncoder().encode(pieces[answer.reads++]) } : { done: true, value: undefined }),
        // Dropped: nothing more is read.
        cancel: async () => void (answer.reads = pieces.length),
      }),
    },
  };
  return answer as unknown as Response & { reads: number };
}

/** The compact format's text of `lines`: its header, then a page of `size` lines per piece. */
export function linePieces(lines: OrderLineDto[], size: number): string[] {
  const encode = wireEncoder([...ROW_FIELDS]);
  const pieces = [`${JSON.stringify({ columns: ROW_FIELDS, total: lines.length })}\n`];
  for (let i = 0; i < lines.length; i += size) pieces.push(`${JSON.stringify(encode(lines.slice(i, i + size)))}\n`);
  return pieces;
}

/** A fetch answer with a JSON body (jsdom has no Response class). */
export function jsonResponse(status: number, body: unknown): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    json: async () => body,
  } as unknown as Response;
}

/** Replaces fetch with a function of (method, url, body) -> [status, body]; returns the recorded calls. */
export function mockFetch(answer: (method: string, url: string, body: unknown, auth: string | null) => [number, unknown]) {
  const calls: Array<{ method: string; url: string; body: unknown; auth: string | null }> = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const auth = (init?.headers as Record<string, string> | undefined)?.authorization ?? null;
    calls.push({ method, url: String(url), body, auth });
    const [status, payload] = answer(method, String(url), body, auth);
    return jsonResponse(status, payload);
  }) as typeof fetch;
  return calls;
}

/**
 * The rows an export writes, for a test file that mocks `components/sheetWriter` (the file itself
 * is not made): emptied before each test, filled as the export writes.
 */
export function keepWrittenRows(): Cell[][] {
  const written: Cell[][] = [];
  beforeEach(() => {
    written.length = 0;
    jest.mocked(openSheetWriter).mockImplementation(async () => ({
      write: async (rows) => void written.push(...rows),
      written: () => written.length,
      finish: async () => new Blob([]),
      close: () => undefined,
    }));
  });
  return written;
}
