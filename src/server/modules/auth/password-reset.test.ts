import { startSmtp } from '../../../../test/smtp';
import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';

const FORGOT = '/api/v1/user/forgot-password';
const RESET = '/api/v1/user/reset-password';

describe.each(testDatabases())('password reset on $name', (database) => {
  test('without a mail server the request answers 503 with the sentence of the spec', async () => {
    const t = await startTestApp(await database.create());
    try {
      const answer = await t.call('POST', FORGOT, { body: { email: 'admin@example.com' } });
      expect(answer).toMatchObject({
        status: 503,
        body: { error: 'E-posta servisi şu anda kullanılamıyor. Lütfen sistem yöneticisi ile iletişime geçin.' },
      });
    } finally {
      await t.close();
    }
  });

  describe('with a mail server', () => {
    let t: TestApp;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    beforeAll(async () => {
      smtp = await startSmtp();
      t = await startTestApp(await database.create(), { SMTP_URL: smtp.url, PUBLIC_URL: 'https://atolye.example' });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    // Not SPEC section 8's 404 for an unknown address: that answer tells anyone which addresses have accounts.
    test('an unknown address gets the answer of a known one, a bad one 400', async () => {
      const unknown = await t.call('POST', FORGOT, { body: { email: 'nobody@example.com' } });
      const known = await t.call('POST', FORGOT, { body: { email: 'admin@example.com' } });
      expect(unknown).toMatchObject({ status: 200, body: { message: 'Şifre sıfırlama bağlantısı e-posta adresinize gönderildi.' } });
      expect(unknown.body).toEqual(known.body);
      expect(unknown.status).toBe(known.status);
      expect((await t.call('POST', FORGOT, { body: { email: 'nope' } })).status).toBe(400);
    });

    test('the mailed link sets a new password once, and ends every open session, access and refresh tokens alike', async () => {
      const user = await t.newUser('zeynep', 'old-secret');
      const other = await t.login('zeynep', 'old-secret');
      expect((await t.call('GET', '/api/v1/user/me', { token: other.token })).status).toBe(200);
      const sent = await t.call('POST', FORGOT, { body: { email: ' Zeynep@example.com ' } });
      expect(sent).toMatchObject({ status: 200, body: { message: expect.any(String) } });

      const mail = await smtp.waitForMessage('zeynep@example.com', 5000);
      const link = mail.text.match(/https:\/\/atolye\.example\/reset-password\?token=(\S+)/);
      expect(link).not.toBeNull();
      const token = decodeURIComponent(link![1]);

      expect((await t.call('POST', RESET, { body: { token, password: '123' } })).body.error).toBe('Şifre en az 6 karakter olmalıdır');
      expect((await t.call('POST', RESET, { body: { token: 'forged', password: 'new-secret' } })).status).toBe(400);

      expect((await t.call('POST', RESET, { body: { token, password: 'new-secret' } })).status).toBe(200);
      const again = await t.call('POST', RESET, { body: { token, password: 'other-secret' } });
      expect(again).toMatchObject({ status: 400, body: { code: 'RESET_TOKEN_INVALID' } });

      expect((await t.call('GET', '/api/v1/user/me', { token: user.token })).status).toBe(401);
      expect((await t.call('GET', '/api/v1/user/me', { token: other.token })).status).toBe(401);
      for (const { refresh_token } of [user, other]) {
        expect((await t.call('POST', '/api/v1/user/refresh', { body: { refresh_token } })).status).toBe(401);
      }
      await expect(t.login('zeynep', 'old-secret')).rejects.toThrow();
      await t.login('zeynep', 'new-secret');
    });

    test('an expired link is refused', async () => {
      await t.newUser('kerem', 'old-secret');
      await t.call('POST', FORGOT, { body: { email: 'kerem@example.com' } });
      const mail = await smtp.waitForMessage('kerem@example.com', 5000);
      const token = decodeURIComponent(mail.text.match(/token=(\S+)/)![1]);
      await t.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
      expect((await t.call('POST', RESET, { body: { token, password: 'new-secret' } })).status).toBe(400);
      await t.login('kerem', 'old-secret');
    });
  });
});
