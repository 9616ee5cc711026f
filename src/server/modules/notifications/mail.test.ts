import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { startSmtp, type TestSmtp } from '../../../../test/smtp';
import { until } from '../../../../test/until';
import { API } from '../../../shared/api';
import { notify } from './notify';

// Headers unfolded first: a long one goes on over several lines.
const header = (raw: string, name: string) => new RegExp(`^${name}: ?(.*)$`, 'mi').exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? null;

describe.each(testDatabases())('notifications by e-mail on $name', (database) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let admin: string;
  let customer: { id: number; userId: number; token: string };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(await database.create(), { SMTP_URL: smtp.url, SHOPIFY_JOB_POLL_MS: '50' });
    admin = (await t.login()).token;
    const user = await t.newUser('posta_alici');
    await t.call('POST', '/api/v1/user/changeUserRoles', { token: admin, body: [{ ID: user.user_id, Role: 5 }] });
    const body = { name: 'Posta Alıcı', email: 'posta_alici@firma.com.tr', phone: '1', address: 'x', company_name: 'Posta AŞ', credit: 0, tax_number: '1', user_id: user.user_id };
    const id = (await t.call('POST', '/api/v1/customers', { token: admin, body })).body.customer.id;
    customer = { id, userId: user.user_id, token: user.token };
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const email = async () => (await t.db.selectFrom('users').select('email').where('id', '=', customer.userId).executeTakeFirstOrThrow()).email.toLowerCase();
  const ship = (order: string) =>
    t.db.transaction().execute((trx) => notify(trx, { customerId: customer.id }, [{ kind: 'line_shipped', values: { order, count: 1, tracking: 'YK-42' }, target: { line: 7 } }]));

  test("a shipment reaches the customer by e-mail (its default) in Turkish, plain and HTML, with the way back and a one-click unsubscribe that stops the kind's e-mails", async () => {
    const [stored] = await ship('S-1');
    const mail = await smtp.waitForMessage(await email(), 15_000);
    expect(mail.subject).toBe('Kargoya verildi: sipariş S-1');
    expect(mail.text).toContain('Sipariş S-1: 1 parça kargoya verildi. Takip numarası: YK-42');
    expect(mail.text).toMatch(/Üründe görmek için: http:\/\/\S+\/customer\/orders\/7\n/);
    expect(mail.html).toContain('Takip numarası: YK-42');
    expect(header(mail.raw, 'Message-ID')).toMatch(new RegExp(`^<mail\\.notification\\.${stored.id}@[^>]+>$`));
    const oneClick = header(mail.raw, 'List-Unsubscribe')!.replace(/^<|>$/g, '');
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The text's own link opens the product's page, which asks before it stops anything.
    expect(mail.text).toMatch(/istemiyorsanız: http:\/\/\S+\/unsubscribe\?u=\d+&k=line_shipped&t=\S+\n/);

    // A forged or altered link changes nothing.
    const path = new URL(oneClick).pathname;
    const query = new URL(oneClick).search;
    const forged = query.replace(/t=[^&]+/, 't=AAAA');
    const refused = await t.call('POST', `${path}${forged}`, { body: {} });
    expect(refused).toMatchObject({ status: 400, body: { code: 'UNSUBSCRIBE_INVALID' } });
    expect((await t.call('GET', API.notificationPreferences, { token: customer.token })).body.preferences.line_shipped).toBe('email');

    // The mail program's one-click: a form POST to the header's address, no session.
    const response = await t.app.inject({ method: 'POST', url: `${path}${query}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'line_shipped', message: 'Bu türden bildirimler artık e-postayla gönderilmeyecek.' });
    expect((await t.call('GET', API.notificationPreferences, { token: customer.token })).body.preferences.line_shipped).toBe('app');

    // The next shipment is told in the product only.
    const [next] = await ship('S-2');
    const unread = await t.call('GET', `${API.notifications}?unread=true`, { token: customer.token });
    expect(unread.body.notifications.map((n: { id: number }) => n.id)).toContain(next.id);
    expect(await t.db.selectFrom('jobs').select('id').where('key', '=', `mail:notification:${next.id}`).executeTakeFirst()).toBeUndefined();
    await until(async () => (await t.db.selectFrom('jobs').select('status').where('key', '=', `mail:notification:${stored.id}`).executeTakeFirst())?.status === 'done');
    expect(smtp.messages.filter((m) => m.subject.includes('S-2'))).toEqual([]);
  });
});
