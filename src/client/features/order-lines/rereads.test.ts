import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { API, type OrderLineDto } from '../../../shared/api';
import { connectSession } from '../../api/http';
import { rootReducer } from '../../app/store';
import { storeLogin } from '../../test-utils';
import { sessionAccess } from '../session/access';
import { orderLinesSaga } from './sagas';
import { linesRequested } from './slice';
import { selectLine, selectScopeLoad } from './selectors';
import type { LineScope } from './scopes';

/* Lists read again when the reader comes back to the page: with the tag of the copy held, so an unchanged list is a 304 that keeps it. */

const line = (id: number) => ({ id, order_line_status_id: 1, workshop_id: 3, customer_id: 8, closed_at: null }) as unknown as OrderLineDto;

interface Call {
  url: string;
  tag: string | null;
  cache: RequestCache | undefined;
}
/** An answer the test gives when it wants: a read stays under way until then. */
interface Pending {
  call: Call;
  answer: (status: number, body: unknown, etag?: string) => void;
}

let calls: Call[];
let pending: Pending[];
let store: ReturnType<typeof start>;
let task: Task;

function start() {
  const sagas = createSagaMiddleware();
  const made = configureStore({ reducer: rootReducer, middleware: (defaults) => defaults({ thunk: false }).concat(sagas) });
  connectSession(sessionAccess(made.dispatch));
  made.subscribe(poke);
  task = sagas.run(orderLinesSaga);
  return made;
}

beforeEach(() => {
  calls = [];
  pending = [];
  storeLogin(3, 'Atolye');
  globalThis.fetch = jest.fn(
    (url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((resolve) => {
        const call = { url: String(url), tag: (init?.headers as Record<string, string>)['if-none-match'] ?? null, cache: init?.cache };
        calls.push(call);
        queueMicrotask(poke);
        pending.push({
          call,
          answer: (status, body, etag) => {
            const headers: Record<string, string | null> = { 'content-type': status === 304 ? null : 'application/json', etag: etag ?? null };
            resolve({ ok: status >= 200 && status < 300, status, headers: { get: (name: string) => headers[name.toLowerCase()] ?? null }, json: async () => body } as unknown as Response);
          },
        });
      }),
  ) as typeof fetch;
  store = start();
});
afterEach(() => task.cancel());

/*
 * Whatever a test waits for changes on one of these: the store or a read sent. Each pokes the
 * waiters, which look again; nothing is polled on a timer.
 */
const waiters = new Set<() => void>();
const poke = () => waiters.forEach((waiter) => waiter());

/** Resolves once `check` holds; a bound, not a pause: it fails the test if the state never comes. */
function until(check: () => boolean, what: string) {
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      waiters.delete(look);
    };
    const look = () => {
      if (!check()) return;
      done();
      resolve();
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`Timed out waiting for ${what}`));
    }, 5_000);
    waiters.add(look);
    look();
  });
}
/** The next read sent and not yet answered. */
async function nextRead(): Promise<Pending> {
  await until(() => pending.length > 0, 'a read');
  return pending.shift()!;
}
const load = (scope: LineScope) => selectScopeLoad(store.getState(), scope);

describe.each<[string, LineScope, string]>([
  ['a list read whole (the tablet)', { kind: 'myWorkshop' }, API.myWorkshopOrders],
  ['a list read in batches (the grid)', { kind: 'all' }, API.orders],
])('%s', (_name, scope, path) => {
  test('read again on focus and on a visible tab with its tag; a 304 keeps the lines; no second read while one is under way', async () => {
    store.dispatch(linesRequested(scope));
    const first = await nextRead();
    expect(first.call).toEqual({ url: path, tag: null, cache: 'no-store' });
    first.answer(200, { orders: [line(5), line(6)] }, '"v1"');
    await until(() => load(scope)?.status === 'ready', 'the list');
    expect(load(scope)?.etag).toBe('"v1"');
    const held = selectLine(store.getState(), 5);

    window.dispatchEvent(new Event('focus'));
    // The same return, told twice (focus, then the tab shown): one read, the first still under way.
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    const again = await nextRead();
    expect(again.call).toEqual({ url: path, tag: '"v1"', cache: 'no-store' });
    expect(load(scope)?.status).toBe('loading');
    window.dispatchEvent(new Event('focus'));
    again.answer(304, null);
    await until(() => load(scope)?.status === 'ready', 'the list kept');
    expect(calls).toHaveLength(2);
    expect(selectLine(store.getState(), 5)).toBe(held);
    expect(selectLine(store.getState(), 6)).toBeDefined();
    expect(load(scope)?.etag).toBe('"v1"');

    // Changed meanwhile: the new list and its tag replace the copy.
    document.dispatchEvent(new Event('visibilitychange'));
    const changed = await nextRead();
    expect(changed.call.tag).toBe('"v1"');
    changed.answer(200, { orders: [line(6), line(7)] }, '"v2"');
    await until(() => load(scope)?.status === 'ready', 'the new list');
    expect([selectLine(store.getState(), 5), selectLine(store.getState(), 7)?.id, load(scope)?.etag]).toEqual([undefined, 7, '"v2"']);
  });
});

test('a list whose read failed is read again without a tag', async () => {
  const scope = { kind: 'myWorkshop' } as const;
  store.dispatch(linesRequested(scope));
  (await nextRead()).answer(200, { orders: [line(5)] }, '"v1"');
  await until(() => load(scope)?.status === 'ready', 'the list');
  window.dispatchEvent(new Event('focus'));
  (await nextRead()).answer(500, { error: 'Hata', code: 'INTERNAL' });
  await until(() => load(scope)?.status === 'failed', 'the failure');
  store.dispatch(linesRequested(scope));
  expect((await nextRead()).call.tag).toBeNull();
});
