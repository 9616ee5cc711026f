import nodemailer from 'nodemailer';
import { decodeHeader, startSmtp, type TestSmtp } from './smtp';

let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
});

afterAll(() => smtp.close());

test('nodemailer delivers to SMTP_URL as the app uses it; Turkish subject and long text come back decoded', async () => {
  const transport = nodemailer.createTransport(smtp.url);
  const text = `Merhaba Çağrı,\n\nŞifrenizi yenilemek için bağlantı: https://atolye.example/reset-password?token=${'a'.repeat(120)}\n\nİyi çalışmalar.`;
  const subject = 'Şifre sıfırlama isteği — Atölye Takip (çok uzun bir konu satırı, ğüşıöç ĞÜŞİÖÇ) '.repeat(2).trim();
  await transport.sendMail({ from: 'no-reply@atolye.example', to: 'Cagri@Example.com', subject, text });
  transport.close();

  const mail = await smtp.waitForMessage('cagri@example.com', 2000);
  expect(mail).toMatchObject({ to: ['cagri@example.com'], from: 'no-reply@atolye.example', subject, text, html: null });
  expect(smtp.messages).toContain(mail);
});

test('a message with text and HTML gives both; several recipients; one message per waitForMessage', async () => {
  const transport = nodemailer.createTransport(`smtp://user:pass@127.0.0.1:${smtp.port}`);
  for (const n of [1, 2]) {
    await transport.sendMail({
      from: 'a@example.com',
      to: ['x@example.com', 'y@example.com'],
      subject: `Sipariş ${n}`,
      text: `Düz metin ${n}`,
      html: `<p>HTML ${n} — ü</p>`,
    });
  }
  transport.close();

  const first = await smtp.waitForMessage('y@example.com');
  const second = await smtp.waitForMessage('y@example.com');
  expect(first).toMatchObject({ to: ['x@example.com', 'y@example.com'], subject: 'Sipariş 1', text: 'Düz metin 1', html: '<p>HTML 1 — ü</p>' });
  expect(second).toMatchObject({ subject: 'Sipariş 2', text: 'Düz metin 2' });
  await expect(smtp.waitForMessage('y@example.com', 100)).rejects.toThrow('No mail to y@example.com within 100 ms');
});

test('waitForMessage waits for a message that arrives later', async () => {
  const waiting = smtp.waitForMessage('late@example.com', 3000);
  const transport = nodemailer.createTransport(smtp.url);
  setTimeout(() => void transport.sendMail({ from: 'a@example.com', to: 'late@example.com', subject: 'Geç', text: 'geldi' }), 50);
  await expect(waiting).resolves.toMatchObject({ subject: 'Geç', text: 'geldi' });
  transport.close();
});

test('encoded words: adjacent words join, plain text stays', () => {
  expect(decodeHeader('=?UTF-8?Q?=C5=9Eifre?= =?UTF-8?B?IHPEsWbEsXJsYW1h?=')).toBe('Şifre sıfırlama');
  expect(decodeHeader('Konu: =?iso-8859-9?Q?=DE=FDfre?= tamam')).toBe('Konu: Şıfre tamam');
  expect(decodeHeader('plain subject')).toBe('plain subject');
});

test("hold: the message is kept as received while its answer waits; the sender hears only after the hold ends; its Message-ID is read", async () => {
  smtp.hold(true);
  const transport = nodemailer.createTransport(smtp.url);
  let answered = false;
  const sending = transport.sendMail({ from: 'a@example.com', to: 'tutulan@example.com', subject: 'Tutulan', text: 't', messageId: '<tutulan.1@atolye.example>' }).then(() => (answered = true));
  await smtp.received((messages) => messages.some((m) => m.messageId === '<tutulan.1@atolye.example>') && smtp.held() === 1);
  expect(answered).toBe(false);
  smtp.hold(false);
  await sending;
  expect(smtp.held()).toBe(0);
  transport.close();
});
