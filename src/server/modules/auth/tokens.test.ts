import { ACCESS_TOKEN_TTL_S } from '../../../shared/limits';
import { signAccessToken, tokenKey, verifyAccessToken } from './tokens';

afterEach(() => jest.useRealTimers());

test('a checked token is remembered only until it expires, and only under its own key', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  const key = await tokenKey('k'.repeat(32));
  const other = await tokenKey('o'.repeat(32));
  const token = await signAccessToken(key, { userId: 7, sessionId: 's-1' });
  expect(await verifyAccessToken(key, token)).toEqual({ userId: 7, sessionId: 's-1' });
  expect(await verifyAccessToken(key, token)).toEqual({ userId: 7, sessionId: 's-1' });
  expect(await verifyAccessToken(other, token)).toBeNull();
  expect(await verifyAccessToken(key, `${token.slice(0, -2)}xx`)).toBeNull();
  jest.setSystemTime(Date.now() + (ACCESS_TOKEN_TTL_S + 1) * 1000);
  expect(await verifyAccessToken(key, token)).toBeNull();
});
