import { API } from '../../../shared/api';
import { resetRefreshState } from '../../api/http';
import { createStore } from '../../app/store';
import { mockFetch, storeLogin } from '../../test-utils';
import { readSession } from './storage';

const MINUTE = 60_000;

beforeEach(() => {
  sessionStorage.clear();
  resetRefreshState();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

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
