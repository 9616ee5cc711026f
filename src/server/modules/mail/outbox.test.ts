import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { startSmtp, type TestSmtp } from '../../../../test/smtp';
import { until } from '../../../../test/until';
import { API } from '../../../shared/api';
import { claimJob, MAIL_JOB_KIND, SHOP_JOB_KINDS } from '../jobs/queue';
import { MAIL_RETRY, MAIL_RETRY_DELAYS_MS, type QueuedMail, queueMail } from './outbox';

const header = (raw: string, name: string) => new RegExp(`^${name}: ?(.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? null;

test('a mail is tried over more than a day before it shows as failed', () => {
  expect(MAIL_RETRY.maxAttempts).toBe(MAIL_RETRY_DELAYS_MS.length + 1);
  const waits = Array.from({ length: MAIL_RETRY.maxAttempts - 1 }, (_, i) => MAIL_RETRY.delayMs(i + 1, Math.random));
  expect(waits.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThan(24 * 3_600_000);
  expect(waits).toEqual([...waits].sort((a, b) => a - b));
});

describe.each(testDatabases())('the mail outbox on $name', (database) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: string;
  // Queued as a change would queue it; the app's own mail worker sends it (it looks every 50 ms).
  const mail = (key: string, to: string): [string, QueuedMail] => [key, { to, subject: `Konu ${key}`, text: `Metin ${key}`, html: `<p>Metin ${key}</p>`, unsubscribeUrl: `http://localhost/unsubscribe?token=${key}` }];
  const jobOf = (key: string) => t.db.selectFrom('jobs').selectAll().where('key', '=', `mail:${key}`).executeTakeFirst();

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(await database.create(), { SMTP_URL: smtp.url, SHOPIFY_JOB_POLL_MS: '50' });
    admin = (await t.login()).token;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  test("a mail is queued with its change or not at all, sent once with plain text, HTML, its own Message-ID and a one-click unsubscribe", async () => {
    await t.db
      .transaction()
      .execute(async (trx) => {
        await queueMail(trx, ...mail('geri', 'geri@example.com'));
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(await jobOf('geri')).toBeUndefined();

    await t.db.transaction().execute((trx) => queueMail(trx, ...mail('bir', 'bir@example.com')));
    await t.db.transaction().execute((trx) => queueMail(trx, ...mail('bir', 'bir@example.com')));
    const sent = await smtp.waitForMessage('bir@example.com', 15_000);
    expect(sent).toMatchObject({ subject: 'Konu bir', text: expect.stringContaining('Metin bir'), html: expect.stringContaining('<p>Metin bir</p>') });
    expect(header(sent.raw, 'Message-ID')).toMatch(/^<mail\.bir@[^>]+>$/);
    expect(header(sent.raw, 'List-Unsubscribe')).toBe('<http://localhost/unsubscribe?token=bir>');
    expect(header(sent.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    await until(async () => (await jobOf('bir'))?.status === 'done');
    expect(smtp.messages.filter((m) => m.to.includes('bir@example.com'))).toHaveLength(1);
  });

  test('a mail server that refuses: the mail waits and is tried again; accepted later, it arrives once', async () => {
    smtp.refuse(true);
    await t.db.transaction().execute((trx) => queueMail(trx, ...mail('sonra', 'sonra@example.com')));
    const refused = await until(async () => {
      const job = await jobOf('sonra');
      return job?.status === 'waiting' && job.attempts >= 1 && job;
    });
    expect(refused.last_error).toMatch(/Try again later|451/);
    // Its back-off is a minute; the clock is not waited for: the wait is moved to now.
    expect(new Date(refused.run_after).getTime()).toBeGreaterThan(Date.now() + 30_000);
    smtp.refuse(false);
    await t.db.updateTable('jobs').set({ run_after: new Date().toISOString() }).where('id', '=', refused.id).execute();
    const sent = await smtp.waitForMessage('sonra@example.com', 15_000);
    expect(header(sent.raw, 'Message-ID')).toMatch(/^<mail\.sonra@[^>]+>$/);
    await until(async () => (await jobOf('sonra'))?.status === 'done');
  });

  test('a send cut off by a crash is sent again as the same message; a sent one never again', async () => {
    // As a process that died while sending leaves it: taken, its lock run out.
    smtp.refuse(true);
    await t.db.transaction().execute((trx) => queueMail(trx, ...mail('kesik', 'kesik@example.com')));
    // Its first try refused and over (waiting for the next), so nothing of that try writes after this.
    const taken = await until(async () => {
      const job = await jobOf('kesik');
      return job && job.attempts > 0 && job.status === 'waiting' && job;
    });
    smtp.refuse(false);
    await t.db.updateTable('jobs').set({ status: 'running', run_after: new Date().toISOString(), locked_until: new Date(Date.now() - 1_000).toISOString() }).where('id', '=', taken.id).execute();
    const sent = await smtp.waitForMessage('kesik@example.com', 15_000);
    expect(header(sent.raw, 'Message-ID')).toMatch(/^<mail\.kesik@[^>]+>$/);
    await until(async () => (await jobOf('kesik'))?.status === 'done');
    expect(smtp.messages.filter((m) => m.to.includes('kesik@example.com'))).toHaveLength(1);
  });

  test("mail and the shops' jobs are taken by their own workers", async () => {
    await t.db.insertInto('jobs').values({ kind: MAIL_JOB_KIND, key: 'mail:ayri', connection_id: null, payload: JSON.stringify(mail('ayri', 'ayri@example.com')[1]), run_after: '2000-01-01T00:00:00.000Z', created_at: '2000-01-01T00:00:00.000Z', updated_at: '2000-01-01T00:00:00.000Z' }).execute();
    // Due since long ago, yet no shop worker takes it.
    expect(await claimJob(t.db, database.name, new Date(), SHOP_JOB_KINDS)).toBeNull();
    await smtp.waitForMessage('ayri@example.com', 15_000);
  });

  test("'Gönderilemeyen e-postalar': a mail that failed its last try is listed for the admin, who sends it again", async () => {
    await t.db.transaction().execute((trx) => queueMail(trx, ...mail('son', 'son@example.com')));
    await until(async () => (await jobOf('son'))?.status === 'done');
    await smtp.waitForMessage('son@example.com', 15_000);
    await t.db.updateTable('jobs').set({ status: 'failed', attempts: MAIL_RETRY.maxAttempts, last_error: '451 Try again later' }).where('key', '=', 'mail:son').execute();
    const { id } = (await jobOf('son'))!;

    const listed = await t.call('GET', API.failedMails, { token: admin });
    expect(listed.body.mails).toEqual([expect.objectContaining({ id, to: 'son@example.com', subject: 'Konu son', attempts: MAIL_RETRY.maxAttempts, last_error: '451 Try again later' })]);
    // The shops' screen lists only the shops' jobs, and cannot retry a mail.
    const events = await t.call('GET', API.shopEvents, { token: admin });
    expect(events.body.events.map((e: { kind: string }) => e.kind)).not.toContain(MAIL_JOB_KIND);
    expect((await t.call('POST', API.shopJobRetry(id), { token: admin })).status).toBe(404);

    const user = await t.newUser('posta_ofis');
    await t.db.updateTable('users').set({ role_id: 4 }).where('id', '=', user.user_id).execute();
    expect((await t.call('GET', API.failedMails, { token: user.token })).status).toBe(403);
    expect((await t.call('POST', API.failedMailRetry(id), { token: user.token })).status).toBe(403);

    expect(await t.call('POST', API.failedMailRetry(id), { token: admin })).toMatchObject({ status: 200, body: { mail: { id, status: 'waiting' }, message: 'E-posta yeniden gönderilecek.' } });
    expect((await t.call('POST', API.failedMailRetry(id), { token: admin })).status).toBe(409);
    expect((await t.call('POST', API.failedMailRetry(999_999), { token: admin })).status).toBe(404);
    const again = await smtp.waitForMessage('son@example.com', 15_000);
    expect(header(again.raw, 'Message-ID')).toMatch(/^<mail\.son@[^>]+>$/);
    expect((await t.call('GET', API.failedMails, { token: admin })).body.mails).toEqual([]);
  });
});
