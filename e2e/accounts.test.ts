import { SignJWT, decodeJwt } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../test/ports';
import { startSmtp } from '../test/smtp';
import { ADMIN, launchBrowser, login, type RunningServer, SESSION_SECRET, startServer, watchErrors } from './harness';

jest.setTimeout(60_000);

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  const port = await freePort();
  server = await startServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

async function register(page: Page, username: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Kayıt Ol' }).click();
  await page.getByLabel('Kullanıcı Adı').fill(` ${username} `);
  await page.getByLabel('E-posta').fill(`${username}@example.com`);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByLabel('Şifre (Tekrar)').fill(password);
  await page.getByRole('button', { name: 'Kayıt Ol' }).click();
  await page.getByText('Kayıt başarılı. Artık giriş yapabilirsiniz').waitFor();
}

test('a new user registers, sees the inactive card, gets a role from the admin and then sees their dashboard', async () => {
  const { page, errors } = await newPage();
  await page.goto(server.url);
  await page.waitForURL('**/login');
  await page.getByText('Bu site HTTPS üzerinden çalışmalıdır', { exact: false }).waitFor();

  // Validation in Turkish before anything is sent.
  await page.getByRole('button', { name: 'Kayıt Ol' }).click();
  await page.getByLabel('Şifre', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Kayıt Ol' }).click();
  await page.getByText('Kullanıcı adı gereklidir').waitFor();
  await page.getByText('Şifre en az 6 karakter olmalıdır').waitFor();

  await register(page, 'yeni_usta', 'usta-sifre');
  // Back on the login card with the username filled in.
  await expect(page.getByLabel('Kullanıcı Adı').inputValue()).resolves.toBe('yeni_usta');
  await page.getByLabel('Şifre', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.getByText('Kullanıcı adı veya şifre hatalı.').waitFor();
  await page.getByLabel('Şifre', { exact: true }).fill('usta-sifre');
  await expect(page.getByText('Kullanıcı adı veya şifre hatalı.').count()).resolves.toBe(0);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByText('Hesabınız henüz aktif değil').waitFor();

  const admin = await newPage();
  await login(admin.page, server.url, ADMIN.username, ADMIN.password);
  await admin.page.getByRole('main').getByRole('link', { name: /Kullanıcılar/ }).click();
  await admin.page.getByRole('cell', { name: 'yeni_usta', exact: true }).waitFor();
  await admin.page.getByRole('link', { name: 'Genel Kullanıcı İşlemleri' }).click();
  const row = admin.page.getByRole('row', { name: /yeni_usta/ });
  const assign = row.getByRole('button', { name: 'Rol Ata' });
  await expect(assign.isDisabled()).resolves.toBe(true);
  await row.getByLabel('yeni_usta için rol').selectOption({ label: 'Atölye' });
  await expect(assign.isEnabled()).resolves.toBe(true);
  await assign.click();
  await admin.page.getByText('Rol başarıyla atandı!').waitFor();
  await expect(assign.isDisabled()).resolves.toBe(true);

  // Logging in again in another tab of the same browser makes this tab reload its session info.
  const otherTab = await page.context().newPage();
  await login(otherTab, server.url, 'yeni_usta', 'usta-sifre');
  await page.getByRole('main').getByRole('link', { name: /Siparişlerim/ }).waitFor();
  await otherTab.close();
  await page.getByRole('tab', { name: 'Hesabım' }).click();
  await page.getByRole('heading', { name: 'Şifre Değiştir' }).waitFor();
  expect(errors).toEqual([]);
  expect(admin.errors).toEqual([]);
});

test('an expired access token is refreshed and the request retried', async () => {
  const { page, errors } = await newPage();
  await login(page, server.url, ADMIN.username, ADMIN.password);
  const before = await page.evaluate(() => ({ token: atob(sessionStorage.getItem('authToken')!), refresh: sessionStorage.getItem('refreshToken') }));
  const claims = decodeJwt(before.token);
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(SESSION_SECRET));
  // Planted as the next page starts, not into the live page: a request of that page refused for
  // the planted token would refresh the session, and the navigation could drop the rotated tokens.
  await page.addInitScript((token) => {
    if (sessionStorage.getItem('plantedOnce') !== null) return;
    sessionStorage.setItem('plantedOnce', '1');
    sessionStorage.setItem('authToken', btoa(token));
  }, expired);

  await page.goto(`${server.url}/admin/users`);
  await page.getByRole('cell', { name: 'admin@example.com' }).waitFor();
  const after = await page.evaluate(() => ({ token: atob(sessionStorage.getItem('authToken')!), refresh: sessionStorage.getItem('refreshToken') }));
  expect(after.token).not.toBe(expired);
  expect(after.refresh).not.toBe(before.refresh);
  expect(errors).toEqual([]);
});

test('logout ends the session on the server and clears the tab', async () => {
  const { page, errors } = await newPage();
  await login(page, server.url, ADMIN.username, ADMIN.password);
  const token = await page.evaluate(() => atob(sessionStorage.getItem('authToken')!));
  await page.getByRole('button', { name: 'Çıkış Yap' }).click();
  await page.waitForURL('**/login');
  await expect(page.evaluate(() => Object.keys(sessionStorage))).resolves.toEqual([]);
  await page.goto(`${server.url}/admin/users`);
  await page.waitForURL('**/login');
  const answer = await fetch(`${server.url}/api/v1/user/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(401);
  expect(errors).toEqual([]);
});

test('forgot password sends a link that sets a new password', async () => {
  const { page, errors } = await newPage();
  await register(page, 'unutkan', 'eski-sifre');

  await page.getByRole('button', { name: 'Şifremi Unuttum' }).click();
  // An unknown address gets the answer of a registered one (no account is revealed), and no mail.
  await page.getByLabel('E-posta').fill('kimse@example.com');
  await page.getByRole('button', { name: 'Sıfırlama Bağlantısı Gönder' }).click();
  await page.getByText('Şifre sıfırlama bağlantısı e-posta adresinize gönderildi.').waitFor();
  await page.getByLabel('E-posta').fill('unutkan@example.com');
  await page.getByRole('button', { name: 'Sıfırlama Bağlantısı Gönder' }).click();
  await page.getByText('Şifre sıfırlama bağlantısı e-posta adresinize gönderildi.').waitFor();

  const mail = await smtp.waitForMessage('unutkan@example.com');
  const link = mail.text.match(/http:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link).toBeDefined();
  await page.goto(link!);
  await page.getByLabel('Yeni Şifre', { exact: true }).fill('yeni-sifre');
  await page.getByLabel('Yeni Şifre (Tekrar)').fill('yeni-sifre');
  await page.getByRole('button', { name: 'Şifreyi Güncelle' }).click();
  await page.getByText('Şifreniz güncellendi', { exact: false }).waitFor();

  // The link works once.
  await page.goto(link!);
  await page.getByLabel('Yeni Şifre', { exact: true }).fill('baska-sifre');
  await page.getByLabel('Yeni Şifre (Tekrar)').fill('baska-sifre');
  await page.getByRole('button', { name: 'Şifreyi Güncelle' }).click();
  await page.getByText('Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş.').waitFor();

  await login(page, server.url, 'unutkan', 'yeni-sifre');
  await page.getByText('Hesabınız henüz aktif değil').waitFor();
  expect(errors).toEqual([]);
});

/** The admin opens 'Kullanıcı Ekle' on /admin/users and adds `username` in the office role. */
async function addUser(page: Page, baseUrl: string, username: string, email: string) {
  await login(page, baseUrl, ADMIN.username, ADMIN.password);
  await page.goto(`${baseUrl}/admin/users`);
  await page.getByRole('cell', { name: 'admin', exact: true }).waitFor();
  await expect(page.getByRole('button', { name: 'Ofis Çalışanı Ekle' }).isDisabled()).resolves.toBe(true);
  await page.getByRole('button', { name: 'Kullanıcı Ekle' }).click();
  const form = page.getByRole('dialog', { name: 'Kullanıcı Ekle' });
  await form.getByLabel('Kullanıcı Adı').fill(username);
  await form.getByLabel('E-posta').fill(email);
  await form.getByLabel('Ad Soyad').fill('Ayşe Öz');
  await form.getByLabel('Rol').selectOption({ label: 'Ofis Personeli' });
  await form.getByRole('button', { name: 'Kaydet' }).click();
  return page.getByRole('dialog', { name: 'Kullanıcı eklendi' });
}

test("'Kullanıcı Ekle' with a mail server mails an invitation whose link sets the password", async () => {
  const { page, errors } = await newPage();
  const added = await addUser(page, server.url, 'davetli_öz', 'davetli@example.com');
  await added.getByText('davetli@example.com adresine davet gönderildi', { exact: false }).waitFor();
  await expect(added.getByText('Tek kullanımlık şifre').count()).resolves.toBe(0);
  await added.getByRole('button', { name: 'Kapat' }).click();
  await page.getByRole('cell', { name: 'davetli_öz', exact: true }).waitFor();

  const mail = await smtp.waitForMessage('davetli@example.com');
  const link = mail.text.match(/http:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link).toBeDefined();
  const invitee = await newPage();
  await invitee.page.goto(link!);
  await invitee.page.getByLabel('Yeni Şifre', { exact: true }).fill('davetli-sifre');
  await invitee.page.getByLabel('Yeni Şifre (Tekrar)').fill('davetli-sifre');
  await invitee.page.getByRole('button', { name: 'Şifreyi Güncelle' }).click();
  await invitee.page.getByText('Şifreniz güncellendi', { exact: false }).waitFor();
  await login(invitee.page, server.url, 'DAVETLİ_ÖZ', 'davetli-sifre');
  await expect(invitee.page.getByText('Hesabınız henüz aktif değil').count()).resolves.toBe(0);
  expect([...errors, ...invitee.errors]).toEqual([]);
});

describe("'Kullanıcı Ekle' without a mail server", () => {
  let plain: RunningServer;
  beforeAll(async () => {
    plain = await startServer();
  });
  afterAll(() => plain?.stop());

  test('shows the one-time password once; the new user logs in with it', async () => {
    const { page, errors } = await newPage();
    const added = await addUser(page, plain.url, 'ayşe_öz', 'ayse@example.com');
    const shown = added.getByLabel('ayşe_öz kullanıcısının tek kullanımlık şifresi');
    const password = (await shown.textContent())!;
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    await added.getByRole('button', { name: 'Kapat' }).click();
    await page.getByRole('cell', { name: 'ayşe_öz', exact: true }).waitFor();
    // Never shown again: not on the screen, not after a reload.
    await expect(page.getByText(password).count()).resolves.toBe(0);
    await page.reload();
    await page.getByRole('cell', { name: 'ayşe_öz', exact: true }).waitFor();
    await expect(page.getByText(password).count()).resolves.toBe(0);

    const user = await newPage();
    await login(user.page, plain.url, 'AYŞE_ÖZ', password);
    // In the office role: its dashboard has the report tab.
    await user.page.getByRole('tab', { name: 'Raporlar' }).waitFor();
    expect([...errors, ...user.errors]).toEqual([]);
  });
});
