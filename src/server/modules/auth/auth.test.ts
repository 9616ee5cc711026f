import { testDatabases } from '../../../../test/databases';
import { ADMIN, startTestApp, type TestApp } from '../../../../test/server';
import { sweepIdleSessions } from './sessions';
import { REFRESH_REUSE_GRACE_MS } from '../../../shared/limits';

const LOGIN = '/api/v1/user/login';
const REGISTER = '/api/v1/user/register';
const REFRESH = '/api/v1/user/refresh';
const LOGOUT = '/api/v1/user/logout';
const ME = '/api/v1/user/me';
const CHANGE = '/api/v1/user/change-password';

describe.each(testDatabases())('auth on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(await database.create());
  });
  afterAll(() => t.close());

  const userCount = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  test('login answers the token, refresh token, role and user id', async () => {
    const { status, body } = await t.call('POST', LOGIN, { body: ADMIN });
    expect(status).toBe(200);
    expect(body).toEqual({
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refresh_token: expect.any(String),
      user_role_id: 2,
      user_role_title: 'Yönetici',
      user_id: expect.any(Number),
    });
  });

  test('a wrong password and an unknown user get the same 401', async () => {
    const wrong = await t.call('POST', LOGIN, { body: { username: 'admin', password: 'nope-nope' } });
    const unknown = await t.call('POST', LOGIN, { body: { username: 'ghost', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown).toMatchObject({ status: 401, body: { error: 'Kullanıcı adı veya şifre hatalı.', code: 'INVALID_CREDENTIALS' } });
  });

  test.each([
    [{ email: 'a@example.com', password: 'secret1' }, 'Kullanıcı adı gereklidir'],
    [{ username: '   ', email: 'a@example.com', password: 'secret1' }, 'Kullanıcı adı gereklidir'],
    [{ username: 'ab', email: 'a@example.com', password: 'secret1' }, 'Kullanıcı adı 3-20 karakter olmalı ve yalnızca harf, rakam ve alt çizgi içermelidir'],
    [{ username: 'bad name', email: 'a@example.com', password: 'secret1' }, 'Kullanıcı adı 3-20 karakter olmalı ve yalnızca harf, rakam ve alt çizgi içermelidir'],
    [{ username: 'valid_1', password: 'secret1' }, 'E-posta adresi gereklidir'],
    [{ username: 'valid_1', email: 'not-an-email', password: 'secret1' }, 'Geçerli bir e-posta adresi girin'],
    [{ username: 'valid_1', email: 'a@example.com', password: '12345' }, 'Şifre en az 6 karakter olmalıdır'],
    [{ username: 42, email: 'a@example.com', password: 'secret1' }, 'Kullanıcı adı gereklidir'],
  ])('register refuses %j with its Turkish sentence and stores nothing', async (body, sentence) => {
    const before = await userCount();
    const { status, body: answer } = await t.call('POST', REGISTER, { body });
    expect(status).toBe(400);
    expect(answer).toEqual({ error: sentence, code: 'VALIDATION', message: { key: expect.stringMatching(/^validation:/), values: {} } });
    expect(await userCount()).toBe(before);
  });

  test('register trims, creates an inactive user and refuses a taken name or e-mail with 409', async () => {
    const created = await t.call('POST', REGISTER, { body: { username: '  ayse_1 ', email: ' Ayse@Example.com ', password: 'secret1' } });
    expect(created).toMatchObject({ status: 201, body: { message: 'Kayıt başarılı.' } });
    const login = await t.login('ayse_1', 'secret1');
    expect(login).toMatchObject({ user_role_id: 1, user_role_title: 'Pasif Kullanıcı' });

    const sameName = await t.call('POST', REGISTER, { body: { username: 'AYSE_1', email: 'other@example.com', password: 'secret1' } });
    expect(sameName).toMatchObject({ status: 409, body: { code: 'USERNAME_TAKEN', error: 'Bu kullanıcı adı zaten kullanılıyor.' } });
    const sameMail = await t.call('POST', REGISTER, { body: { username: 'ayse_2', email: 'ayse@example.com', password: 'secret1' } });
    expect(sameMail).toMatchObject({ status: 409, body: { code: 'EMAIL_TAKEN', error: 'Bu e-posta adresi zaten kayıtlı.' } });
  });

  test('broken, mistyped, oversized and unknown requests answer 4xx without a stack and change nothing', async () => {
    const before = await userCount();
    const raw = (payload: string, contentType = 'application/json') =>
      t.app.inject({ method: 'POST', url: REGISTER, payload, headers: { 'content-type': contentType } });
    const answers = [
      await raw('{"username": "x"'),
      await raw('[1,2,3]'),
      await raw('"text"'),
      await raw('null'),
      await raw('username=abc', 'application/x-www-form-urlencoded'),
      await raw(JSON.stringify({ username: 'big', email: 'b@example.com', password: 'x'.repeat(2_000_000) })),
      await t.app.inject({ method: 'POST', url: REGISTER }),
      await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' }),
      await t.app.inject({ method: 'DELETE', url: LOGIN }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      const body = answer.json();
      expect(body).toEqual({ error: expect.any(String), code: expect.any(String), message: { key: expect.stringMatching(/^errors:/), values: {} } });
      expect(answer.body).not.toMatch(/at .*\.ts:\d+|stack/i);
    }
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 415, 413, 400, 404, 404]);
    expect(await userCount()).toBe(before);
  });

  test('every other route needs a live session', async () => {
    expect((await t.call('GET', ME)).status).toBe(401);
    expect((await t.call('GET', ME, { token: 'not-a-token' })).body).toEqual({
      error: 'Oturum bulunamadı veya süresi doldu. Lütfen tekrar giriş yapın.',
      code: 'UNAUTHORIZED',
      message: { key: 'errors:unauthorized', values: {} },
    });
    const { token } = await t.login();
    expect((await t.call('GET', ME, { token })).body).toMatchObject({ user: { username: 'admin', role: 2, role_name: 'Yönetici' } });
  });

  test('logout ends the session', async () => {
    const { token, refresh_token } = await t.login();
    expect((await t.call('POST', LOGOUT, { token })).status).toBe(200);
    expect((await t.call('GET', ME, { token })).status).toBe(401);
    expect((await t.call('POST', REFRESH, { body: { refresh_token } })).status).toBe(401);
  });

  test('refresh rotates the token; replaying an old one ends the session', async () => {
    const first = await t.login();
    const second = await t.call('POST', REFRESH, { body: { refresh_token: first.refresh_token } });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await t.call('GET', ME, { token: second.body.token })).status).toBe(200);

    // A replay past the grace of a lost answer (REFRESH_REUSE_GRACE_MS) is taken for theft.
    const pastGrace = new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1_000).toISOString();
    await t.db.updateTable('refresh_tokens').set({ used_at: pastGrace }).where('used_at', 'is not', null).execute();
    const replay = await t.call('POST', REFRESH, { body: { refresh_token: first.refresh_token } });
    expect(replay).toMatchObject({ status: 401, body: { code: 'REFRESH_INVALID' } });
    expect((await t.call('GET', ME, { token: second.body.token })).status).toBe(401);
    expect((await t.call('POST', REFRESH, { body: { refresh_token: second.body.refresh_token } })).status).toBe(401);
    expect((await t.call('POST', REFRESH, { body: {} })).status).toBe(400);
  });

  test('a tab that lost its refresh answer (reloaded while refreshing) uses the old token again within the grace and keeps its session', async () => {
    const first = await t.login();
    const kept = await t.call('POST', REFRESH, { body: { refresh_token: first.refresh_token } });
    const lost = await t.call('POST', REFRESH, { body: { refresh_token: first.refresh_token } });
    expect(lost.status).toBe(200);
    expect(lost.body.refresh_token).not.toBe(kept.body.refresh_token);
    expect((await t.call('GET', ME, { token: lost.body.token })).status).toBe(200);
    expect((await t.call('POST', REFRESH, { body: { refresh_token: lost.body.refresh_token } })).status).toBe(200);
  });

  test('a session idle for 30 minutes is refused and swept', async () => {
    const { token } = await t.login();
    const longAgo = new Date(Date.now() - 31 * 60_000).toISOString();
    await t.db.updateTable('sessions').set({ last_activity_at: longAgo }).where('active', '=', 1).execute();
    expect((await t.call('GET', ME, { token })).status).toBe(401);

    const idle = await t.login();
    await t.db.updateTable('sessions').set({ last_activity_at: longAgo }).where('active', '=', 1).execute();
    expect(await sweepIdleSessions(t.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db.selectFrom('sessions').select('id').where('active', '=', 1).execute();
    expect(left).toEqual([]);
    expect((await t.call('GET', ME, { token: idle.token })).status).toBe(401);
  });

  test('change-password needs the own username and the current password', async () => {
    const user = await t.newUser('mehmet');
    const change = (body: object) => t.call('POST', CHANGE, { token: user.token, body });
    expect((await change({ username: 'mehmet', old_password: '', new_password: 'newpass1' })).body.error).toBe('Tüm alanları doldurun.');
    expect((await change({ username: 'mehmet', old_password: 'secret-pass', new_password: '123' })).body.error).toBe(
      'Yeni şifre en az 6 karakter olmalıdır.',
    );
    const otherUser = await change({ username: 'admin', old_password: ADMIN.password, new_password: 'hijacked' });
    expect(otherUser).toMatchObject({ status: 400, body: { error: 'Şifre değiştirilemedi. Lütfen bilgilerinizi kontrol edin.' } });
    expect((await change({ username: 'mehmet', old_password: 'wrong-pass', new_password: 'newpass1' })).status).toBe(400);

    const done = await change({ username: 'mehmet', old_password: 'secret-pass', new_password: 'newpass1' });
    expect(done).toMatchObject({ status: 200, body: { message: 'Şifre başarıyla değiştirildi!' } });
    await expect(t.login('mehmet', 'secret-pass')).rejects.toThrow();
    await t.login('mehmet', 'newpass1');
    await t.login();
  });

  test('a password change ends every other session of the user, access and refresh tokens alike; the current one goes on', async () => {
    const current = await t.newUser('selin', 'old-secret');
    const other = await t.login('selin', 'old-secret');
    const third = await t.login('selin', 'old-secret');
    const admin = await t.login();
    // Checked once, so the token's claims are remembered (tokens.ts): the session lookup must still refuse it.
    expect((await t.call('GET', ME, { token: other.token })).status).toBe(200);

    const changed = await t.call('POST', CHANGE, {
      token: current.token,
      body: { username: 'selin', old_password: 'old-secret', new_password: 'new-secret' },
    });
    expect(changed.status).toBe(200);

    expect(await t.call('GET', ME, { token: other.token })).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect((await t.call('GET', ME, { token: third.token })).status).toBe(401);
    expect(await t.call('POST', REFRESH, { body: { refresh_token: other.refresh_token } })).toMatchObject({ status: 401, body: { code: 'REFRESH_INVALID' } });
    expect((await t.call('POST', REFRESH, { body: { refresh_token: third.refresh_token } })).status).toBe(401);

    expect((await t.call('GET', ME, { token: current.token })).body).toMatchObject({ user: { username: 'selin' } });
    const renewed = await t.call('POST', REFRESH, { body: { refresh_token: current.refresh_token } });
    expect(renewed.status).toBe(200);
    expect((await t.call('GET', ME, { token: renewed.body.token })).status).toBe(200);
    // Another user's session is untouched, and the new password opens a new session.
    expect((await t.call('GET', ME, { token: admin.token })).status).toBe(200);
    await t.login('selin', 'new-secret');
  });

  test('failed logins are rate limited per address and username', async () => {
    const limitedApp = await startTestApp(await database.create(), { LOGIN_RATE_LIMIT: '5' });
    const attempt = (username: string) => limitedApp.call('POST', LOGIN, { body: { username, password: 'wrong-1' } });
    try {
      for (let i = 0; i < 5; i++) expect((await attempt('limited')).status).toBe(401);
      const refused = await attempt('limited');
      expect(refused).toMatchObject({
        status: 429,
        body: { error: 'Çok fazla deneme yapıldı. Lütfen 1 dakika sonra tekrar deneyin.', code: 'TOO_MANY_REQUESTS' },
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await attempt('Limited')).status).toBe(429);
      expect((await attempt('someone_else')).status).toBe(401);
    } finally {
      await limitedApp.close();
    }
  });

  test('headers: a content security policy and no cross-origin access', async () => {
    const answer = await t.app.inject({ method: 'POST', url: LOGIN, payload: ADMIN, headers: { origin: 'https://evil.example' } });
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    // Sockets, like every request, go to the product's own origin only.
    expect(String(answer.headers['content-security-policy']).split(';')).toContain("connect-src 'self'");
  });

  test('no API answer may be kept by a cache, refusals included', async () => {
    const answers = [
      await t.app.inject({ method: 'POST', url: LOGIN, payload: ADMIN }),
      await t.app.inject({ method: 'POST', url: LOGIN, payload: { ...ADMIN, password: 'wrong-password' } }),
      await t.app.inject({ method: 'GET', url: '/api/v1/workshops' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/nope' }),
      await t.app.inject({ method: 'POST', url: LOGIN, payload: '{', headers: { 'content-type': 'application/json' } }),
      await t.app.inject({ method: 'GET', url: `/api/v1/workshops/${'9'.repeat(400)}` }),
      await t.app.inject({ method: 'GET', url: '/api/openapi.json' }),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [401, 'no-store'],
      [401, 'no-store'],
      [404, 'no-store'],
      [400, 'no-store'],
      [414, 'no-store'],
      [200, 'no-store'],
    ]);
  });
});
