import { API } from '../../../shared/api';
import { mockFetch, storeLogin, testStore as createStore } from '../../test-utils';
import { loggedIn, logoutRequested } from './slice';
import { readSession } from './storage';

const MINUTE = 60_000;

beforeEach(() => {
  jest.useFakeTimers();
});

async function flush() {
  // Let pending promises (fetch answers, saga steps) settle between timer jumps.
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

test('thirty minutes without activity log the user out; activity keeps the session', async () => {
  storeLogin(2, 'Yonetici');
  const calls = mockFetch((_m, url) => (url === API.me ? [200, { user: { id: 7, username: 'ali', role: 2, role_name: 'Yonetici' } }] : [200, {}]));
  const store = createStore();
  await flush();

  jest.advanceTimersByTime(29 * MINUTE);
  window.dispatchEvent(new KeyboardEvent('keydown'));
  jest.advanceTimersByTime(29 * MINUTE);
  await flush();
  expect(store.getState().session.loggedIn).toBe(true);

  jest.advanceTimersByTime(MINUTE + 1);
  await flush();
  await flush();
  expect(calls.some((c) => c.url === API.logout)).toBe(true);
  expect(store.getState().session).toMatchObject({ loggedIn: false, endedBy: 'idle' });
  expect(readSession()).toBeNull();
});

test('a role change seen by the server replaces the stored role', async () => {
  storeLogin(1, 'Pasif');
  mockFetch(() => [200, { user: { id: 7, username: 'ali', role: 3, role_name: 'Atolye' } }]);
  const store = createStore();
  await flush();
  await flush();
  expect(store.getState().session).toMatchObject({ role: 3, roleTitle: 'Atolye', username: 'ali' });
  expect(readSession()).toMatchObject({ role: 3, roleTitle: 'Atolye' });
});

test('after logout the focus listener is gone; a new login brings it back', async () => {
  storeLogin(2, 'Yonetici');
  const calls = mockFetch((_m, url) => (url === API.me ? [200, { user: { id: 7, username: 'ali', role: 2, role_name: 'Yonetici' } }] : [200, {}]));
  const store = createStore();
  await flush();
  const meCalls = () => calls.filter((c) => c.url === API.me).length;
  expect(meCalls()).toBe(1);
  window.dispatchEvent(new Event('focus'));
  await flush();
  expect(meCalls()).toBe(2);

  const removed = jest.spyOn(window, 'removeEventListener');
  store.dispatch(logoutRequested());
  await flush();
  expect(store.getState().session.loggedIn).toBe(false);
  // The ended session's listeners were taken off the window, not just left unread.
  expect(removed.mock.calls.map(([name]) => name)).toEqual(expect.arrayContaining(['focus', 'keydown', 'mousemove']));
  removed.mockRestore();
  window.dispatchEvent(new Event('focus'));
  await flush();
  expect(meCalls()).toBe(2);
  // No idle logout is pending for a session that has ended.
  jest.advanceTimersByTime(31 * MINUTE);
  await flush();
  expect(calls.filter((c) => c.url === API.logout)).toHaveLength(1);

  store.dispatch(loggedIn({ token: 'aaa.bbb.ccc', refresh_token: 'refresh-1', user_role_id: 2, user_role_title: 'Yonetici', user_id: 7 }));
  expect(readSession()).toMatchObject({ token: 'aaa.bbb.ccc', role: 2 });
  await flush();
  expect(meCalls()).toBe(3);
  window.dispatchEvent(new Event('focus'));
  await flush();
  expect(meCalls()).toBe(4);
});

test('a storage event for the role re-reads storage and asks the server again', async () => {
  storeLogin(3, 'Atolye');
  const calls = mockFetch(() => [200, { user: { id: 7, username: 'ali', role: 5, role_name: 'Musteri' } }]);
  const store = createStore();
  await flush();
  const before = calls.length;
  window.dispatchEvent(new StorageEvent('storage', { key: 'someOtherKey' }));
  await flush();
  expect(calls.length).toBe(before);
  sessionStorage.setItem('userRoleTitle', 'Baska');
  window.dispatchEvent(new StorageEvent('storage', { key: 'userRoleTitle' }));
  await flush();
  expect(calls.length).toBe(before + 1);
  expect(store.getState().session).toMatchObject({ role: 5, roleTitle: 'Musteri' });
});

test("another tab's announcement on the session channel reloads this tab's session info", async () => {
  /* jsdom has no BroadcastChannel: a minimal one that delivers to the other instances of a name. */
  const open = new Set<FakeChannel>();
  class FakeChannel {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    constructor(readonly name: string) {
      open.add(this);
    }
    postMessage(data: unknown) {
      for (const other of open) if (other !== this && other.name === this.name) void Promise.resolve().then(() => other.onmessage?.({ data }));
    }
    close() {
      open.delete(this);
    }
  }
  const original = (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel;
  Object.assign(globalThis, { BroadcastChannel: FakeChannel });
  try {
    storeLogin(1, 'Pasif');
    const calls = mockFetch(() => [200, { user: { id: 7, username: 'ali', role: 1, role_name: 'Pasif' } }]);
    createStore();
    await flush();
    const before = calls.length;
    // The other tab logs in and announces it on the 'session' channel.
    const otherTab = new FakeChannel('session');
    otherTab.postMessage('changed');
    otherTab.close();
    await flush();
    expect(calls.slice(before).map((c) => c.url)).toEqual([API.me]);
  } finally {
    Object.assign(globalThis, { BroadcastChannel: original });
  }
});
