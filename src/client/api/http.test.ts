import { API } from '../../shared/api';
import { readSession } from '../features/session/storage';
import { mockFetch, storeLogin } from '../test-utils';
import { ApiError, http, onSessionEvents, resetRefreshState } from './http';

const FRESH = { token: 'new.token.value', refresh_token: 'refresh-2', user_role_id: 2, user_role_title: 'Admin', user_id: 7 };

let lost: jest.Mock;
let refreshed: jest.Mock;
beforeEach(() => {
  sessionStorage.clear();
  resetRefreshState();
  lost = jest.fn();
  refreshed = jest.fn();
  onSessionEvents({ lost, refreshed });
});

test('sends the bearer token and JSON', async () => {
  storeLogin(2);
  const calls = mockFetch(() => [200, { ok: true }]);
  await expect(http.post('/api/v1/thing', { a: 1 })).resolves.toEqual({ ok: true });
  expect(calls).toEqual([{ method: 'POST', url: '/api/v1/thing', body: { a: 1 }, auth: 'Bearer aaa.bbb.ccc' }]);
});

test('on 401 refreshes once and retries with the new token', async () => {
  storeLogin(2);
  const calls = mockFetch((_m, url, _b, auth) => {
    if (url === API.refresh) return [200, FRESH];
    return auth === 'Bearer new.token.value' ? [200, { users: [] }] : [401, { error: 'expired', code: 'UNAUTHORIZED' }];
  });
  await expect(http.get(API.users)).resolves.toEqual({ users: [] });
  expect(calls.map((c) => c.url)).toEqual([API.users, API.refresh, API.users]);
  expect(calls[1].body).toEqual({ refresh_token: 'refresh-1' });
  expect(readSession()).toMatchObject({ token: 'new.token.value', refreshToken: 'refresh-2' });
  expect(refreshed).toHaveBeenCalledTimes(1);
  expect(lost).not.toHaveBeenCalled();
});

test('requests failing together share one refresh', async () => {
  storeLogin(2);
  const calls = mockFetch((_m, url, _b, auth) => {
    if (url === API.refresh) return [200, FRESH];
    return auth === 'Bearer new.token.value' ? [200, { url }] : [401, {}];
  });
  await Promise.all([http.get('/api/v1/a'), http.get('/api/v1/b'), http.get('/api/v1/c')]);
  expect(calls.filter((c) => c.url === API.refresh)).toHaveLength(1);
  expect(calls.filter((c) => c.auth === 'Bearer new.token.value')).toHaveLength(3);
});

test('a failed refresh clears the session and reports it lost', async () => {
  storeLogin(2);
  mockFetch((_m, url) => (url === API.refresh ? [401, { error: 'no', code: 'REFRESH_INVALID' }] : [401, { error: 'Oturum yok', code: 'UNAUTHORIZED' }]));
  await expect(http.get(API.users)).rejects.toMatchObject({ status: 401 });
  expect(readSession()).toBeNull();
  expect(sessionStorage.length).toBe(0);
  expect(lost).toHaveBeenCalledTimes(1);
});

test('a second refresh within the throttle window is not attempted', async () => {
  storeLogin(2);
  const calls = mockFetch((_m, url) => (url === API.refresh ? [401, {}] : [401, {}]));
  await expect(http.get('/api/v1/a')).rejects.toBeInstanceOf(ApiError);
  storeLogin(2);
  await expect(http.get('/api/v1/b')).rejects.toBeInstanceOf(ApiError);
  expect(calls.filter((c) => c.url === API.refresh)).toHaveLength(1);
});

test('errors carry the server sentence and code', async () => {
  mockFetch(() => [409, { error: 'Bu kullanici adi zaten kullaniliyor.', code: 'USERNAME_TAKEN' }]);
  await expect(http.post(API.register, {})).rejects.toMatchObject({ status: 409, error: 'Bu kullanici adi zaten kullaniliyor.', code: 'USERNAME_TAKEN' });
});

test('a request without an answer in 10 seconds is abandoned', async () => {
  jest.useFakeTimers();
  globalThis.fetch = jest.fn(
    (_url: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })))),
  ) as typeof fetch;
  const pending = http.get('/api/v1/slow');
  jest.advanceTimersByTime(10_000);
  await expect(pending).rejects.toMatchObject({ status: 0, code: 'TIMEOUT' });
  jest.useRealTimers();
});
