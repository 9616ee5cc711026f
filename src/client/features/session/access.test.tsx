import { API } from '../../../shared/api';
import { http } from '../../api/http';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { readSession } from './storage';

const FRESH = { token: 'new.token.value', refresh_token: 'refresh-2', user_role_id: 2, user_role_title: 'Admin', user_id: 7 };


test('a 401 refreshes with the stored refresh token, keeps the new tokens and retries', async () => {
  storeLogin(2);
  const { store } = renderApp(<div />);
  const calls = mockFetch((_m, url, _b, auth) => {
    if (url === API.refresh) return [200, FRESH];
    return auth === 'Bearer new.token.value' ? [200, { users: [] }] : [401, { error: 'expired', code: 'UNAUTHORIZED' }];
  });
  await expect(http.get(API.users)).resolves.toEqual({ users: [] });
  expect(calls.map((c) => c.url)).toEqual([API.users, API.refresh, API.users]);
  expect(calls[1]).toMatchObject({ body: { refresh_token: 'refresh-1' }, auth: null });
  expect(readSession()).toMatchObject({ token: 'new.token.value', refreshToken: 'refresh-2' });
  expect(store.getState().session.loggedIn).toBe(true);
});

test('a refused refresh clears the stored session and logs the store out', async () => {
  storeLogin(2);
  const { store } = renderApp(<div />);
  mockFetch((_m, url) => (url === API.refresh ? [401, { error: 'no', code: 'REFRESH_INVALID' }] : [401, { error: 'Oturum yok', code: 'UNAUTHORIZED' }]));
  await expect(http.get(API.users)).rejects.toMatchObject({ status: 401 });
  expect(readSession()).toBeNull();
  expect(sessionStorage.length).toBe(0);
  expect(store.getState().session.loggedIn).toBe(false);
});
