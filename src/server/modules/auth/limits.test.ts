import { testDatabases } from '../../../../test/databases';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../db';
import { type Limit, limitKey, rateLimits, TooManyAttempts } from './limits';

/* The counters themselves, against a clock the test moves: no test here waits for time to pass. */
describe.each(testDatabases())('rate limit counters on $name', (database) => {
  let url: string;
  let handle: DatabaseHandle;
  let now: number;
  const clock = () => now;
  const limit: Limit = { name: 'test', max: 3, windowMs: 60_000 };

  beforeAll(async () => {
    url = await database.create();
    handle = openDatabase(url);
    await migrateToLatest(handle.db);
  });
  afterAll(() => handle.close());
  beforeEach(async () => {
    now = Date.UTC(2026, 10, 23, 12);
    await handle.db.deleteFrom('rate_limits').execute();
  });

  const hits = async (subject: string, which = limit) =>
    (await handle.db.selectFrom('rate_limits').select('hits').where('key', '=', limitKey(which, subject)).executeTakeFirst())?.hits ?? 0;
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => {
        if (!(error instanceof TooManyAttempts)) throw error;
        return error;
      },
    );

  test('counts per subject up to the limit, then refuses until the window ends and starts again from 1', async () => {
    const limits = rateLimits(handle.db, clock);
    for (let i = 0; i < 3; i++) await limits.take([{ limit, subject: '10.0.0.1' }]);
    now += 15_000;
    const refused = await refusal(limits.take([{ limit, subject: '10.0.0.1' }]));
    expect(refused).toMatchObject({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Çok fazla deneme yapıldı. Lütfen 1 dakika sonra tekrar deneyin.',
      retryAfterS: 45,
    });
    // A refused attempt did not happen: the counter stays at the limit.
    expect(await hits('10.0.0.1')).toBe(3);
    // Another subject has its own counter.
    await limits.take([{ limit, subject: '10.0.0.2' }]);
    expect(await hits('10.0.0.2')).toBe(1);

    now += 45_000; // the window of 10.0.0.1 has ended
    await limits.take([{ limit, subject: '10.0.0.1' }]);
    expect(await hits('10.0.0.1')).toBe(1);
  });

  test('one take counts against several limits; a refusal by one counts against none', async () => {
    const limits = rateLimits(handle.db, clock);
    const wide: Limit = { name: 'wide', max: 5, windowMs: 600_000 };
    for (let i = 0; i < 3; i++) await limits.take([{ limit, subject: 'a' }, { limit: wide, subject: 'a' }]);
    const refused = await refusal(limits.take([{ limit, subject: 'a' }, { limit: wide, subject: 'a' }]));
    expect(refused?.retryAfterS).toBe(60);
    expect([await hits('a'), await hits('a', wide)]).toEqual([3, 3]);
    await limits.take([{ limit: wide, subject: 'a' }]);
    await limits.take([{ limit: wide, subject: 'a' }]);
    // Both past their limit: Retry-After waits for the later window.
    expect((await refusal(limits.take([{ limit, subject: 'a' }, { limit: wide, subject: 'a' }])))?.retryAfterS).toBe(600);
  });

  test('an attempt refused or given back leaves no row behind for a subject it alone counted', async () => {
    const limits = rateLimits(handle.db, clock);
    const wide: Limit = { name: 'wide', max: 100, windowMs: 600_000 };
    for (let i = 0; i < 3; i++) await limits.take([{ limit, subject: 'sprayer' }]);
    // Past the limit, new subjects (a new username each time) add no rows...
    for (const name of ['n1', 'n2', 'n3']) {
      expect(await refusal(limits.take([{ limit, subject: 'sprayer' }, { limit: wide, subject: name }]))).toBeInstanceOf(TooManyAttempts);
    }
    // ...and neither does an attempt given back (a successful login).
    await (await limits.take([{ limit: wide, subject: 'n4' }])).giveBack();
    const keys = (await handle.db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key);
    expect(keys).toEqual([limitKey(limit, 'sprayer')]);
  });

  test('an attempt given back is uncounted once, and never from a window that started after it', async () => {
    const limits = rateLimits(handle.db, clock);
    const first = await limits.take([{ limit, subject: 's' }]);
    await limits.take([{ limit, subject: 's' }]);
    await first.giveBack();
    await first.giveBack();
    expect(await hits('s')).toBe(1);

    const old = await limits.take([{ limit, subject: 's' }]);
    now += 60_000;
    await limits.take([{ limit, subject: 's' }]);
    await old.giveBack();
    expect(await hits('s')).toBe(1);
  });

  test('concurrent attempts cannot slip past the limit', async () => {
    const limits = rateLimits(handle.db, clock);
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => refusal(limits.take([{ limit, subject: 'crowd' }]))));
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(3);
    expect(await hits('crowd')).toBe(3);
  });

  test('two processes on one database share the counters', async () => {
    const other = openDatabase(url);
    try {
      const here = rateLimits(handle.db, clock);
      const there = rateLimits(other.db, clock);
      await here.take([{ limit, subject: 'shared' }]);
      await there.take([{ limit, subject: 'shared' }]);
      await here.take([{ limit, subject: 'shared' }]);
      expect(await refusal(there.take([{ limit, subject: 'shared' }]))).toBeInstanceOf(TooManyAttempts);
    } finally {
      await other.close();
    }
  });

  test('the sweep removes counters whose window has ended and keeps the others; subjects are not stored in clear', async () => {
    const limits = rateLimits(handle.db, clock);
    await limits.take([{ limit, subject: 'old@example.com' }]);
    now += 30_000;
    await limits.take([{ limit, subject: 'new@example.com' }]);
    now += 30_000;
    expect(await limits.sweep()).toBe(1);
    const keys = (await handle.db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key);
    expect(keys).toEqual([limitKey(limit, 'new@example.com')]);
    expect(keys[0]).toMatch(/^test:[\w-]{43}$/);
  });
});
