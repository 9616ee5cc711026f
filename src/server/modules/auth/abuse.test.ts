import { testDatabases } from '../../../../test/databases';
import { startSmtp } from '../../../../test/smtp';
import { ADMIN, startTestApp, type TestApp } from '../../../../test/server';

const LOGIN = '/api/v1/user/login';
const REGISTER = '/api/v1/user/register';
const FORGOT = '/api/v1/user/forgot-password';
const CHANGE = '/api/v1/user/change-password';
const ME = '/api/v1/user/me';

/** A call from the client address `ip`, as the limits see it. */
async function from(t: TestApp, ip: string, url: string, body: unknown, token?: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: answer.statusCode, body: answer.json(), retryAfter: answer.headers['retry-after'] };
}

const TOO_MANY = { code: 'TOO_MANY_REQUESTS', error: expect.stringMatching(/^Çok fazla deneme yapıldı\. Lütfen \d+ dakika sonra tekrar deneyin\.$/) };

/** A refusal of the limits: 429, the Turkish sentence with the wait, and Retry-After in whole seconds within the window. */
function expectRefused(answer: Awaited<ReturnType<typeof from>>, windowS: number) {
  expect(answer).toMatchObject({ status: 429, body: TOO_MANY });
  expect(answer.retryAfter).toMatch(/^\d+$/);
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  expect(Number(answer.retryAfter)).toBeLessThanOrEqual(windowS);
}

describe.each(testDatabases())('abuse limits on $name', (database) => {
  test('failed logins are limited per client address across usernames; other addresses are not', async () => {
    const t = await startTestApp(await database.create(), { LOGIN_FAILURE_LIMIT: '5' });
    try {
      // A password sprayed over many names: each name is tried once, the address is still counted.
      for (let i = 0; i < 5; i++) {
        expect((await from(t, '10.0.0.1', LOGIN, { username: `victim_${i}`, password: 'Summer2026' })).status).toBe(401);
      }
      expectRefused(await from(t, '10.0.0.1', LOGIN, { username: 'victim_5', password: 'Summer2026' }), 600);
      // The limit is the address's: the right password from there waits as well...
      expectRefused(await from(t, '10.0.0.1', LOGIN, ADMIN), 600);
      // ...and another address is not held up.
      expect((await from(t, '10.0.0.2', LOGIN, { username: 'victim_5', password: 'Summer2026' })).status).toBe(401);
      expect((await from(t, '10.0.0.2', LOGIN, ADMIN)).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  test('successful logins are not counted, by either login limit', async () => {
    const t = await startTestApp(await database.create(), { LOGIN_FAILURE_LIMIT: '3', LOGIN_RATE_LIMIT: '3' });
    try {
      for (let i = 0; i < 12; i++) expect((await from(t, '10.0.0.1', LOGIN, ADMIN)).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await from(t, '10.0.0.1', LOGIN, { ...ADMIN, password: 'wrong-one' })).status).toBe(401);
      // Both counters are full: Retry-After waits for the longer window (LOGIN_FAILURE_WINDOW_MS).
      expectRefused(await from(t, '10.0.0.1', LOGIN, ADMIN), 600);
      const counters = await t.db.selectFrom('rate_limits').select('hits').execute();
      expect(counters.map((row) => row.hits)).toEqual([3, 3]);
    } finally {
      await t.close();
    }
  });

  test('failed password changes are limited per user; a successful change does not count', async () => {
    const t = await startTestApp(await database.create(), { PASSWORD_CHANGE_LIMIT: '3' });
    try {
      const guesser = await t.newUser('tahminci', 'first-pass');
      const bystander = await t.newUser('seyirci', 'first-pass');
      const change = (token: string, username: string, old_password: string, new_password = 'second-pass') =>
        from(t, '10.0.0.1', CHANGE, { username, old_password, new_password }, token);

      expect((await change(guesser.token, 'tahminci', 'first-pass', 'own-pass-1')).status).toBe(200);
      expect((await change(guesser.token, 'tahminci', 'own-pass-1', 'first-pass')).status).toBe(200);
      for (const guess of ['guess-1', 'guess-2', 'guess-3']) {
        expect(await change(guesser.token, 'tahminci', guess)).toMatchObject({ status: 400, body: { code: 'PASSWORD_CHANGE_FAILED' } });
      }
      // The right password waits too: guessing it is what the limit stops.
      expectRefused(await change(guesser.token, 'tahminci', 'first-pass'), 900);
      // Another user, from the same address, is not held up.
      expect((await change(bystander.token, 'seyirci', 'first-pass')).status).toBe(200);
      // Validation refusals happen before the limit and are not counted: the sentence, not a 429.
      expect(await change(guesser.token, 'tahminci', '')).toMatchObject({ status: 400, body: { error: 'Tüm alanları doldurun.' } });
    } finally {
      await t.close();
    }
  });

  test('registrations are limited per client address, taken names included', async () => {
    const t = await startTestApp(await database.create(), { REGISTER_LIMIT: '3' });
    try {
      const register = (ip: string, username: string, email = `${username}@example.com`) =>
        from(t, ip, REGISTER, { username, email, password: 'secret-1' });
      expect((await register('10.0.0.1', 'kayit_1')).status).toBe(201);
      expect(await register('10.0.0.1', 'kayit_1', 'other@example.com')).toMatchObject({ status: 409, body: { code: 'USERNAME_TAKEN' } });
      expect(await register('10.0.0.1', 'kayit_2', 'kayit_1@example.com')).toMatchObject({ status: 409, body: { code: 'EMAIL_TAKEN' } });
      expectRefused(await register('10.0.0.1', 'kayit_3'), 3600);
      expect(await t.db.selectFrom('users').select('id').where('username', '=', 'kayit_3').executeTakeFirst()).toBeUndefined();
      expect((await register('10.0.0.2', 'kayit_3')).status).toBe(201);
    } finally {
      await t.close();
    }
  });

  describe('forgot password', () => {
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    beforeAll(async () => {
      smtp = await startSmtp();
    });
    afterAll(() => smtp.close());

    test('a known and an unknown address get the same status and body', async () => {
      const t = await startTestApp(await database.create(), { SMTP_URL: smtp.url });
      try {
        const known = await from(t, '10.0.0.1', FORGOT, { email: 'admin@example.com' });
        const unknown = await from(t, '10.0.0.1', FORGOT, { email: 'nobody@example.com' });
        expect(known).toEqual(unknown);
        expect(known).toEqual({
          status: 200,
          body: { message: 'Şifre sıfırlama bağlantısı e-posta adresinize gönderildi.', message_key: { key: 'success:resetMailSent', values: {} } },
          retryAfter: undefined,
        });
        // Only the registered address gets a mail.
        expect((await smtp.waitForMessage('admin@example.com', 5000)).text).toMatch(/reset-password\?token=/);
      } finally {
        await t.close();
      }
      expect(smtp.messages.filter((mail) => mail.to.includes('nobody@example.com'))).toEqual([]);
    });

    test('requests are limited per e-mail address, known or not, from any client', async () => {
      const t = await startTestApp(await database.create(), { SMTP_URL: smtp.url });
      try {
        for (const email of ['admin@example.com', 'nobody@example.com']) {
          for (let i = 0; i < 3; i++) expect((await from(t, `10.0.1.${i}`, FORGOT, { email })).status).toBe(200);
          expectRefused(await from(t, '10.0.1.9', FORGOT, { email: email.toUpperCase() }), 3600);
        }
        expect((await from(t, '10.0.1.9', FORGOT, { email: 'somebody@example.com' })).status).toBe(200);
      } finally {
        await t.close();
      }
    });

    test('requests are limited per client address, whatever the addresses asked for', async () => {
      const t = await startTestApp(await database.create(), { SMTP_URL: smtp.url, FORGOT_PASSWORD_CLIENT_LIMIT: '4' });
      try {
        for (let i = 0; i < 4; i++) expect((await from(t, '10.0.0.1', FORGOT, { email: `user_${i}@example.com` })).status).toBe(200);
        expectRefused(await from(t, '10.0.0.1', FORGOT, { email: 'user_4@example.com' }), 3600);
        expect((await from(t, '10.0.0.2', FORGOT, { email: 'user_4@example.com' })).status).toBe(200);
      } finally {
        await t.close();
      }
    });
  });

  test('many simultaneous logins of one user never fail and leave nothing counted once they are done', async () => {
    // Shared tablets log in at once; before, PostgreSQL could answer 'deadlock detected' (500) and keep the counts.
    const t = await startTestApp(await database.create(), { LOGIN_RATE_LIMIT: '1000' });
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, () => from(t, '10.0.0.9', LOGIN, { username: ADMIN.username, password: ADMIN.password })));
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.status)).toEqual([]);
      expect(await t.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  test('two app instances on one database count the same failures', async () => {
    const url = await database.create();
    const first = await startTestApp(url, { LOGIN_FAILURE_LIMIT: '4' });
    const second = await startTestApp(url, { LOGIN_FAILURE_LIMIT: '4' });
    try {
      for (const t of [first, second, first, second]) {
        expect((await from(t, '10.0.0.1', LOGIN, { username: 'ghost', password: 'wrong-pass' })).status).toBe(401);
      }
      expectRefused(await from(first, '10.0.0.1', LOGIN, ADMIN), 600);
      expectRefused(await from(second, '10.0.0.1', LOGIN, ADMIN), 600);
      // Each still serves the user from another address, and sees the other's sessions.
      const { token } = await second.login();
      expect((await first.call('GET', ME, { token })).status).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
