/*
 * Notifications under a Shopify burst (issue 29), against the real server started as operators
 * start it, with SMTP_URL pointing at a local mail server that answers at a set pace:
 *   - 2,000 orders/create webhooks sent at 40 a second, each on its own (not waiting for the one
 *     before): the webhook's answer times, beside a bare Fastify server answering the same bytes;
 *   - the workshop's lines_assigned notifications, as its bell sees them: its live socket says it
 *     has new ones, and it reads its unread list;
 *   - the customer's order_received e-mails (the customer chose e-mail for them): queued, sent,
 *     lost, sent twice under one Message-ID, and their pace against the mail server's;
 *   - the bell's read (its page and unread count) for a user with 10,000 notifications of which
 *     500 are unread, beside the unread count's own indexed query.
 *   npm run bench -- --skip-clone notify-burst [--orders=2000] [--rate=40] [--mail-rate=20] [--databases=sqlite,postgres]
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { readFileSync } from 'node:fs';
import { type Db, openDatabase } from '../src/server/db';
import { messageIdOf } from '../src/server/modules/mail/outbox';
import { unreadCount } from '../src/server/modules/notifications/service';
import { API } from '../src/shared/api';
import type { LiveMessage } from '../src/shared/live';
import { NOTIFICATIONS_PAGE } from '../src/shared/notifications';
import { Role } from '../src/shared/roles';
import { liveClient } from '../test/live-client';
import { type FakeOrder, sendWebhook, startShopifyFake, webhookPayload } from '../test/shopify-fake';
import { startSmtp, type TestSmtp } from '../test/smtp';
import { percentile } from './mixed';
import { seedShopOwners } from './shop-webhooks';
import {
  addUser,
  ADMIN_PASSWORD,
  type BenchDatabase,
  listOption,
  login,
  machineLoad,
  option,
  postgresDatabase,
  prepare,
  type RunningProduct,
  sqliteDatabase,
  startProduct,
  startScript,
  USER_PASSWORD,
} from './product';

type Report = (name: string, value: string) => void;

const DOMAIN = 'bench-bildirim.myshopify.com';
const SECRET = 'bench-notify-secret';
/** The bell's reader: this many notifications, one in UNREAD_EVERY unread. */
const READER_NOTIFICATIONS = 10_000;
const UNREAD_EVERY = 20;
/** Reads of the bell and of the raw count, one after the other. */
const READS = 300;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const spread = (sorted: number[]) => `p50 ${ms(percentile(sorted, 0.5))}, p90 ${ms(percentile(sorted, 0.9))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted[sorted.length - 1] ?? NaN)}`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

interface Sent {
  status: number;
  ms: number;
  /** When it was sent (performance.now()). */
  at: number;
}

/** Sends every order's orders/create at `rate` a second, each when its turn comes whether or not the ones before were answered. */
async function burst(url: string, orders: readonly FakeOrder[], rate: number): Promise<Sent[]> {
  const started = performance.now();
  return Promise.all(
    orders.map(async (order, i) => {
      const wait = started + (i * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const at = performance.now();
      const answer = await sendWebhook({ url, domain: DOMAIN, topic: 'orders/create', payload: webhookPayload(DOMAIN, 'orders/create', order), secret: SECRET, webhookId: randomUUID() });
      return { status: answer.status, ms: answer.ms, at };
    }),
  );
}

/** Waits for `check`, looking again every 20 ms; throws after `within` ms, or at once when the server has ended. */
async function until<T>(what: string, product: RunningProduct, check: () => Promise<T | null | undefined | false>, within: number): Promise<T> {
  const end = Date.now() + within;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (product.child.exitCode !== null || product.child.signalCode !== null) throw new Error(`${what}: the server ended (${product.child.signalCode ?? product.child.exitCode}):\n${product.output().slice(-3000)}`);
    if (Date.now() > end) throw new Error(`${what}: not reached within ${within / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** CPU seconds a process has used so far (user and system, from /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  // utime and stime, the 14th and 15th fields, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The plan of the unread count's query (as notifications/service.ts unreadCount asks it), on one line. */
async function countPlan(db: Db, dialect: string, userId: number): Promise<string> {
  const count = `select count(*) from notifications where user_id = ${userId} and read_at is null`;
  const { rows } = await sql.raw<Record<string, string>>(`${dialect === 'sqlite' ? 'explain query plan' : 'explain'} ${count}`).execute(db);
  return rows.map((row) => (dialect === 'sqlite' ? row.detail : row['QUERY PLAN']).trim()).join('; ');
}

/** 10,000 notifications of one user, one in 20 unread, as months of an office user's bell. */
async function fillReader(db: Db, userId: number): Promise<void> {
  const start = Date.now() - 80 * 86_400_000;
  const rows = Array.from({ length: READER_NOTIFICATIONS }, (_, i) => {
    const at = new Date(start + i * 60_000).toISOString();
    return { user_id: userId, kind: 'credit_exceeded', title: `Kredi aşıldı: sipariş B-${i}`, body: `Sipariş B-${i} kredinin üstünde verildi.`, link: '/office/customers/1', created_at: at, read_at: i % UNREAD_EVERY === 0 ? null : at };
  });
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('notifications').values(rows.slice(i, i + 500)).execute();
}

async function onDatabase(report: Report, database: BenchDatabase, orders: readonly FakeOrder[], variants: ReadonlyArray<{ id: number; title: string; sku: string | null }>, rate: number, smtp: TestSmtp, mailRate: number): Promise<void> {
  const tag = `notify-burst ${database.name}`;
  let product: RunningProduct | undefined;
  let handle: ReturnType<typeof openDatabase> | undefined;
  let socket: ReturnType<typeof liveClient> | undefined;
  try {
    const ids = await prepare(database, async (db) => {
      const { workshopUser, customerUser } = await seedShopOwners(db, variants);
      const reader = await addUser(db, 'bench_okur', Role.Office);
      await fillReader(db, reader);
      return { customerUser, workshopUser, reader };
    });
    product = await startProduct(database, { SMTP_URL: smtp.url });
    const base = product.base;
    handle = openDatabase(database.url);
    const db = handle.db;
    const admin = await login(base, 'admin', ADMIN_PASSWORD);
    const connected = await fetch(`${base}${API.shopCredentials}`, {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: ids.customerUser, shop_name: 'bench-bildirim', shop_domain: DOMAIN, api_key: 'k', api_secret: 's', access_token: 't', webhook_secret: SECRET }),
    });
    if (connected.status !== 201) throw new Error(`connecting the store: ${connected.status}`);
    // The customer wants each order received from its shop by e-mail.
    const customer = await login(base, 'bench_magaza', USER_PASSWORD);
    const chosen = await fetch(`${base}${API.notificationPreferences}`, { method: 'PUT', headers: { authorization: customer, 'content-type': 'application/json' }, body: JSON.stringify({ preferences: { order_received: 'email' } }) });
    if (chosen.status !== 200) throw new Error(`choosing e-mail: ${chosen.status}`);

    // The bell's read on a quiet server, beside the unread count's own query.
    const reader = await login(base, 'bench_okur', USER_PASSWORD);
    const bellUrl = `${base}${API.notifications}?limit=${NOTIFICATIONS_PAGE}`;
    const first = (await (await fetch(bellUrl, { headers: { authorization: reader } })).json()) as { unread: number };
    if (first.unread !== READER_NOTIFICATIONS / UNREAD_EVERY) throw new Error(`the reader's unread count is ${first.unread}`);
    const bell: number[] = [];
    for (let i = 0; i < READS; i++) {
      const at = performance.now();
      const answer = await fetch(bellUrl, { headers: { authorization: reader } });
      await answer.arrayBuffer();
      bell.push(performance.now() - at);
    }
    const bellLoad = machineLoad();
    const raw: number[] = [];
    for (let i = 0; i < READS; i++) {
      const at = performance.now();
      await unreadCount(db, ids.reader);
      raw.push(performance.now() - at);
    }
    const bellTimes = sorted(bell);
    const rawTimes = sorted(raw);
    report(
      `${tag}: bell read`,
      `GET ${API.notifications}?limit=${NOTIFICATIONS_PAGE} (its page and unread count) for a user with ${READER_NOTIFICATIONS} notifications, ${READER_NOTIFICATIONS / UNREAD_EVERY} unread: ${spread(bellTimes)} over ${READS} reads one after another (${bellLoad}); goal < 20 ms: ${percentile(bellTimes, 0.99) < 20 ? 'met' : 'NOT met'}`,
    );
    report(
      `${tag}: unread count query`,
      `the count's own query from the bench process (no HTTP): p50 ${percentile(rawTimes, 0.5).toFixed(3)} ms, p99 ${percentile(rawTimes, 0.99).toFixed(3)} ms; the bell's read takes ${(percentile(bellTimes, 0.5) / percentile(rawTimes, 0.5)).toFixed(1)}× it at p50; plan: ${await countPlan(db, database.name, ids.reader)} (${machineLoad()})`,
    );

    // The workshop's bell: its socket says it has new notifications, and it reads its unread list.
    const master = await login(base, 'bench_usta', USER_PASSWORD);
    socket = liveClient(`${base.replace(/^http/, 'ws')}/ws/orders`, { authMessage: master.replace(/^Bearer /, '') });
    await socket.next((m) => m.type === 'ready', 10_000);
    const seenAt = new Map<number, { at: number; link: string | null; kind: string }>();
    let reading: Promise<void> | null = null;
    let again = false;
    let bellReads = 0;
    // As the bell reads (its first page on each message); a page all new reads the next one too, so none is missed.
    const readBell = async () => {
      do {
        again = false;
        for (let offset = 0; ; offset += NOTIFICATIONS_PAGE) {
          bellReads++;
          const answer = (await (await fetch(`${base}${API.notifications}?limit=${NOTIFICATIONS_PAGE}&offset=${offset}`, { headers: { authorization: master } })).json()) as {
            notifications: Array<{ id: number; kind: string; link: string | null }>;
          };
          const now = performance.now();
          const fresh = answer.notifications.filter((n) => !seenAt.has(n.id));
          for (const n of fresh) seenAt.set(n.id, { at: now, link: n.link, kind: n.kind });
          if (fresh.length < NOTIFICATIONS_PAGE) break;
        }
      } while (again);
      reading = null;
    };
    socket.socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as LiveMessage;
      if (message.type !== 'notifications') return;
      if (reading) again = true;
      else reading = readBell();
    });

    const cpuBefore = cpuSeconds(product.child.pid!);
    const started = performance.now();
    const mailsBefore = smtp.messages.length;
    const sent = await burst(`${base}${API.shopifyWebhook}`, orders, rate);
    const sendLoad = machineLoad();
    const burstCpu = cpuSeconds(product.child.pid!) - cpuBefore;
    const sending = (performance.now() - started) / 1000;
    const times = sorted(sent.map((s) => s.ms));
    const wrong = sent.filter((s) => s.status !== 200).length;

    // Every order stored and its workshop told.
    const stored = await until(
      'every order stored',
      product,
      async () => {
        const rows = await db.selectFrom('orders').select(['id', 'shop_order_id']).where('shop_order_id', 'is not', null).execute();
        return rows.length >= orders.length && rows;
      },
      300_000,
    );
    await until(
      "the workshop's notifications read",
      product,
      async () => {
        if (reading) await reading;
        return [...seenAt.values()].filter((n) => n.kind === 'lines_assigned').length >= orders.length;
      },
      120_000,
    ).catch((error: Error) => console.log(`  ${error.message}`));
    const toldLoad = machineLoad();
    const sentAtOf = new Map(orders.map((order, i) => [String(order.id), sent[i].at]));
    const orderOf = new Map(stored.map((row) => [row.id, row.shop_order_id!]));
    const lineOrder = new Map((await db.selectFrom('order_lines').select(['id', 'order_id']).execute()).map((row) => [row.id, row.order_id]));
    const reach: number[] = [];
    for (const seen of seenAt.values()) {
      if (seen.kind !== 'lines_assigned' || !seen.link) continue;
      const line = Number(/\/(\d+)$/.exec(seen.link)?.[1]);
      const sentAt = sentAtOf.get(orderOf.get(lineOrder.get(line) ?? -1) ?? '');
      if (sentAt !== undefined) reach.push(seen.at - sentAt);
    }
    const reachTimes = sorted(reach);
    // When each was stored (its created_at), to tell a late worker from a late telling.
    const madeAt = await db.selectFrom('notifications').select(['link', 'created_at']).where('user_id', '=', ids.workshopUser).where('kind', '=', 'lines_assigned').execute();
    const storedTimes = sorted(
      madeAt.flatMap((row) => {
        const line = Number(/\/(\d+)$/.exec(row.link ?? '')?.[1]);
        const sentAt = sentAtOf.get(orderOf.get(lineOrder.get(line) ?? -1) ?? '');
        return sentAt === undefined ? [] : [new Date(row.created_at).getTime() - (performance.timeOrigin + sentAt)];
      }),
    );
    const assignedStored = Number(
      (await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', ids.workshopUser).where('kind', '=', 'lines_assigned').executeTakeFirstOrThrow()).n,
    );

    // How fast the shop's jobs were worked: from the first stored to the last done.
    const webhookJobs = await db.selectFrom('jobs').select(['created_at', 'finished_at']).where('kind', '=', 'webhook').where('status', '=', 'done').execute();
    const jobSpan = (Math.max(...webhookJobs.map((j) => new Date(j.finished_at!).getTime())) - Math.min(...webhookJobs.map((j) => new Date(j.created_at).getTime()))) / 1000;

    // Every mail queued is sent, at the mail server's pace.
    const mailJobs = () => db.selectFrom('jobs').select(['key', 'status']).where('kind', '=', 'mail').execute();
    const queued = await until(
      'every mail sent',
      product,
      async () => {
        const jobs = await mailJobs();
        return jobs.length >= orders.length && jobs.every((job) => job.status === 'done' || job.status === 'failed') && jobs;
      },
      // bounded generously: the mail worker may send slower than the mail server's pace
      120_000 + orders.length * 1_000,
    );
    const mailLoad = machineLoad();
    const mails = smtp.messages.slice(mailsBefore);
    const host = new URL(base).hostname;
    const received = new Set(mails.map((m) => m.messageId));
    const lost = queued.filter((job) => !received.has(messageIdOf(job, host))).length;
    const failed = queued.filter((job) => job.status === 'failed').length;
    const duplicates = mails.length - received.size;
    const firstMail = Math.min(...mails.map((m) => m.at));
    const lastMail = Math.max(...mails.map((m) => m.at));
    const pace = mails.length > 1 ? (mails.length - 1) / ((lastMail - firstMail) / 1000) : NaN;
    const lastSent = Date.now() - (performance.now() - Math.max(...sent.map((s) => s.at)));

    report(
      `${tag}: webhook answer`,
      `${spread(times)} over ${sent.length} orders/create sent at ${rate}/s each on its own (all sent in ${sending.toFixed(1)} s, ${wrong} not 200; the server used ${burstCpu.toFixed(1)} s of CPU meanwhile; ${sendLoad}); goal p99 < 100 ms: ${percentile(times, 0.99) < 100 ? 'met' : 'NOT met'}`,
    );
    report(
      `${tag}: lines_assigned seen`,
      `${spread(reachTimes)} from an order's webhook sent to its lines_assigned notification in the workshop's unread list (its first page read on each live 'notifications' message, as the bell does; ${bellReads} reads); stored (its created_at) ${spread(storedTimes)} after the webhook; the ${webhookJobs.length} webhook jobs worked at ${(webhookJobs.length / jobSpan).toFixed(1)}/s (first stored to last done, ${jobSpan.toFixed(1)} s); ${reach.length} of ${orders.length} orders seen, ${assignedStored} stored; within 5 s: ${reachTimes.filter((t) => t <= 5000).length} (${toldLoad}); goal within 5 s: ${reach.length === orders.length && percentile(reachTimes, 1) <= 5000 ? 'met' : 'NOT met'}`,
    );
    report(
      `${tag}: e-mails`,
      `queued ${queued.length}, sent ${mails.length}, lost ${lost}, failed ${failed}, same Message-ID twice ${duplicates}; sent at ${pace.toFixed(1)}/s against the mail server's ${mailRate}/s; the last ${((lastMail - lastSent) / 1000).toFixed(1)} s after the last webhook (${mailLoad})`,
    );
  } catch (error) {
    const logged = product?.output().split('\n').filter((l) => /"level":(50|60)|Error/.test(l)) ?? [];
    if (logged.length) console.log(`  server logged ${logged.length} error lines, the last: ${logged[logged.length - 1].slice(0, 1000)}`);
    throw error;
  } finally {
    socket?.close();
    await handle?.close();
    await product?.stop();
    await database.drop();
  }
}

export async function notifyBurst(report: Report): Promise<void> {
  const count = option('orders', 'NOTIFY_BURST_ORDERS', 2000);
  const rate = option('rate', 'NOTIFY_BURST_RATE', 40);
  const mailRate = option('mail-rate', 'NOTIFY_BURST_MAIL_RATE', 20);
  console.log(`\nNotify burst: ${count} Shopify orders at ${rate}/s, mail server at ${mailRate}/s (${machineLoad()}).`);
  const fake = await startShopifyFake();
  const smtp = await startSmtp({ perSecond: mailRate });
  try {
    const store = fake.addStore({ domain: DOMAIN, name: 'Bench Bildirim', webhookSecret: SECRET });
    const variants = Array.from({ length: 20 }, (_, i) => store.addProduct({ title: `Yüzük ${i}`, variants: [{ sku: `Y-${i}`, price: '1000.00' }] }).variants[0]);
    const orders = Array.from({ length: count }, (_, i) =>
      store.addOrder({ lineItems: [{ variantId: variants[i % variants.length].id, quantity: 1 + (i % 2), properties: { İsim: `Ad ${i}` } }] }),
    );

    // The anchor: the same bytes at the same pace to a bare Fastify server.
    const bare = await startScript('bench/bare-webhook.ts', () => ({ BENCH_WEBHOOK_SECRET: SECRET }));
    try {
      const sent = await burst(`${bare.base}${API.shopifyWebhook}`, orders, rate);
      report('notify-burst: anchor', `bare Fastify (HMAC checked, JSON read, nothing stored): ${spread(sorted(sent.map((s) => s.ms)))} over ${sent.length} orders/create at ${rate}/s, ${sent.filter((s) => s.status !== 200).length} not 200 (${machineLoad()})`);
    } finally {
      await bare.stop();
    }

    for (const name of listOption('databases', 'BENCH_DATABASES', ['sqlite', 'postgres'])) {
      const database = name === 'postgres' ? await postgresDatabase() : name === 'sqlite' ? sqliteDatabase() : null;
      if (!database) throw new Error(`--databases: unknown database ${name} (sqlite, postgres)`);
      await onDatabase(report, database, orders, variants, rate, smtp, mailRate);
    }
  } finally {
    await smtp.close();
    await fake.stop();
  }
}
