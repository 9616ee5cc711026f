import { addDays, addHours } from 'date-fns';
import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { startSmtp, type TestSmtp } from '../../../../test/smtp';
import { until } from '../../../../test/until';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { committing } from '../../db/after-commit';
import { MAIL_JOB_KIND } from '../jobs/queue';
import { lineBus } from '../live/bus';
import { takeBarcodes } from '../orders/barcodes';
import { FORECAST_JOB } from '../../../shared/forecast';
import { reforecastLines } from '../orders/line-writer';
import { dailyDigest } from './digest';
import { type Notice, notify } from './notify';

// Headers unfolded first: a long one goes on over several lines.
const header = (raw: string, name: string) => new RegExp(`^${name}: ?(.*)$`, 'mi').exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? null;

/*
 * The daily digest over an injected clock: its late_risk part, and the digest e-mail of each user
 * who chose the digest for some kinds. The workers look for jobs only hourly here: every e-mail
 * arrives because the transaction that queued it woke the mail worker when it committed.
 */
describe.each(testDatabases())('the daily digest and its e-mail on $name', (database) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let orderId: number;
  let productId: number;
  const bus = lineBus({ dialect: 'sqlite', databaseUrl: '', log: { warn: () => undefined, info: () => undefined } });
  const users: Record<'digest' | 'app' | 'email', { id: number; token: string }> = {} as never;

  // 09:00 in Istanbul (UTC+3): past DIGEST_HOUR.
  const NOW = new Date('2026-12-01T06:00:00.000Z');
  const at = (hours: number) => addHours(NOW, hours).toISOString();

  async function line(patch: { late_risk?: number | null; late_risk_since?: string | null; production_expected_date?: string }): Promise<number> {
    const made = at(-300);
    const row = { order_id: orderId, product_id: productId, barcode: (await takeBarcodes(t.db, 1))[0], production_expected_date: at(24 * 5), created_at: made, updated_at: made, ...patch };
    return (await t.db.insertInto('order_lines').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }
  const told = (notices: Notice[], when: string) => committing(t.db, (trx) => notify(trx, {}, notices, when));
  const creditExceeded = (order: string): Notice => ({ kind: 'credit_exceeded', values: { order, customer: 'Özet AŞ' }, target: { customer: 1 } });
  const mailJobs = () => t.db.selectFrom('jobs').select(['key', 'status']).where('kind', '=', MAIL_JOB_KIND).orderBy('id').execute();
  const settled = () => until(async () => (await mailJobs()).every((job) => job.status === 'done'));
  const mailsTo = (name: string) => smtp.messages.filter((m) => m.to.includes(`${name}@example.com`));

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(await database.create(), { SMTP_URL: smtp.url, SHOPIFY_JOB_POLL_MS: '3600000', HOUSEKEEPING_EVERY_MS: '86400000' });
    ({ token: admin, user_id: adminId } = await t.login());
    // The forecast a starting server runs (over no lines) is done before any line is written here.
    await until(() => t.db.selectFrom('jobs').select('id').where('kind', '=', FORECAST_JOB).where('status', '=', 'done').executeTakeFirst());
    for (const [name, username] of [
      ['digest', 'ozet_ofis'],
      ['app', 'uygulama_ofis'],
      ['email', 'eposta_ofis'],
    ] as const) {
      const user = await t.newUserAs(username, Role.Office);
      users[name] = { id: user.user_id, token: user.token };
    }
    const prefer = (name: keyof typeof users, preferences: Record<string, string>) => t.call('PUT', API.notificationPreferences, { token: users[name].token, body: { preferences } });
    expect((await prefer('digest', { credit_exceeded: 'digest' })).status).toBe(200);
    expect((await t.call('PUT', API.myLanguage, { token: users.digest.token, body: { language: 'en' } })).status).toBe(200);
    expect((await prefer('app', { lines_late: 'app', late_risk: 'app' })).status).toBe(200);
    expect((await prefer('email', { lines_late: 'email', late_risk: 'off' })).status).toBe(200);
    productId = (await t.call('POST', API.products, { token: admin, body: { title: 'Özet Yüzük', price: 100 } })).body.product.id;
    orderId = (await t.db.insertInto('orders').values({ order_number: 'OZ-1', source: 'manual', created_at: at(-300), updated_at: at(-300) }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  test('a line turning at risk records when; it keeps that while at risk and loses it when no longer', async () => {
    const id = await line({ production_expected_date: at(3), late_risk: 0 });
    // Ten hours for each step still ahead: far past its date, three hours away.
    const medians = { at: () => undefined, anywhere: () => 10 };
    const since = async () => (await t.db.selectFrom('order_lines').select(['late_risk', 'late_risk_since']).where('id', '=', id).executeTakeFirstOrThrow()) as { late_risk: number | null; late_risk_since: string | null };
    const instant = (value: string | null) => (value === null ? null : new Date(value).toISOString());
    const forecast = (when: Date) => bus.write(t.db, (trx, record) => reforecastLines(trx, record, [id], medians, when));

    await forecast(NOW);
    expect(await since()).toMatchObject({ late_risk: 1 });
    expect(instant((await since()).late_risk_since)).toBe(NOW.toISOString());
    await forecast(new Date(at(1)));
    expect(instant((await since()).late_risk_since)).toBe(NOW.toISOString());
    await t.db.updateTable('order_lines').set({ production_expected_date: at(24 * 30) }).where('id', '=', id).execute();
    await forecast(new Date(at(2)));
    expect(await since()).toEqual({ late_risk: 0, late_risk_since: null });
  });

  test("the day's digest: late_risk counts the lines newly at risk and still so; each user who chose the digest gets one e-mail of their kinds, in their language, once a day", async () => {
    await line({ late_risk: 1, late_risk_since: at(-2) });
    // At risk since before the last day, no longer at risk, or late by now: not newly at risk.
    await line({ late_risk: 1, late_risk_since: at(-30) });
    await line({ late_risk: 0, late_risk_since: null });
    await line({ late_risk: 1, late_risk_since: at(-3), production_expected_date: at(-1) });
    const credit = (await told([creditExceeded('OZ-7')], at(-5))).find((row) => row.user_id === users.digest.id)!;
    const before = Number((await t.db.selectFrom('notifications').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id);

    expect(await dailyDigest(t.db, NOW)).toEqual(['lines_late', 'late_risk']);
    const made = await t.db.selectFrom('notifications').select(['user_id', 'kind', 'title', 'link']).where('id', '>', before).where('kind', '=', 'late_risk').orderBy('user_id').execute();
    expect(made).toEqual([
      { user_id: adminId, kind: 'late_risk', title: 'Gecikme riski: 1 parça', link: '/admin/orders?view=lateRisk' },
      { user_id: users.digest.id, kind: 'late_risk', title: 'Late risk: 1 piece', link: '/office/orders?view=lateRisk' },
      { user_id: users.app.id, kind: 'late_risk', title: 'Gecikme riski: 1 parça', link: '/office/orders?view=lateRisk' },
    ]);

    // In English, every notification of the digest's kinds with its link, and a way out of each kind.
    const mail = await smtp.waitForMessage('ozet_ofis@example.com', 15_000);
    expect(mail.subject).toBe('Daily digest: 3 notifications (12/01/2026)');
    for (const text of ['Credit exceeded: order OZ-7', 'Pieces late today: 1', 'Late risk: 1 piece']) {
      expect(mail.text).toContain(text);
      expect(mail.html).toContain(text);
    }
    expect(mail.text).toMatch(/See it in the product: http:\/\/\S+\/office\/orders\?view=lateRisk\n/);
    for (const kind of ['credit_exceeded', 'lines_late', 'late_risk']) expect(mail.text).toMatch(new RegExp(`: http://\\S+/unsubscribe\\?u=${users.digest.id}&k=${kind}&t=\\S+`));
    expect(header(mail.raw, 'Message-ID')).toMatch(new RegExp(`^<mail\\.digest\\.${users.digest.id}\\.2026-12-01@[^>]+>$`));
    // Three kinds: no one click stops them all.
    expect(header(mail.raw, 'List-Unsubscribe')).toBeNull();
    // The admin keeps the digest's defaults: its two kinds, in Turkish.
    const adminMail = await smtp.waitForMessage('admin@example.com', 15_000);
    expect(adminMail.subject).toBe('Günlük özet: 2 bildirim (01.12.2026)');
    expect(adminMail.text).not.toContain('OZ-7');
    // Who chose e-mail has the notification by itself; who chose the product only, or nothing, no e-mail.
    expect((await smtp.waitForMessage('eposta_ofis@example.com', 15_000)).subject).toBe('Bugün geciken parçalar: 1');

    // A restart later the same day, with more to tell: no second digest.
    await told([creditExceeded('OZ-8')], at(1));
    expect(await dailyDigest(t.db, new Date(at(2)))).toEqual([]);
    await settled();
    expect([mailsTo('ozet_ofis'), mailsTo('admin'), mailsTo('eposta_ofis'), mailsTo('uygulama_ofis')].map((m) => m.length)).toEqual([1, 1, 1, 0]);
    expect((await mailJobs()).filter((job) => job.key.startsWith('mail:digest:')).map((job) => job.key).sort()).toEqual([`mail:digest:${adminId}:2026-12-01`, `mail:digest:${users.digest.id}:2026-12-01`].sort());
    // Each still shows in the bell.
    const bell = (await t.call('GET', `${API.notifications}?unread=true`, { token: users.digest.token })).body.notifications.map((n: { id: number }) => n.id);
    expect(bell).toContain(credit.id);

    // A digest e-mail that failed for good is listed for the admin as it reads.
    const digestKey = `mail:digest:${users.digest.id}:2026-12-01`;
    await t.db.updateTable('jobs').set({ status: 'failed' }).where('key', '=', digestKey).execute();
    expect((await t.call('GET', API.failedMails, { token: admin })).body.mails).toEqual([expect.objectContaining({ to: 'ozet_ofis@example.com', subject: 'Daily digest: 3 notifications (12/01/2026)' })]);
    await t.db.updateTable('jobs').set({ status: 'done' }).where('key', '=', digestKey).execute();

    // The next day, two processes at once make it once; it gathers only what came after the last digest: one kind, which one click stops.
    const [one, other] = await Promise.all([dailyDigest(t.db, addDays(NOW, 1)), dailyDigest(t.db, addDays(NOW, 1))]);
    expect([...one, ...other].sort()).toEqual(['late_risk', 'lines_late']);
    const next = await smtp.waitForMessage('ozet_ofis@example.com', 15_000);
    expect(next.subject).toBe('Daily digest: 1 notification (12/02/2026)');
    expect(next.text).toContain('OZ-8');
    expect(next.text).not.toContain('OZ-7');
    expect(header(next.raw, 'List-Unsubscribe')).toMatch(new RegExp(`^<http://\\S+/api/v1/\\S+\\?u=${users.digest.id}&k=credit_exceeded&t=\\S+>$`));
    await settled();
    // Nothing gathered for the admin: no e-mail.
    expect([mailsTo('ozet_ofis'), mailsTo('admin')].map((m) => m.length)).toEqual([2, 1]);
  });

  test("a notification's e-mail queued in a change of lines is sent when it commits, not at the worker's next look an hour later", async () => {
    expect((await t.call('PUT', API.notificationPreferences, { token: users.app.token, body: { preferences: { credit_exceeded: 'email' } } })).status).toBe(200);
    await bus.write(t.db, (trx) => notify(trx, {}, [creditExceeded('OZ-9')]));
    expect((await smtp.waitForMessage('uygulama_ofis@example.com', 15_000)).subject).toBe('Kredi aşımı: sipariş OZ-9');
  });
});
