import { waitFor } from '@testing-library/react';
import { API, type OrderLineDto } from '../../../shared/api';
import { connectSession } from '../../api/http';
import type { AppStore } from '../../app/store';
import { jsonResponse, linePieces, linesAnswer, mockFetch, storeLogin, testStore } from '../../test-utils';
import { selectLine, selectLinesShown, selectLineTable, selectScopeLoad } from './selectors';
import { linesBatchLoaded, linesChanged, linesLoaded, linesRequested, linesShown, linesStreamEnded, linesStreamStarted } from './slice';
import { isUrgent } from '../../../shared/urgent';
import { lineIsUrgent } from './urgency';

// The shared rule as it is, its calls counted.
jest.mock('../../../shared/urgent', () => {
  const actual = jest.requireActual('../../../shared/urgent');
  return { ...actual, isUrgent: jest.fn(actual.isUrgent) };
});

/* A list read in batches (the admin's hundred thousand lines): what the store makes of each batch, and the reading's refreshed token. */

const line = (id: number, patch: Partial<OrderLineDto> = {}) =>
  ({ id, order_line_status_id: 1, workshop_id: 3, customer_id: 8, updated_at: '2026-11-20T09:00:00.000Z', ...patch }) as OrderLineDto;
const ALL = { kind: 'all' } as const;

let store: AppStore;
beforeEach(() => {
  storeLogin(2);
});

const ids = () => selectLineTable(store.getState()).ids;

test('the first batch replaces what the scope held; later ones add to it, keep unchanged objects and newer live versions; the end makes the list ready', () => {
  mockFetch(() => [200, {}]);
  store = testStore();
  store.dispatch(linesLoaded({ scope: ALL, lines: [line(99), line(5)] }));
  store.dispatch(linesStreamStarted({ scope: ALL, total: 5 }));
  expect(selectScopeLoad(store.getState(), ALL)).toEqual({ status: 'loading', notice: null, progress: { loaded: 0, total: 5 } });

  store.dispatch(linesBatchLoaded({ scope: ALL, lines: [line(5), line(4)], first: true }));
  expect(ids()).toEqual([5, 4]);
  expect(selectScopeLoad(store.getState(), ALL)?.progress).toEqual({ loaded: 2, total: 5 });
  // The first rows are on screen: live changes are read from now on.
  expect(selectLinesShown(store.getState())).toBe(true);

  // A live change of line 2 arrives before its batch; line 4 is read again as it was.
  store.dispatch(linesChanged({ lines: [line(2, { order_line_status_id: 3, updated_at: '2026-11-20T10:00:00.000Z' })], gone: [] }));
  const four = selectLine(store.getState(), 4);
  const table = selectLineTable(store.getState());
  store.dispatch(linesBatchLoaded({ scope: ALL, lines: [line(4), line(3), line(2), line(1)], first: false }));
  expect(ids()).toEqual([5, 4, 2, 3, 1]);
  expect(selectLine(store.getState(), 4)).toBe(four);
  expect(selectLine(store.getState(), 2)?.order_line_status_id).toBe(3);
  expect(Object.isFrozen(selectLine(store.getState(), 3))).toBe(true);
  // A new table for the grid; the one it held is as it was.
  expect(selectLineTable(store.getState())).not.toBe(table);
  expect(table.ids).toEqual([5, 4, 2]);
  expect(selectScopeLoad(store.getState(), ALL)?.progress).toEqual({ loaded: 6, total: 5 });

  store.dispatch(linesStreamEnded(ALL));
  expect(selectScopeLoad(store.getState(), ALL)).toEqual({ status: 'ready', notice: null });
});

test("a partial scope's first batch drops only that scope's lines", () => {
  mockFetch(() => [200, {}]);
  store = testStore();
  store.dispatch(linesLoaded({ scope: ALL, lines: [line(1), line(2, { workshop_id: 4 }), line(3)] }));
  store.dispatch(linesBatchLoaded({ scope: { kind: 'workshop', id: 3 }, lines: [line(3)], first: true }));
  expect(ids()).toEqual([2, 3]);
});

test('the admin list is read in the compact format; a refused token is refreshed once and the reading starts again', async () => {
  let token: string | null = 'old.token.x';
  const calls = mockFetch((_method, url, _body, auth) => {
    if (url !== API.orders) return [200, {}];
    return auth === 'Bearer new.token.x' ? [200, { orders: [line(2), line(1)] }] : [401, { error: 'expired', code: 'UNAUTHORIZED' }];
  });
  store = testStore();
  // The session as the HTTP client sees it (after the store connected its own).
  connectSession({
    token: () => token,
    refresh: async () => {
      token = 'new.token.x';
      return true;
    },
    lost: jest.fn(),
  });
  store.dispatch(linesRequested(ALL));
  await waitFor(() => expect(selectScopeLoad(store.getState(), ALL)?.status).toBe('ready'));
  expect(ids()).toEqual([2, 1]);
  expect(calls.filter((c) => c.url === API.orders).map((c) => c.auth)).toEqual(['Bearer old.token.x', 'Bearer new.token.x']);
});

test('a refresh that fails ends the session and the list says why', async () => {
  const lost = jest.fn();
  mockFetch((_method, url) => (url === API.orders ? [401, { error: 'Oturum yok', code: 'UNAUTHORIZED' }] : [200, {}]));
  store = testStore();
  connectSession({ token: () => 'old.token.x', refresh: async () => false, lost });
  store.dispatch(linesRequested(ALL));
  await waitFor(() => expect(selectScopeLoad(store.getState(), ALL)?.status).toBe('failed'));
  expect(selectScopeLoad(store.getState(), ALL)?.notice).toEqual({ kind: 'error', text: 'Oturum yok' });
  expect(lost).toHaveBeenCalledTimes(1);
});

test("a line's urgency is worked out once per line object", () => {
  const plain = line(1, { customer_note: 'hediye' });
  const loud = line(2, { customer_note: 'ACİL teslim' });
  expect([lineIsUrgent(plain), lineIsUrgent(loud)]).toEqual([false, true]);
  // A changed line is a new object: asked again.
  expect(lineIsUrgent({ ...plain, customer_note: 'express' })).toBe(true);
});

/** The admin's list of lines 6..1 in the compact format, its header and first page in one piece, then a page of two lines per piece. */
function pagedList() {
  const [header, ...pages] = linePieces([6, 5, 4, 3, 2, 1].map((id) => line(id)), 2);
  const answer = linesAnswer([header + pages[0], ...pages.slice(1)]);
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => (String(url) === API.orders ? answer : jsonResponse(200, {}))) as typeof fetch;
  return answer;
}

test('a list asked for before its screen is built puts its first page in the store and the rest only once the screen shows it, taking the body meanwhile; one asked by a screen reads on', async () => {
  const list = pagedList();
  store = testStore();
  store.dispatch(linesRequested(ALL, true));
  await waitFor(() => expect(ids()).toEqual([6, 5]));
  // The whole body is taken off the connection while the screen is built (the server goes on
  // sending), but nothing past the first page is decoded into the store.
  await waitFor(() => expect(list.reads).toBe(3));
  expect(ids()).toEqual([6, 5]);
  expect(selectScopeLoad(store.getState(), ALL)?.status).toBe('loading');
  store.dispatch(linesShown(ALL));
  await waitFor(() => expect(selectScopeLoad(store.getState(), ALL)?.status).toBe('ready'));
  expect(ids()).toEqual([6, 5, 4, 3, 2, 1]);

  // Asked again by the screen (a reload), the list is read through.
  const again = pagedList();
  store.dispatch(linesRequested(ALL));
  await waitFor(() => expect(selectScopeLoad(store.getState(), ALL)?.status).toBe('ready'));
  expect(again.reads).toBe(3);
  expect(ids()).toEqual([6, 5, 4, 3, 2, 1]);
});

test("a list read whole has its lines' urgency worked out in idle moments, once each", async () => {
  const asked = jest.mocked(isUrgent);
  asked.mockClear();
  try {
    pagedList();
    store = testStore();
    store.dispatch(linesRequested(ALL));
    await waitFor(() => expect(selectScopeLoad(store.getState(), ALL)?.status).toBe('ready'));
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(6));
    // Known now: the 'Acil' view asks nothing again.
    expect(ids().map((id) => lineIsUrgent(selectLine(store.getState(), id)!))).toEqual([false, false, false, false, false, false]);
    expect(asked).toHaveBeenCalledTimes(6);
  } finally {
    asked.mockClear();
  }
});
