import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { claimJob, enqueue, failJob, JOB_LOCK_MS, JOB_MAX_ATTEMPTS, retryDelayMs, retryJob } from './queue';

test('the back-off doubles from 5 s up to an hour, each wait shortened by up to half', () => {
  expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, () => 1))).toEqual([5_000, 10_000, 20_000, 40_000]);
  expect(retryDelayMs(1, () => 0)).toBe(2_500);
  expect(retryDelayMs(30, () => 1)).toBe(3_600_000);
});

describe.each(testDatabases())('durable jobs on $name', (database) => {
  let t: TestApp;
  const at = (ms: number) => new Date(Date.parse('2030-01-01T00:00:00.000Z') + ms);
  beforeAll(async () => {
    // A worker that never looks by itself: this test takes the jobs.
    t = await startTestApp(await database.create(), { SHOPIFY_JOB_POLL_MS: '3600000' });
  }, 60_000);
  afterAll(() => t?.close());

  test('a job is stored once per key, taken by one worker, retried after its back-off, and kept failed with its error', async () => {
    const dialect = database.name;
    expect(await enqueue(t.db, { kind: 'test', key: 'k1', connectionId: null, payload: { n: 1 } }, at(0))).toBe(true);
    expect(await enqueue(t.db, { kind: 'test', key: 'k1', connectionId: null, payload: { n: 2 } }, at(0))).toBe(false);

    let job = (await claimJob(t.db, dialect, at(1)))!;
    expect(job).toMatchObject({ key: 'k1', status: 'running', attempts: 1, payload: '{"n":1}' });
    // Taken: nobody else gets it until its lock runs out.
    expect(await claimJob(t.db, dialect, at(2))).toBeNull();
    expect(await claimJob(t.db, dialect, at(JOB_LOCK_MS + 2))).toMatchObject({ id: job.id, attempts: 2 });

    job = (await t.db.selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow())!;
    await failJob(t.db, job, new Error('mağaza yanıt vermedi'), at(JOB_LOCK_MS + 3), () => 1);
    expect(await t.db.selectFrom('jobs').select(['status', 'last_error', 'run_after']).where('id', '=', job.id).executeTakeFirst()).toEqual({
      status: 'waiting',
      last_error: 'mağaza yanıt vermedi',
      run_after: at(JOB_LOCK_MS + 3 + retryDelayMs(2, () => 1)).toISOString(),
    });
    expect(await claimJob(t.db, dialect, at(JOB_LOCK_MS + 4))).toBeNull();

    await t.db.updateTable('jobs').set({ attempts: JOB_MAX_ATTEMPTS }).where('id', '=', job.id).execute();
    job = (await t.db.selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow())!;
    await failJob(t.db, job, new Error('son deneme'), at(JOB_LOCK_MS + 5));
    expect(await t.db.selectFrom('jobs').select(['status', 'last_error']).where('id', '=', job.id).executeTakeFirst()).toEqual({ status: 'failed', last_error: 'son deneme' });
    expect(await claimJob(t.db, dialect, at(10 * JOB_LOCK_MS))).toBeNull();

    // 'Yeniden dene': from its first try again.
    expect(await retryJob(t.db, job.id, ['webhook'], at(10 * JOB_LOCK_MS))).toBe('unknown');
    expect(await retryJob(t.db, job.id, ['test'], at(10 * JOB_LOCK_MS))).toBe('retried');
    expect(await claimJob(t.db, dialect, at(10 * JOB_LOCK_MS + 1))).toMatchObject({ id: job.id, attempts: 1 });
  });
});
