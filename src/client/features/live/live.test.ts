/**
 * The `ws` server of these tests is Node's: resolve packages as Node does (jsdom's own
 * WebSocket, the one the saga uses, talks to it over the network).
 * @jest-environment-options {"customExportConditions": ["node", "require"]}
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { type WebSocket as ServerSocket, WebSocketServer } from 'ws';
import { API, type LoginResponse, type OrderLineDto } from '../../../shared/api';
import { CHANGES_PRUNED, type LineEvent, LiveClose } from '../../../shared/live';
import { connectSession } from '../../api/http';
import { rootReducer } from '../../app/store';
import { FAKE_TOKEN, mockFetch, storeLogin } from '../../test-utils';
import { orderLinesSaga } from '../order-lines/sagas';
import { lineActionSucceeded, linesLoaded, windowMoved } from '../order-lines/slice';
import { selectLine } from '../order-lines/selectors';
import { sessionAccess } from '../session/access';
import { loggedOut, profileLoaded } from '../session/slice';
import { createLiveSaga, type LiveOptions } from './sagas';
import { type LiveStatus, reconnectRequested } from './slice';

const line = (id: number, patch: Partial<OrderLineDto> = {}) => ({ id, order_line_status_id: 1, workshop_id: 3, customer_id: 8, closed_at: null, ...patch }) as OrderLineDto;
const event = (line_id: number, version: number, type: LineEvent['type'] = 'order_update'): LineEvent => ({
  type,
  line_id,
  order_id: 1,
  workshop_id: 3,
  customer_id: 8,
  version,
});
const ALL = { kind: 'all' } as const;

/* The channel's server: every upgrade asked for, every socket taken, what each socket was sent. */
interface Connection {
  path: string;
  query: Record<string, string>;
  socket: ServerSocket;
  received: unknown[];
  closed: boolean;
  send: (message: unknown) => void;
}
let server: Server;
let port: number;
let upgrades: string[];
let connections: Connection[];
/** Paths whose upgrade is answered 404, as a server without the channel there would. */
let refused: (path: string) => boolean;

beforeEach(async () => {
  upgrades = [];
  connections = [];
  refused = () => false;
  const sockets = new WebSocketServer({ noServer: true });
  server = createServer();
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://test');
    upgrades.push(url.pathname);
    poke();
    if (refused(url.pathname)) {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const connection: Connection = {
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        socket: ws,
        received: [],
        closed: false,
        send: (message) => ws.send(JSON.stringify(message)),
      };
      ws.on('message', (data) => {
        connection.received.push(JSON.parse(String(data)));
        poke();
      });
      ws.on('close', () => {
        connection.closed = true;
        poke();
      });
      connections.push(connection);
      poke();
    });
  });
  server.on('close', () => sockets.close());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

const tasks: Task[] = [];
afterEach(async () => {
  tasks.splice(0).forEach((task) => task.cancel());
  connections.forEach((connection) => connection.socket.terminate());
  await new Promise((resolve) => server.close(resolve));
});

/** The app's reducers with only the live saga, pointed at this test's server, with short waits. */
function start(options: Partial<LiveOptions> = {}) {
  const sagas = createSagaMiddleware();
  const store = configureStore({ reducer: rootReducer, middleware: (defaults) => defaults({ thunk: false }).concat(sagas) });
  connectSession(sessionAccess(store.dispatch));
  store.subscribe(poke);
  // A request is a state too (tests wait for reads); the mock records it as it is made.
  const answer = globalThis.fetch;
  globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
    const response = answer(...args);
    poke();
    return response;
  }) as typeof fetch;
  // The lists' own saga too: the live saga asks for a list to be read again (a pruned version).
  tasks.push(sagas.run(orderLinesSaga));
  tasks.push(sagas.run(createLiveSaga({ origin: () => `ws://127.0.0.1:${port}`, stepMs: 1, batchMs: () => 50, ...options })));
  return store;
}
type Store = ReturnType<typeof start>;

/*
 * Whatever a test waits for changes on one of these: the store, the server's sockets, a request.
 * Each of them pokes the waiters, which look again; nothing is polled on a timer.
 */
const waiters = new Set<() => void>();
const poke = () => waiters.forEach((waiter) => waiter());

/** Resolves once `check` holds; a bound, not a pause: it fails the test if the state never comes. */
function until(check: () => boolean, what: string, timeoutMs = 5_000) {
  return new Promise<void>((resolve, reject) => {
    const look = () => {
      if (!check()) return;
      done();
      resolve();
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`Timed out waiting for ${what}`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      waiters.delete(look);
    };
    waiters.add(look);
    look();
  });
}
const status = (store: Store) => store.getState().live.status;
const untilStatus = (store: Store, wanted: LiveStatus) => until(() => status(store) === wanted, `status ${wanted} (is ${status(store)})`);

/** The n-th socket, once it has sent its first message (the token). */
async function connection(n: number) {
  await until(() => connections[n]?.received.length > 0, `socket ${n} and its first message`);
  return connections[n];
}

const lineReads = (calls: ReturnType<typeof mockFetch>) => calls.filter((c) => c.url.startsWith(API.lineChanges)).map((c) => c.url.slice(API.lineChanges.length));

test('the token goes in the first message, never the address; ready is live; a batch of changes is one read', async () => {
  storeLogin(2, 'Admin');
  const calls = mockFetch(() => [200, { orders: [line(1, { order_line_status_id: 2 }), line(3)], gone: [2], version: 13 }]);
  const store = start();
  store.dispatch(linesLoaded({ scope: ALL, lines: [line(1), line(2)] }));
  const socket = await connection(0);
  expect(socket.path).toBe('/ws/orders');
  expect(socket.query).toEqual({ user_id: '7', role: '2' });
  expect(socket.received).toEqual([{ type: 'auth', token: FAKE_TOKEN }]);
  expect(status(store)).toBe('connecting');

  socket.send({ type: 'ready', version: 10 });
  await untilStatus(store, 'connected');
  socket.send(event(3, 11, 'new_order'));
  socket.send(event(1, 12, 'status_change'));
  socket.send({ ...event(2, 13, 'order_assigned'), workshop_id: 4, previous_workshop_id: 3 });
  await until(() => selectLine(store.getState(), 3) !== undefined, 'the new line in the store');
  expect(lineReads(calls)).toEqual(['?ids=1,2,3']);
  expect(selectLine(store.getState(), 1)?.order_line_status_id).toBe(2);
  // Line 2 moved to a workshop this reader no longer sees.
  expect(selectLine(store.getState(), 2)).toBeUndefined();
  await until(() => store.getState().live.version === 13, 'the version of the last event');
});

test('changes that carry their lines are put in the store with no HTTP read at all; a line gone is dropped, one closed before the window is not kept', async () => {
  storeLogin(2, 'Admin');
  const calls = mockFetch(() => [404, {}]);
  const store = start();
  store.dispatch(windowMoved('2026-11-01T00:00:00.000Z'));
  store.dispatch(linesLoaded({ scope: ALL, lines: [line(1), line(2), line(9)] }));
  const socket = await connection(0);
  socket.send({ type: 'ready', version: 10 });
  await untilStatus(store, 'connected');
  const held = selectLine(store.getState(), 9);
  socket.send({
    type: 'batch',
    events: [
      // An earlier change of line 1 is covered by the newer one that carries the line.
      event(1, 11),
      { ...event(3, 12, 'new_order'), line: line(3) },
      { ...event(1, 13, 'status_change'), line: line(1, { order_line_status_id: 2 }) },
      { ...event(2, 14, 'order_assigned'), workshop_id: 4, previous_workshop_id: 3, gone: true },
      // An old line corrected: the archive's news, not the working set's.
      { ...event(7, 15), line: line(7, { closed_at: '2026-10-01T10:00:00.000Z' }) },
    ],
  });
  await until(() => selectLine(store.getState(), 3) !== undefined && store.getState().live.version === 15, 'the carried lines in the store');
  expect(selectLine(store.getState(), 1)?.order_line_status_id).toBe(2);
  expect(selectLine(store.getState(), 2)).toBeUndefined();
  expect(selectLine(store.getState(), 7)).toBeUndefined();
  expect(selectLine(store.getState(), 9)).toBe(held);
  expect(calls).toEqual([]);
});

test('a change that came without its line (a burst too large to carry) is read back beside the carried ones; a carried line not newer than the own action is not taken', async () => {
  storeLogin(3, 'Atolye');
  const calls = mockFetch(() => [200, { orders: [line(6, { order_line_status_id: 5 })], gone: [], version: 13 }]);
  const store = start();
  store.dispatch(linesLoaded({ scope: { kind: 'myWorkshop' }, lines: [line(5), line(6)] }));
  const socket = await connection(0);
  socket.send({ type: 'ready', version: 10 });
  await until(() => store.getState().live.version === 10, 'version 10');
  store.dispatch(lineActionSucceeded({ requestId: 'tap', line: line(5, { order_line_status_id: 2 }), versions: { 5: 12 }, notice: null }));
  socket.send({ ...event(5, 11), line: line(5, { order_line_status_id: 1 }) });
  socket.send(event(6, 13));
  await until(() => selectLine(store.getState(), 6)?.order_line_status_id === 5, 'the line read back');
  expect(lineReads(calls)).toEqual(['?ids=6']);
  expect(selectLine(store.getState(), 5)?.order_line_status_id).toBe(2);
});

test('nothing is read while no screen holds lines; after a drop the channel comes back and reads what changed since', async () => {
  storeLogin(3, 'Atolye');
  const calls = mockFetch(() => [200, { orders: [line(5, { order_line_status_id: 3 }), line(6)], gone: [], version: 16 }]);
  const store = start();
  const first = await connection(0);
  first.send({ type: 'ready', version: 10 });
  await untilStatus(store, 'connected');
  first.send(event(5, 12));
  // The batch is over once its version shows; no screen had lines, so nothing was read.
  await until(() => store.getState().live.version === 12, 'version 12');
  expect(lineReads(calls)).toEqual([]);

  store.dispatch(linesLoaded({ scope: { kind: 'myWorkshop' }, lines: [line(5)] }));
  first.socket.close(1012);
  await untilStatus(store, 'reconnecting');
  const second = await connection(1);
  expect(second.path).toBe('/ws/orders');
  expect(second.received).toEqual([{ type: 'auth', token: FAKE_TOKEN }]);
  second.send({ type: 'ready', version: 15 });
  await untilStatus(store, 'connected');
  await until(() => selectLine(store.getState(), 6) !== undefined, 'the line missed during the drop');
  expect(lineReads(calls)).toEqual(['?since=12']);
  expect(selectLine(store.getState(), 5)?.order_line_status_id).toBe(3);
  await until(() => store.getState().live.version === 16, "the since answer's version");

  // A resync reads from the newest version seen.
  second.send({ type: 'resync' });
  await until(() => lineReads(calls).length === 2, 'the resync read');
  expect(lineReads(calls)[1]).toBe('?since=16');
});

test("a change this client made came with its action's answer: its event reads nothing, a later change reads the line", async () => {
  storeLogin(3, 'Atolye');
  const calls = mockFetch(() => [200, { orders: [line(5, { order_line_status_id: 3 })], gone: [], version: 12 }]);
  const store = start();
  store.dispatch(linesLoaded({ scope: { kind: 'myWorkshop' }, lines: [line(5)] }));
  const socket = await connection(0);
  socket.send({ type: 'ready', version: 10 });
  await until(() => store.getState().live.version === 10, 'version 10');
  // The tablet's tap: the answer brings the line and the version of the change it made.
  store.dispatch(lineActionSucceeded({ requestId: 'tap', line: line(5, { order_line_status_id: 2 }), versions: { 5: 11 }, notice: null }));
  socket.send(event(5, 11));
  await until(() => store.getState().live.version === 11, 'the batch of version 11');
  expect(lineReads(calls)).toEqual([]);
  expect(selectLine(store.getState(), 5)?.order_line_status_id).toBe(2);

  // Someone else's change after it is read.
  socket.send(event(5, 12));
  await until(() => selectLine(store.getState(), 5)?.order_line_status_id === 3, 'the line as the other change left it');
  expect(lineReads(calls)).toEqual(['?ids=5']);
});

test('a failed read goes again with the next batch, and the saga keeps running', async () => {
  storeLogin(2);
  let failing = true;
  const calls = mockFetch((_m, url) => {
    if (!url.startsWith(API.lineChanges)) return [404, {}];
    if (failing) {
      failing = false;
      return [503, { error: 'Sunucu hazir degil', code: 'UNAVAILABLE' }];
    }
    return [200, { orders: [line(4, { order_line_status_id: 5 })], gone: [], version: 21 }];
  });
  const store = start();
  store.dispatch(linesLoaded({ scope: ALL, lines: [line(4)] }));
  const socket = await connection(0);
  socket.send({ type: 'ready', version: 20 });
  // The ready's own batch is over: the change below is alone in its batch, and nothing else wakes the reader after it.
  await until(() => store.getState().live.version === 20, 'version 20');
  socket.send(event(4, 21));
  await until(() => selectLine(store.getState(), 4)?.order_line_status_id === 5, 'the line after the second read');
  expect(lineReads(calls)).toEqual(['?ids=4', '?ids=4']);
  expect(status(store)).toBe('connected');
});

test('a version older than the server keeps (410 CHANGES_PRUNED) reads the lists again, as on a first load, and is not asked again', async () => {
  storeLogin(3, 'Atolye');
  const calls = mockFetch((_m, url) => {
    if (url === `${API.lineChanges}?since=10`) return [410, { error: 'Silindi', code: CHANGES_PRUNED, message: { key: 'errors:changesPruned', values: {} } }];
    if (url.startsWith(API.lineChanges)) return [200, { orders: [line(6, { order_line_status_id: 4 })], gone: [], version: 16 }];
    if (url === API.myWorkshopOrders) return [200, { orders: [line(6)] }];
    return [404, {}];
  });
  const store = start();
  store.dispatch(linesLoaded({ scope: { kind: 'myWorkshop' }, lines: [line(5)] }));
  const first = await connection(0);
  first.send({ type: 'ready', version: 10 });
  await untilStatus(store, 'connected');
  first.socket.close(1012);
  const second = await connection(1);
  second.send({ type: 'ready', version: 15 });
  // Line 5 left the workshop while the tablet was away: the list read anew no longer has it.
  await until(() => selectLine(store.getState(), 6) !== undefined, 'the list read anew');
  expect(selectLine(store.getState(), 5)).toBeUndefined();
  expect(calls.filter((c) => c.url === API.myWorkshopOrders)).toHaveLength(1);
  second.send(event(6, 16));
  await until(() => selectLine(store.getState(), 6)?.order_line_status_id === 4, 'the next change');
  expect(lineReads(calls)).toEqual(['?since=10', '?ids=6']);
});

test("after a reconnect the lists read again send their copy's tag: an unchanged one answers 304 and stays as held", async () => {
  storeLogin(3, 'Atolye');
  const calls = mockFetch((_m, url) => {
    if (url === `${API.lineChanges}?since=10`) return [410, { error: 'Silindi', code: CHANGES_PRUNED, message: { key: 'errors:changesPruned', values: {} } }];
    if (url === API.myWorkshopOrders) return [304, null];
    return [404, {}];
  });
  const tags: Array<string | null> = [];
  const answer = globalThis.fetch;
  globalThis.fetch = ((url: string, init?: RequestInit) => {
    if (url === API.myWorkshopOrders) tags.push((init?.headers as Record<string, string>)['if-none-match'] ?? null);
    return answer(url, init);
  }) as typeof fetch;
  const store = start();
  store.dispatch(linesLoaded({ scope: { kind: 'myWorkshop' }, lines: [line(5)], etag: '"w1"' }));
  const held = selectLine(store.getState(), 5);
  const first = await connection(0);
  first.send({ type: 'ready', version: 10 });
  await untilStatus(store, 'connected');
  first.socket.close(1012);
  const second = await connection(1);
  second.send({ type: 'ready', version: 15 });
  await until(() => calls.some((c) => c.url === API.myWorkshopOrders) && store.getState().orderLines.loads.myWorkshop?.status === 'ready', 'the list read again');
  expect(tags).toEqual(['"w1"']);
  expect(selectLine(store.getState(), 5)).toBe(held);
  expect(store.getState().orderLines.loads.myWorkshop?.etag).toBe('"w1"');
});

test('a path that does not open hands over to the next one', async () => {
  storeLogin(2);
  mockFetch(() => [404, {}]);
  refused = (path) => path === '/ws/orders';
  const store = start();
  const socket = await connection(0);
  expect(upgrades).toEqual(['/ws/orders', '/ws']);
  expect(status(store)).toBe('reconnecting');
  socket.send({ type: 'ready', version: 1 });
  await untilStatus(store, 'connected');
});

test('a refused token is refreshed once through the shared refresh, then the socket connects with the new one', async () => {
  storeLogin(2, 'Admin');
  const renewed: LoginResponse = { token: 'ddd.eee.fff', refresh_token: 'refresh-2', user_role_id: 2, user_role_title: 'Admin', user_id: 7 };
  const calls = mockFetch((_m, url) => (url === API.refresh ? [200, renewed] : [404, {}]));
  const store = start();
  const first = await connection(0);
  first.socket.close(LiveClose.Unauthorized, 'token');
  const second = await connection(1);
  expect(second.received).toEqual([{ type: 'auth', token: 'ddd.eee.fff' }]);
  second.send({ type: 'ready', version: 3 });
  await untilStatus(store, 'connected');
  expect(calls.filter((c) => c.url === API.refresh)).toEqual([expect.objectContaining({ method: 'POST', body: { refresh_token: 'refresh-1' } })]);
  expect(second.path).toBe('/ws/orders');
});

test('a refused token whose refresh fails ends the session, and the channel with it', async () => {
  storeLogin(2);
  const calls = mockFetch(() => [401, { error: 'Oturum sona erdi', code: 'UNAUTHORIZED' }]);
  const store = start();
  const socket = await connection(0);
  socket.socket.close(LiveClose.Unauthorized, 'session ended');
  await until(() => !store.getState().session.loggedIn, 'the logout');
  await untilStatus(store, 'idle');
  expect(calls.map((c) => c.url)).toEqual([API.refresh]);
  expect(connections).toHaveLength(1);
});

test('after the last failed attempt the channel is offline until the user asks again', async () => {
  storeLogin(2);
  mockFetch(() => [404, {}]);
  refused = () => true;
  const store = start({ attempts: 5 });
  await untilStatus(store, 'offline');
  // The first try and five reconnects, each path in turn.
  expect(upgrades).toEqual(['/ws/orders', '/ws', '/api/ws/orders', '/ws/orders', '/ws', '/api/ws/orders']);

  refused = () => false;
  store.dispatch(reconnectRequested());
  const socket = await connection(0);
  socket.send({ type: 'ready', version: 1 });
  await untilStatus(store, 'connected');
});

test('a logout closes the socket', async () => {
  storeLogin(2);
  mockFetch(() => [404, {}]);
  const store = start();
  const socket = await connection(0);
  socket.send({ type: 'ready', version: 1 });
  await untilStatus(store, 'connected');
  store.dispatch(loggedOut());
  await until(() => socket.closed, 'the socket closed by the client');
  expect(status(store)).toBe('idle');
});

test('an inactive account opens no socket until an admin gives it a role that reads lines', async () => {
  storeLogin(1, 'Pasif');
  mockFetch(() => [404, {}]);
  const store = start();
  expect(status(store)).toBe('idle');
  store.dispatch(profileLoaded({ role: 4, roleTitle: 'Ofis', username: 'ofis', language: null }));
  const socket = await connection(0);
  // The first socket is the new role's: none was opened while the account was inactive.
  expect(socket.query).toEqual({ user_id: '7', role: '4' });
});

test('a socket the server turns away for its role (4403) is not tried again', async () => {
  storeLogin(2);
  mockFetch(() => [404, {}]);
  const store = start();
  const socket = await connection(0);
  socket.socket.close(LiveClose.Forbidden, 'forbidden');
  // Idle, not reconnecting: the channel has stopped for this session.
  await untilStatus(store, 'idle');
  expect(upgrades).toEqual(['/ws/orders']);
});

test('a page brought back by Back or Forward from the browser cache reads what changed while it was away', async () => {
  storeLogin(3, 'Atolye');
  const calls = mockFetch(() => [200, { orders: [line(5, { order_line_status_id: 4 })], gone: [], version: 20 }]);
  const store = start();
  const socket = await connection(0);
  socket.send({ type: 'ready', version: 10 });
  await untilStatus(store, 'connected');
  store.dispatch(linesLoaded({ scope: { kind: 'myWorkshop' }, lines: [line(5)] }));
  // A page shown anew (not from the cache) reads nothing.
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  await until(() => selectLine(store.getState(), 5)?.order_line_status_id === 4, 'the line as it is now');
  expect(lineReads(calls)).toEqual(['?since=10']);
});
