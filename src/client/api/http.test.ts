import { mockFetch } from '../test-utils';
import { ApiError, connectSession, http } from './http';

/* A session kept in this test: the token the client sends, and a refresh that may succeed or not. */
let token: string | null;
let refreshes: number;
let refreshWorks: boolean;
let lost: jest.Mock;

beforeEach(() => {
  token = 'old.token.value';
  refreshes = 0;
  refreshWorks = true;
  lost = jest.fn(() => {
    token = null;
  });
  connectSession({
    token: () => token,
    refresh: async () => {
      refreshes++;
      if (refreshWorks) token = 'new.token.value';
      return refreshWorks;
    },
    lost,
  });
});

test('sends the bearer token and JSON', async () => {
  const calls = mockFetch(() => [200, { ok: true }]);
  await expect(http.post('/api/v1/thing', { a: 1 })).resolves.toEqual({ ok: true });
  expect(calls).toEqual([{ method: 'POST', url: '/api/v1/thing', body: { a: 1 }, auth: 'Bearer old.token.value' }]);
});

test('on 401 refreshes once and retries with the new token', async () => {
  const calls = mockFetch((_m, _url, _b, auth) => (auth === 'Bearer new.token.value' ? [200, { users: [] }] : [401, { error: 'expired', code: 'UNAUTHORIZED' }]));
  await expect(http.get('/api/v1/user')).resolves.toEqual({ users: [] });
  expect(calls.map((c) => c.auth)).toEqual(['Bearer old.token.value', 'Bearer new.token.value']);
  expect(refreshes).toBe(1);
  expect(lost).not.toHaveBeenCalled();
});

test('requests failing together share one refresh', async () => {
  const calls = mockFetch((_m, url, _b, auth) => (auth === 'Bearer new.token.value' ? [200, { url }] : [401, {}]));
  await Promise.all([http.get('/api/v1/a'), http.get('/api/v1/b'), http.get('/api/v1/c')]);
  expect(refreshes).toBe(1);
  expect(calls.filter((c) => c.auth === 'Bearer new.token.value')).toHaveLength(3);
});

test('a failed refresh ends the session', async () => {
  refreshWorks = false;
  mockFetch(() => [401, { error: 'Oturum yok', code: 'UNAUTHORIZED' }]);
  await expect(http.get('/api/v1/user')).rejects.toMatchObject({ status: 401 });
  expect(lost).toHaveBeenCalledTimes(1);
});

test('a second refresh within the throttle window is not attempted', async () => {
  refreshWorks = false;
  mockFetch(() => [401, {}]);
  await expect(http.get('/api/v1/a')).rejects.toBeInstanceOf(ApiError);
  token = 'old.token.value';
  await expect(http.get('/api/v1/b')).rejects.toBeInstanceOf(ApiError);
  expect(refreshes).toBe(1);
});

test('without a session a 401 is passed on without a refresh', async () => {
  token = null;
  mockFetch(() => [401, { error: 'Giriş gerekli', code: 'UNAUTHORIZED' }]);
  await expect(http.get('/api/v1/a')).rejects.toMatchObject({ status: 401 });
  expect(refreshes).toBe(0);
  expect(lost).not.toHaveBeenCalled();
});

test('errors carry the server sentence and code', async () => {
  mockFetch(() => [409, { error: 'Bu kullanici adi zaten kullaniliyor.', code: 'USERNAME_TAKEN' }]);
  await expect(http.post('/api/v1/user/register', {})).rejects.toMatchObject({ status: 409, error: 'Bu kullanici adi zaten kullaniliyor.', code: 'USERNAME_TAKEN' });
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
