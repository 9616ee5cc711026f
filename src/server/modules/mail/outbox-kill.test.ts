import { testDatabases } from '../../../../test/databases';
import { type ServerProcess, startServerProcess } from '../../../../test/server-process';
import { startTestApp } from '../../../../test/server';
import { type ReceivedMail, startSmtp, type TestSmtp } from '../../../../test/smtp';
import { until } from '../../../../test/until';
import { API } from '../../../shared/api';
import { type Db, openDatabase } from '../../db';

/*
 * The mail outbox across a real crash: a server process is killed (SIGKILL) while the mail server
 * holds the answer to a message whose data it already took, and while a second mail waits behind it
 * untaken. The next process sends both: the cut-off one again, as the same message (one Message-ID,
 * so the reader's mail program shows it once), the waiting one once. Nothing is lost.
 */

jest.setTimeout(180_000);

const PUBLIC_URL = 'http://posta.example';
const order = { address: 'Bağdat Cd. 1', email: 'alici@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', credit_exceeded_confirmed: true };

describe.each(testDatabases())('a notification e-mail when its process is killed mid-send, on $name', (database) => {
  let url: string;
  let smtp: TestSmtp;
  let db: Db;
  let closeDb = async () => {};
  let env: Record<string, string>;
  const processes: ServerProcess[] = [];
  const ids = { customer: 0, product: 0, admin: '', customerEmail: '' };

  const start = async () => {
    const started = await startServerProcess(env);
    processes.push(started);
    return started;
  };
  const placeOrder = async (server: ServerProcess) => {
    const answer = await fetch(`http://127.0.0.1:${server.port}${API.customerOrders(ids.customer)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ids.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...order, products: [{ product_id: ids.product, quantity: 1 }] }),
    });
    expect(answer.status).toBe(201);
    return ((await answer.json()) as { order: { id: number } }).order.id;
  };
  /** The mail of the customer's order_received notification of `orderId` (its link names the order's first line). */
  const mailOf = async (orderId: number) => {
    const line = await db.selectFrom('order_lines').select('id').where('order_id', '=', orderId).orderBy('id').executeTakeFirstOrThrow();
    const notification = await db.selectFrom('notifications').select('id').where('kind', '=', 'order_received').where('link', '=', `/customer/orders/${line.id}`).executeTakeFirstOrThrow();
    return { key: `mail:notification:${notification.id}`, messageId: `<mail.notification.${notification.id}@posta.example>` };
  };
  const job = (key: string) => db.selectFrom('jobs').select(['status', 'attempts', 'locked_until']).where('key', '=', key).executeTakeFirstOrThrow();
  const deliveriesOf = (messageId: string) => smtp.messages.filter((m) => m.messageId === messageId);

  beforeAll(async () => {
    url = await database.create();
    smtp = await startSmtp();
    // The setup's own app is closed before any mail is queued: a process without a mail server
    // would take the mail jobs too (and mark them done unsent).
    const t = await startTestApp(url, { JOB_WORKERS: '0' });
    try {
      ids.admin = (await t.login()).token;
      const user = await t.newUserAs('posta_kesik', 5);
      ids.customerEmail = 'posta_kesik@example.com';
      const customer = await t.call('POST', '/api/v1/customers', {
        token: ids.admin,
        body: { name: 'Kesik', email: 'kesik@example.com', phone: '1', address: 'x', company_name: 'x', tax_number: '1', credit: 0, user_id: user.user_id },
      });
      ids.customer = customer.body.customer.id;
      const at = new Date().toISOString();
      ids.product = (await t.db.insertInto('products').values({ title: 'Harf Kolye', price: 900, user_id: user.user_id, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id;
      // The customer wants each order it receives by e-mail.
      const chosen = await t.call('PUT', API.notificationPreferences, { token: user.token, body: { preferences: { order_received: 'email' } } });
      expect(chosen.status).toBe(200);
      env = { DATABASE_URL: url, SESSION_SECRET: t.config.sessionSecret, DATA_DIR: t.config.dataDir, ADMIN_USERNAME: 'admin', SMTP_URL: smtp.url, PUBLIC_URL, SHOPIFY_JOB_POLL_MS: '50', JOB_WORKERS: '0' };
    } finally {
      await t.close();
    }
    const handle = openDatabase(url);
    db = handle.db;
    closeDb = () => handle.close();
  }, 60_000);
  afterAll(async () => {
    for (const process of processes) process.kill();
    await Promise.all(processes.map((process) => process.exited));
    await closeDb();
    await smtp?.close();
  });

  test('is sent again as the same message after the restart, and the mail waiting behind it once', async () => {
    const first = await start();
    smtp.hold(true);
    const cut = await mailOf(await placeOrder(first));
    const cutId = cut.messageId;
    // The mail server has the whole message; its answer is held, so the process is still sending.
    await smtp.received(() => deliveriesOf(cutId).length === 1 && smtp.held() === 1, 60_000);
    // The second mail waits behind it: the process's one mail worker is busy.
    const waiting = await mailOf(await placeOrder(first));
    const waitingId = waiting.messageId;
    expect(await job(waiting.key)).toMatchObject({ status: 'waiting', attempts: 0 });

    first.kill();
    await first.exited;
    smtp.hold(false);
    // As the dead process left them: the one taken, the other never.
    const left = await job(cut.key);
    expect(left).toMatchObject({ status: 'running', attempts: 1 });
    expect(new Date(left.locked_until!).getTime()).toBeGreaterThan(Date.now());
    expect(await job(waiting.key)).toMatchObject({ status: 'waiting', attempts: 0 });

    await start();
    await until(async () => (await job(waiting.key)).status === 'done', 60_000);
    if (database.name === 'postgres') {
      // Other processes may share the database: the dead one's job stays its own until its lock
      // runs out, and is not sent meanwhile.
      expect(await job(cut.key)).toMatchObject({ status: 'running', attempts: 1 });
      expect(deliveriesOf(cutId)).toHaveLength(1);
      // Its lock (JOB_LOCK_MS, two minutes) is not waited out: its end is moved to now.
      await db.updateTable('jobs').set({ locked_until: new Date(Date.now() - 1000).toISOString() }).where('key', '=', cut.key).execute();
    }
    // (On SQLite the one process owns the file: the next one takes it again as it starts.)
    await until(async () => (await job(cut.key)).status === 'done', 60_000);

    const cutDeliveries = deliveriesOf(cutId);
    expect(cutDeliveries).toHaveLength(2);
    const sameMessage = (mail: ReceivedMail) => ({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    expect(sameMessage(cutDeliveries[1])).toEqual(sameMessage(cutDeliveries[0]));
    expect(cutDeliveries[0].to).toEqual([ids.customerEmail]);
    expect(await job(cut.key)).toMatchObject({ attempts: 2 });

    expect(deliveriesOf(waitingId)).toHaveLength(1);
    expect(await job(waiting.key)).toMatchObject({ attempts: 1 });
    // Nothing else was sent: every delivery is one of these two messages.
    expect(smtp.messages.map((m) => m.messageId).sort()).toEqual([cutId, cutId, waitingId].sort());
  });
});
