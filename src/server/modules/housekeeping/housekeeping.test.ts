import { type Fixture, startFixture } from '../../../../test/fixture';
import { testDatabases } from '../../../../test/databases';
import { startTestApp } from '../../../../test/server';
import { turnsDuring as turnsOf } from '../../../../test/turns';
import { until } from '../../../../test/until';
import { API } from '../../../shared/api';
import { enqueue } from '../jobs/queue';
import { latestVersion } from '../order-lines/queries';
import { pruneChanges, prunedThrough } from '../live/retention';
import { pruneJobs } from '../jobs/queue';
import { pruneNotifications } from '../notifications/service';
import { rateLimits } from '../auth/limits';
import { housekeep } from './runner';

const DAY = 86_400_000;

describe.each(testDatabases())('housekeeping on $name', (database) => {
  let f: Fixture;
  const now = new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  const token = (name: string) => f.caller(name).token!;
  const changesSince = (since: number) => f.t.call('GET', `${API.lineChanges}?since=${since}`, { token: token('admin') });
  const changeIds = async () => (await f.t.db.selectFrom('order_line_changes').select('id').orderBy('id').execute()).map((row) => row.id);

  beforeAll(async () => {
    // A worker that never looks by itself: the jobs here stay as the test leaves them.
    f = await startFixture(await database.create(), { SHOPIFY_JOB_POLL_MS: '3600000', JOB_WORKERS: '0' });
  }, 60_000);
  afterAll(() => f?.close());

  test('changes past the retention are pruned a batch at a time; a version that fell out is answered 410, a kept one as before', async () => {
    const old = await changeIds();
    expect(old.length).toBeGreaterThanOrEqual(2);
    await f.t.db.updateTable('order_line_changes').set({ created_at: ago(8) }).execute();
    const { line, otherLine, lineOrder, workshop, customer } = f.ids;
    const fresh = (
      await f.t.db
        .insertInto('order_line_changes')
        .values({ line_id: line, order_id: lineOrder, type: 'line_updated', workshop_id: workshop, previous_workshop_id: null, customer_id: customer, created_at: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await changesSince(old[0])).status).toBe(200);

    expect((await housekeep(f.t.db, now, { changeRetentionDays: 7, batch: 1 })).changes).toBe(old.length);
    expect(await changeIds()).toEqual([fresh]);
    expect(await prunedThrough(f.t.db)).toBe(old[old.length - 1]);

    for (const since of [0, old[0], old[old.length - 2]]) {
      expect(await changesSince(since)).toMatchObject({ status: 410, body: { code: 'CHANGES_PRUNED', message: { key: 'errors:changesPruned' } } });
    }
    // Every change after the last pruned one is kept: the answer is whole.
    const resumed = await changesSince(old[old.length - 1]);
    expect(resumed.status).toBe(200);
    expect(resumed.body.orders.map((l: { id: number }) => l.id)).toContain(line);
    expect(resumed.body.orders.map((l: { id: number }) => l.id)).not.toContain(otherLine);
    expect(resumed.body.version).toBe(fresh);
    expect(await changesSince(fresh)).toMatchObject({ status: 200, body: { version: fresh } });

    // A quiet week: the newest change stays, the version readers resume from.
    await f.t.db.updateTable('order_line_changes').set({ created_at: ago(30) }).execute();
    expect((await housekeep(f.t.db, now, { changeRetentionDays: 7 })).changes).toBe(0);
    expect(await latestVersion(f.t.db)).toBe(fresh);
  });

  test('finished jobs are deleted after 30 days, newer ones kept; failed ones stay until dismissed', async () => {
    const job = async (key: string, status: 'done' | 'failed' | 'waiting', finishedDaysAgo: number | null) => {
      await enqueue(f.t.db, { kind: 'webhook', key, connectionId: null, payload: { topic: 'orders/create' } }, new Date(ago(40)));
      await f.t.db
        .updateTable('jobs')
        .set({ status, finished_at: finishedDaysAgo === null ? null : ago(finishedDaysAgo), last_error: status === 'failed' ? 'boom' : null })
        .where('key', '=', key)
        .execute();
      return (await f.t.db.selectFrom('jobs').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
    };
    const oldDone = await job('done-31', 'done', 31);
    const newDone = await job('done-29', 'done', 29);
    const failed = await job('failed-40', 'failed', null);
    const waiting = await job('waiting-40', 'waiting', null);
    const other = await job('failed-other', 'failed', null);

    expect((await housekeep(f.t.db, now, { changeRetentionDays: 7, batch: 1 })).jobs).toBe(1);
    const left = (await f.t.db.selectFrom('jobs').select('id').execute()).map((row) => row.id);
    expect(left).not.toContain(oldDone);
    expect(left).toEqual(expect.arrayContaining([newDone, failed, waiting, other]));

    const dismiss = (id: number, who = 'admin') => f.t.call('POST', API.shopJobDismiss(id), { token: token(who) });
    for (const who of ['office', 'workshop', 'customer', 'inactive']) expect((await dismiss(failed, who)).status).toBe(403);
    expect(await dismiss(newDone)).toMatchObject({ status: 409, body: { code: 'JOB_NOT_FAILED' } });
    expect(await dismiss(2_000_000_000)).toMatchObject({ status: 404, body: { code: 'JOB_NOT_FOUND' } });
    expect(await dismiss(failed)).toMatchObject({ status: 200, body: { job: { id: failed }, message_key: { key: 'success:shopifyJobDismissed' } } });
    expect(await dismiss(failed)).toMatchObject({ status: 404 });
    const after = (await f.t.db.selectFrom('jobs').select('id').execute()).map((row) => row.id);
    expect(after).not.toContain(failed);
    expect(after).toEqual(expect.arrayContaining([newDone, waiting, other]));
  });

  test('expired rate-limit counters are removed, running ones kept', async () => {
    const at = now.getTime();
    await f.t.db
      .insertInto('rate_limits')
      .values([
        { key: 'test:ended-1', hits: 3, reset_at: at - 1 },
        { key: 'test:ended-2', hits: 1, reset_at: at - DAY },
        { key: 'test:ended-3', hits: 1, reset_at: at },
        { key: 'test:running', hits: 2, reset_at: at + 60_000 },
      ])
      .execute();
    // A closing server stops after the batch under way.
    let batches = 0;
    const stopping = { changeRetentionDays: 7, batch: 1, stopped: () => batches++ >= 4 };
    expect(await housekeep(f.t.db, now, stopping)).toEqual({ changes: 0, jobs: 0, notifications: 0, digests: 0, rateLimits: 1 });
    expect((await housekeep(f.t.db, now, { changeRetentionDays: 7, batch: 2 })).rateLimits).toBeGreaterThanOrEqual(2);
    const keys = (await f.t.db.selectFrom('rate_limits').select('key').where('key', 'like', 'test:%').execute()).map((row) => row.key);
    expect(keys).toEqual(['test:running']);
  });

  test('line history, the audit log and the metal ledger are records: housekeeping years later leaves them whole', async () => {
    const master = token('workshop');
    expect((await f.t.call('POST', API.metalVoucherConfirm(f.ids.voucher), { token: master, body: {} })).status).toBe(200);
    // A correction: a history row and an audit entry.
    expect((await f.t.call('PUT', API.cancelLine(f.ids.otherLine), { token: token('admin'), body: { reason: 'Müşteri vazgeçti' } })).status).toBe(200);
    const count = async (table: 'order_line_history' | 'audit_log' | 'metal_ledger') =>
      Number((await f.t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = { history: await count('order_line_history'), audit: await count('audit_log'), ledger: await count('metal_ledger') };
    expect(before).toEqual({ history: expect.any(Number), audit: expect.any(Number), ledger: expect.any(Number) });
    expect(Math.min(before.history, before.audit, before.ledger)).toBeGreaterThan(0);
    await housekeep(f.t.db, new Date(now.getTime() + 10 * 365 * DAY), { changeRetentionDays: 1 });
    expect({ history: await count('order_line_history'), audit: await count('audit_log'), ledger: await count('metal_ledger') }).toEqual(before);
  });

  test('each pruning lets the event loop serve others between its batches (SQLite answers without one)', async () => {
    const { line, lineOrder, workshop, customer } = f.ids;
    const user = (await f.t.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    for (let i = 0; i < 3; i++) {
      await f.t.db.insertInto('order_line_changes').values({ line_id: line, order_id: lineOrder, type: 'line_updated', workshop_id: workshop, previous_workshop_id: null, customer_id: customer, created_at: ago(60) }).execute();
      await enqueue(f.t.db, { kind: 'webhook', key: `turns-${i}`, connectionId: null, payload: {} }, new Date(ago(60)));
      await f.t.db.insertInto('notifications').values({ user_id: user, kind: 'line_shipped', title: 'eski', body: 'eski', link: null, created_at: ago(400) }).execute();
      await f.t.db.insertInto('rate_limits').values({ key: `test:turns-${i}`, hits: 1, reset_at: now.getTime() - DAY }).execute();
    }
    await f.t.db.updateTable('jobs').set({ status: 'done', finished_at: ago(40) }).where('key', 'like', 'turns-%').execute();
    const turnsDuring = async (work: () => Promise<number>) => {
      const { result, turns } = await turnsOf(work);
      return { removed: result >= 3, turned: turns > 0 };
    };
    const each = { batch: 1, stopped: () => false };
    const later = new Date(now.getTime() + 1000);
    expect({
      changes: await turnsDuring(() => pruneChanges(f.t.db, new Date(ago(30)), each)),
      jobs: await turnsDuring(() => pruneJobs(f.t.db, new Date(ago(30)), each)),
      notifications: await turnsDuring(() => pruneNotifications(f.t.db, new Date(ago(300)), each)),
      rateLimits: await turnsDuring(() => rateLimits(f.t.db, () => later.getTime()).sweep(each)),
    }).toEqual(Object.fromEntries(['changes', 'jobs', 'notifications', 'rateLimits'].map((kind) => [kind, { removed: true, turned: true }])));
  });

  test('the server runs housekeeping by itself every HOUSEKEEPING_EVERY_MS and stops it when it closes', async () => {
    const t = await startTestApp(await database.create(), { HOUSEKEEPING_EVERY_MS: '1000' });
    try {
      await t.db.insertInto('rate_limits').values({ key: 'test:ended', hits: 1, reset_at: Date.now() - 1 }).execute();
      await t.app.ready();
      await until(async () => !(await t.db.selectFrom('rate_limits').select('key').where('key', '=', 'test:ended').executeTakeFirst()));
    } finally {
      await t.close();
    }
  }, 30_000);
});
