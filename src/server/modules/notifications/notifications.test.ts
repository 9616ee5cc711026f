import { type Fixture, startFixture } from '../../../../test/fixture';
import { testDatabases } from '../../../../test/databases';
import { API } from '../../../shared/api';
import { LineStatus, NOT_STARTED, PackingStatus } from '../../../shared/statuses';
import { housekeep } from '../housekeeping/runner';
import { failJob, JOB_MAX_ATTEMPTS } from '../jobs/queue';
import { SHOP_JOB_RETRY } from '../shopify/job-retry';
import { dailyDigest } from './digest';

const DAY = 86_400_000;
const order = { address: 'Bağdat Cd. 1', email: 'alici@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', credit_exceeded_confirmed: true };

describe.each(testDatabases())('notifications on $name', (database) => {
  let f: Fixture;
  const token = (name: string) => f.caller(name).token!;
  const userId = (name: string) => f.caller(name).userId!;
  const everyone = ['inactive', 'admin', 'workshop', 'office', 'customer', 'other workshop', 'other customer'];
  const nameOf = (id: number) => everyone.find((name) => userId(name) === id) ?? String(id);
  const lastId = async () => Number((await f.t.db.selectFrom('notifications').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
  const since = (id: number) => f.t.db.selectFrom('notifications').selectAll().where('id', '>', id).orderBy('id').execute();
  /** Who was told of what since `id`: kind -> the names of its users, a name once per notification. */
  const toldSince = async (id: number) => {
    const told: Record<string, string[]> = {};
    for (const row of await since(id)) (told[row.kind] ??= []).push(nameOf(row.user_id));
    for (const names of Object.values(told)) names.sort();
    return told;
  };
  const placeFor = (customer: number, quantity: number, by = 'office') =>
    f.t.call('POST', API.customerOrders(customer), { token: token(by), body: { ...order, products: [{ product_id: f.ids.product, quantity }] } });
  const linesOf = async (orderId: number) => (await f.t.db.selectFrom('order_lines').select('id').where('order_id', '=', orderId).orderBy('id').execute()).map((row) => row.id);

  beforeAll(async () => {
    f = await startFixture(await database.create(), { JOB_WORKERS: '0' });
  }, 60_000);
  afterAll(() => f?.close());

  test.each([
    {
      what: 'the office places an order above credit for a customer',
      act: async () => expect((await placeFor(f.ids.customer, 3)).status).toBe(201),
      told: { lines_assigned: ['workshop'], order_received: ['customer'], credit_exceeded: ['admin'] },
    },
    {
      what: 'a customer places its own order above credit',
      act: async () => expect((await f.t.call('POST', API.manualOrder, { token: token('customer'), body: { ...order, products: [{ product_id: f.ids.product, quantity: 2 }] } })).status).toBe(201),
      told: { lines_assigned: ['workshop'], credit_exceeded: ['admin', 'office'] },
    },
    {
      what: 'quality control sends a piece back',
      act: async () => {
        await f.t.db.updateTable('order_lines').set({ order_line_status_id: LineStatus.QualityControl, current_order_line_process: f.ids.step }).where('id', '=', f.ids.line).execute();
        const body = { approved: false, reason: 'Taş düştü', return_step_id: f.ids.step };
        expect((await f.t.call('PUT', API.qualityStatus(f.ids.line), { token: token('admin'), body })).status).toBe(200);
      },
      told: { qc_rejected: ['workshop'] },
    },
    {
      what: 'the office ships the packed pieces of an order',
      act: async () => {
        const placed = (await placeFor(f.ids.otherCustomer, 2)).body.order;
        const lines = await linesOf(placed.id);
        await f.t.db.updateTable('order_lines').set({ order_line_status_id: LineStatus.Completed, packing_status_id: PackingStatus.Packed }).where('id', 'in', lines).execute();
        const from = await lastId();
        expect((await f.t.call('PUT', API.shipment(lines[0]), { token: token('admin'), body: { shipment_tracking_number: 'TRK-77' } })).status).toBe(200);
        return from;
      },
      told: { line_shipped: ['other customer'] },
      body: /TRK-77/,
    },
    {
      what: 'the office cancels a line with its reason',
      act: async () => {
        const placed = (await placeFor(f.ids.otherCustomer, 1)).body.order;
        const from = await lastId();
        expect((await f.t.call('PUT', API.cancelLine((await linesOf(placed.id))[0]), { token: token('admin'), body: { reason: 'Müşteri vazgeçti' } })).status).toBe(200);
        return from;
      },
      told: { order_canceled: ['other customer'] },
      body: /Müşteri vazgeçti/,
    },
    {
      what: 'the admin writes a metal voucher to a workshop, which disputes it',
      act: async () => {
        const voucher = { type: 'issue', workshop_id: f.ids.workshop, date: '2026-11-03', lines: [{ kind: 'raw', metal: 'gold', milyem: 916, gross_g: 10 }] };
        const written = await f.t.call('POST', API.metalVouchers, { token: token('admin'), body: voucher });
        expect(written.status).toBe(201);
        expect((await f.t.call('POST', API.metalVoucherDispute(written.body.voucher.id), { token: token('workshop'), body: { reason: 'Eksik geldi' } })).status).toBe(200);
      },
      told: { voucher_waiting: ['workshop'], voucher_disputed: ['admin', 'office'] },
    },
    {
      what: 'someone registers',
      act: async () => expect((await f.t.call('POST', API.register, { body: { username: 'yeni_gelen', email: 'yeni_gelen@example.com', password: 'secret-pass' } })).status).toBe(201),
      told: { user_registered: ['admin'] },
      body: /yeni_gelen/,
    },
    {
      what: 'a shop job fails for good',
      act: async () => {
        const [job] = await f.t.db
          .insertInto('jobs')
          .values({ kind: 'webhook', key: 'test:failing', connection_id: null, payload: '{}', run_after: new Date().toISOString(), created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
          .returningAll()
          .execute();
        await failJob(f.t.db, { ...job, attempts: JOB_MAX_ATTEMPTS - 1 }, new Error('refused'), new Date(), Math.random, SHOP_JOB_RETRY);
        expect(await toldSince(await lastId())).toEqual({});
        const from = await lastId();
        await failJob(f.t.db, { ...job, attempts: JOB_MAX_ATTEMPTS }, new Error('refused'), new Date(), Math.random, SHOP_JOB_RETRY);
        return from;
      },
      told: { shop_job_failed: ['admin', 'office'] },
    },
  ])('$what: each kind once for the users it concerns, never for others nor the one who acted', async ({ act, told, body }) => {
    const before = await lastId();
    const from = (await act()) ?? before;
    expect(await toldSince(from)).toEqual(told);
    if (body) for (const row of await since(from)) expect(row.body).toMatch(body);
  });

  test('a product and its waiting lines move to another workshop: each workshop is told once per order', async () => {
    const waiting = await f.t.db.selectFrom('order_lines').select('order_id').distinct().where('product_id', '=', f.ids.product).where('workshop_id', '=', f.ids.workshop).where('order_line_status_id', '=', LineStatus.Waiting).where('current_order_line_process', '=', NOT_STARTED).where('canceled_at', 'is', null).execute();
    expect(waiting.length).toBeGreaterThan(1);
    const from = await lastId();
    expect((await f.t.call('PUT', API.workshopAssignProduct(f.ids.otherWorkshop), { token: token('admin'), body: { product_id: f.ids.product } })).status).toBe(200);
    const times = (name: string) => waiting.map(() => name);
    expect(await toldSince(from)).toEqual({ lines_moved_away: times('workshop'), lines_assigned: times('other workshop') });
  });

  test('a burst of lines of one order is one notification, marked urgent by its pieces; links lead to the line', async () => {
    await f.t.call('PUT', API.workshopAssignProduct(f.ids.workshop), { token: token('admin'), body: { product_id: f.ids.product } });
    const from = await lastId();
    const urgent = { ...order, notes: 'ACİL teslim' };
    const placed = await f.t.call('POST', API.customerOrders(f.ids.customer), { token: token('office'), body: { ...urgent, products: [{ product_id: f.ids.product, quantity: 40 }] } });
    expect(placed.status).toBe(201);
    const rows = await since(from);
    const assigned = rows.filter((row) => row.kind === 'lines_assigned');
    expect(assigned).toHaveLength(1);
    const [first] = await linesOf(placed.body.order.id);
    expect(assigned[0]).toMatchObject({ user_id: userId('workshop'), link: `/workshop/orders/${first}`, read_at: null });
    expect(assigned[0].title).toMatch(/^Acil yeni iş: sipariş B2B-/);
    expect(assigned[0].body).toContain('40 parça');
    expect(rows.find((row) => row.kind === 'order_received')).toMatchObject({ user_id: userId('customer'), link: `/customer/orders/${first}` });
  });

  test("each user reads theirs in their own language, and marks only their own: another's id is 404, no session 401", async () => {
    expect((await f.t.call('PUT', API.myLanguage, { token: token('other customer'), body: { language: 'en' } })).status).toBe(200);
    const from = await lastId();
    const placed = (await placeFor(f.ids.otherCustomer, 1)).body.order;
    const [line] = await linesOf(placed.id);
    expect((await f.t.call('PUT', API.cancelLine(line), { token: token('admin'), body: { reason: 'Stok yok' } })).status).toBe(200);
    const mine = await f.t.call('GET', `${API.notifications}?unread=true`, { token: token('other customer') });
    expect(mine.status).toBe(200);
    const newest = mine.body.notifications[0];
    expect(newest).toEqual({ id: expect.any(Number), kind: 'order_canceled', created_at: expect.any(String), read_at: null, title: expect.stringMatching(/^Canceled: order /), body: expect.stringContaining('Reason: Stok yok'), link: `/customer/orders/${line}` });
    expect(mine.body.notifications.map((n: { id: number }) => n.id)).toEqual([...mine.body.notifications.map((n: { id: number }) => n.id)].sort((a, b) => b - a));
    expect(mine.body.unread).toBe(mine.body.notifications.length);
    expect(newest.id).toBeGreaterThan(from);

    expect((await f.t.call('PUT', API.notificationRead(newest.id), { token: token('customer') })).status).toBe(404);
    expect((await f.t.call('PUT', API.notificationRead(newest.id))).status).toBe(401);
    expect((await f.t.call('GET', API.notifications)).status).toBe(401);
    expect((await f.t.call('GET', `${API.notifications}?unread=maybe`, { token: token('customer') })).status).toBe(400);
    expect((await f.t.call('GET', API.notifications, { token: token('customer') })).body.notifications.map((n: { id: number }) => n.id)).not.toContain(newest.id);

    const marked = await f.t.call('PUT', API.notificationRead(newest.id), { token: token('other customer') });
    expect(marked).toMatchObject({ status: 200, body: { unread: mine.body.unread - 1 } });
    const read = (await f.t.call('GET', `${API.notifications}?unread=false&limit=1`, { token: token('other customer') })).body;
    expect(read.notifications).toEqual([{ ...newest, read_at: expect.any(String) }]);

    const customerUnread = (await f.t.call('GET', API.notifications, { token: token('customer') })).body.unread;
    expect(customerUnread).toBeGreaterThan(0);
    expect((await f.t.call('PUT', API.notificationsReadAll, { token: token('other customer') })).body).toMatchObject({ unread: 0 });
    expect((await f.t.call('GET', API.notifications, { token: token('other customer') })).body.unread).toBe(0);
    // Another user's stay unread.
    expect((await f.t.call('GET', API.notifications, { token: token('customer') })).body.unread).toBe(customerUnread);
  });

  test("preferences: every kind of the user's role with its default, saved per kind; 'off' stores nothing", async () => {
    const got = await f.t.call('GET', API.notificationPreferences, { token: token('customer') });
    expect(got.body).toEqual({ preferences: { order_received: 'app', line_shipped: 'email', order_canceled: 'email' } });
    expect((await f.t.call('GET', API.notificationPreferences, { token: token('office') })).body.preferences).toMatchObject({ lines_late: 'digest', credit_exceeded: 'app' });
    expect((await f.t.call('GET', API.notificationPreferences, { token: token('admin') })).body.preferences.user_registered).toBe('app');
    expect((await f.t.call('GET', API.notificationPreferences, { token: token('office') })).body.preferences.user_registered).toBeUndefined();

    expect((await f.t.call('PUT', API.notificationPreferences, { token: token('customer'), body: { preferences: { lines_assigned: 'app' } } })).status).toBe(400);
    expect((await f.t.call('PUT', API.notificationPreferences, { token: token('customer'), body: { preferences: { order_received: 'loud' } } })).status).toBe(400);
    const saved = await f.t.call('PUT', API.notificationPreferences, { token: token('customer'), body: { preferences: { order_received: 'off', line_shipped: 'digest' } } });
    expect(saved).toMatchObject({ status: 200, body: { preferences: { order_received: 'off', line_shipped: 'digest', order_canceled: 'email' } } });

    const from = await lastId();
    expect((await placeFor(f.ids.customer, 1)).status).toBe(201);
    expect((await toldSince(from)).order_received).toBeUndefined();
  });

  test('the daily digest: from 8 in the office, lines that turned late over the last day, once a day whatever restarts', async () => {
    // 07:30 and 10:00 in Istanbul (UTC+3) on the same office day.
    const early = new Date('2026-11-27T04:30:00.000Z');
    const later = new Date('2026-11-27T07:00:00.000Z');
    const placed = (await placeFor(f.ids.otherCustomer, 2)).body.order;
    await f.t.db.updateTable('order_lines').set({ production_expected_date: new Date(later.getTime() - 3_600_000).toISOString() }).where('order_id', '=', placed.id).execute();
    const from = await lastId();
    expect(await dailyDigest(f.t.db, early)).toEqual([]);
    expect(await dailyDigest(f.t.db, later)).toEqual(['lines_late', 'late_risk']);
    expect(await dailyDigest(f.t.db, new Date(later.getTime() + 3_600_000))).toEqual([]);
    expect(await toldSince(from)).toEqual({ lines_late: ['admin', 'office'] });
    const [digest] = await since(from);
    expect(digest).toMatchObject({ title: 'Bugün geciken parçalar: 2', link: '/admin/orders?view=late' });
  });

  test('notifications older than 90 days are pruned by housekeeping, newer ones kept', async () => {
    const now = new Date();
    const ids = (await f.t.db.selectFrom('notifications').select('id').orderBy('id').execute()).map((row) => row.id);
    const old = ids.slice(0, 3);
    await f.t.db.updateTable('notifications').set({ created_at: new Date(now.getTime() - 91 * DAY).toISOString() }).where('id', 'in', old).execute();
    expect((await housekeep(f.t.db, now, { changeRetentionDays: 7, batch: 2 })).notifications).toBe(3);
    const left = (await f.t.db.selectFrom('notifications').select('id').orderBy('id').execute()).map((row) => row.id);
    expect(left).toEqual(ids.slice(3));
  });

  test('the records of digests made long ago are pruned, the recent ones kept', async () => {
    const now = new Date();
    const dayAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString().slice(0, 10);
    const user = (await f.t.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await f.t.db.deleteFrom('notification_digests').execute();
    await f.t.db.deleteFrom('notification_digest_mails').execute();
    await f.t.db
      .insertInto('notification_digests')
      .values([dayAgo(120), dayAgo(2)].map((day) => ({ kind: 'lines_late', day, created_at: now.toISOString() })))
      .execute();
    await f.t.db
      .insertInto('notification_digest_mails')
      .values([dayAgo(120), dayAgo(2)].map((day) => ({ user_id: user, day, until: now.toISOString() })))
      .execute();
    expect((await housekeep(f.t.db, now, { changeRetentionDays: 7 })).digests).toBe(2);
    expect((await f.t.db.selectFrom('notification_digests').select('day').execute()).map((row) => row.day)).toEqual([dayAgo(2)]);
    expect((await f.t.db.selectFrom('notification_digest_mails').select('day').execute()).map((row) => row.day)).toEqual([dayAgo(2)]);
  });
});
