import type { Answer, GraphqlBody, QueryCost } from './answer';
import { BACKOFF_MS, MAX_ATTEMPTS, MAX_RETRY_WAIT_MS, storeLimiter } from './limiter';

const QUERY = '{ shop { name } }';

/** A clock that only moves when the limiter sleeps, and the sleeps it asked for. */
function fakeTime(random = 0.5) {
  let clock = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => clock,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      clock += ms;
    },
    random: () => random,
    advance: (ms: number) => (clock += ms),
  };
}

const cost = (requested: number, available: number, restoreRate = 50, maximum = 1000): QueryCost => ({
  requestedQueryCost: requested,
  actualQueryCost: requested,
  throttleStatus: { maximumAvailable: maximum, currentlyAvailable: available, restoreRate },
});
const ok = (spent?: QueryCost): Answer => ({ status: 200, retryAfter: null, body: { data: { shop: { name: 'Atelier' } }, ...(spent ? { extensions: { cost: spent } } : {}) } });
const throttled = (spent: QueryCost): Answer => ({
  status: 200,
  retryAfter: null,
  body: { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }], extensions: { cost: { ...spent, actualQueryCost: null } } },
});
const status = (code: number, retryAfter: string | null = null, body: GraphqlBody | null = null): Answer => ({ status: code, retryAfter, body });

/** A store that gives these answers in turn, and counts the sends. */
function answers(...list: Answer[]) {
  let sent = 0;
  return jest.fn(async () => list[Math.min(++sent, list.length) - 1]);
}

test('the first call goes at once; the next waits until the bucket has restored what the operation last cost', async () => {
  const time = fakeTime();
  const limiter = storeLimiter(time);
  await limiter.send(QUERY, undefined, answers(ok(cost(300, 100))));
  expect(time.sleeps).toEqual([]);
  await limiter.send(QUERY, undefined, answers(ok(cost(300, 900))));
  // (300 - 100) points at 50 a second.
  expect(time.sleeps).toEqual([4000]);
});

test('points restored since the last answer count, and never beyond the bucket', async () => {
  const time = fakeTime();
  const limiter = storeLimiter(time);
  await limiter.send(QUERY, undefined, answers(ok(cost(300, 100))));
  time.advance(2000);
  await limiter.send(QUERY, undefined, answers(ok(cost(300, 100))));
  expect(time.sleeps).toEqual([2000]);
  time.advance(3_600_000);
  await limiter.send(QUERY, 2000, answers(ok()));
  // Dearer than the whole bucket: a full bucket is all there is to wait for.
  expect(time.sleeps).toEqual([2000]);
});

test('an expected cost given by the caller is what the bucket must hold; an unknown operation is taken to cost 1', async () => {
  const time = fakeTime();
  const limiter = storeLimiter(time);
  await limiter.send(QUERY, undefined, answers(ok(cost(10, 0, 100))));
  await limiter.send('{ orders { id } }', undefined, answers(ok()));
  expect(time.sleeps).toEqual([10]);
  await limiter.send('{ products { id } }', 50, answers(ok()));
  // The call before spent the point it waited for: 50 more at 100 a second.
  expect(time.sleeps).toEqual([10, 500]);
});

test('concurrent calls queue for points: each waits for what the ones before it took', async () => {
  const time = fakeTime();
  const limiter = storeLimiter(time);
  await limiter.send(QUERY, undefined, answers(ok(cost(100, 200))));
  const sent: number[] = [];
  const call = (n: number) => limiter.send(QUERY, undefined, async () => (sent.push(n), ok()));
  await Promise.all([call(1), call(2), call(3)]);
  expect(sent).toEqual([1, 2, 3]);
  // 200 available: calls 1 and 2 go at once, call 3 waits for 100 points at 50 a second.
  expect(time.sleeps).toEqual([2000]);
});

test('a THROTTLED answer is sent again after a jittered back-off and the wait its cost needs', async () => {
  const time = fakeTime(0.5);
  const limiter = storeLimiter(time);
  const send = answers(throttled(cost(50, 10)), ok(cost(50, 950)));
  await expect(limiter.send(QUERY, undefined, send)).resolves.toEqual(ok(cost(50, 950)));
  expect(send).toHaveBeenCalledTimes(2);
  // Back-off 500 ms x (0.5 + 0.5 / 2); meanwhile 10 + 18.75 points, so 21.25 more at 50 a second.
  expect(time.sleeps).toEqual([375, 425]);
});

test('429 waits the Retry-After seconds', async () => {
  const time = fakeTime();
  const limiter = storeLimiter(time);
  const send = answers(status(429, '2'), status(429, '0.5'), ok());
  await expect(limiter.send(QUERY, undefined, send)).resolves.toEqual(ok());
  expect(time.sleeps).toEqual([2000, 500]);
});

test('503 backs off exponentially with bounded jitter and gives up after MAX_ATTEMPTS sends, returning the last answer', async () => {
  for (const [random, factor] of [
    [0, 0.5],
    [0.999, 0.9995],
  ]) {
    const time = fakeTime(random);
    const send = answers(status(503));
    await expect(storeLimiter(time).send(QUERY, undefined, send)).resolves.toEqual(status(503));
    expect(send).toHaveBeenCalledTimes(MAX_ATTEMPTS);
    expect(time.sleeps).toEqual(Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => BACKOFF_MS * 2 ** i * factor));
  }
});

test('waits between sends are bounded in total: a store that asks for longer is given up on', async () => {
  const time = fakeTime();
  const send = answers(status(429, String(MAX_RETRY_WAIT_MS / 1000 - 10)), status(429, '11'), ok());
  await expect(storeLimiter(time).send(QUERY, undefined, send)).resolves.toEqual(status(429, '11'));
  expect(send).toHaveBeenCalledTimes(2);
  expect(time.sleeps).toEqual([MAX_RETRY_WAIT_MS - 10_000]);
});

test.each([
  ['another GraphQL error', status(200, null, { errors: [{ message: 'Field does not exist', extensions: { code: 'undefinedField' } }] })],
  ['401', status(401, null, { errors: '[API] Invalid API key or access token' })],
  ['404', status(404)],
  ['500', status(500)],
])('%s is not sent again', async (_name, answer) => {
  const time = fakeTime();
  const send = answers(answer);
  await expect(storeLimiter(time).send(QUERY, undefined, send)).resolves.toBe(answer);
  expect(send).toHaveBeenCalledTimes(1);
  expect(time.sleeps).toEqual([]);
});
