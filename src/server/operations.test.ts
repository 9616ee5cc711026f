import { mkdtempSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config';
import { testDatabases } from '../../test/databases';
import { ADMIN, startTestApp, type TestApp } from '../../test/server';
import { buildApp } from './app';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db';
import { bootstrap } from './db/seed';
import { redactUrl } from './plugins/logging';

const NO_CLIENT = join(tmpdir(), 'no-client-build');

describe.each(testDatabases())('health endpoints on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(await database.create());
  });
  afterAll(() => t.close());

  test('/healthz answers while the process runs, /readyz once the database answers and is migrated; no session needed', async () => {
    expect(await t.call('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' }, headers: { 'cache-control': 'no-store' } });
    expect(await t.call('GET', '/readyz')).toMatchObject({
      status: 200,
      body: { status: 'ready', database: 'ok', pending_migrations: [] },
    });
    // Probes are not rate limited (a load balancer asks every few seconds, from one address).
    for (let i = 0; i < 100; i++) expect((await t.call('GET', '/readyz')).status).toBe(200);
    // HEAD works too (some balancers probe with it).
    expect((await t.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
  });

  test('/readyz answers 503 naming the migration that is pending', async () => {
    const last = await t.db
      .selectFrom('kysely_migration' as never)
      .select(['name' as never, 'timestamp' as never])
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow() as { name: string; timestamp: string };
    await t.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', last.name as never).execute();
    try {
      const { status, body } = await t.call('GET', '/readyz');
      expect(status).toBe(503);
      expect(body).toEqual({ status: 'unavailable', database: 'ok', pending_migrations: [last.name] });
      // The process itself is fine: the balancer must not restart it for that.
      expect((await t.call('GET', '/healthz')).status).toBe(200);
    } finally {
      await t.db.insertInto('kysely_migration' as never).values(last as never).execute();
    }
    expect((await t.call('GET', '/readyz')).status).toBe(200);
  });
});

describe('/readyz when the database does not answer', () => {
  async function appOn(handle: DatabaseHandle, dir: string): Promise<FastifyInstance> {
    const config = loadConfig({
      DATABASE_URL: handle.dialect === 'sqlite' ? `sqlite:${join(dir, 'gone.db')}` : 'postgres://nobody@127.0.0.1:1/none',
      DATA_DIR: dir,
      SESSION_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      LOG_LEVEL: 'silent',
    });
    return buildApp(config, handle, NO_CLIENT);
  }

  test('a closed database: 503 at once, /healthz still 200', async () => {
    const dir = mkdtempSync(join(process.env.TEST_TMP_DIR ?? tmpdir(), 'ready-'));
    const handle = openDatabase(`sqlite:${join(dir, 'app.db')}`);
    await migrateToLatest(handle.db);
    const app = await appOn(handle, dir);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await handle.close();
    const answer = await app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });

  test('a PostgreSQL server that accepts connections and never answers: 503 after the readiness timeout, not a hung probe', async () => {
    // A black hole: takes the TCP connection, never says a word.
    const sockets = new Set<Socket>();
    const hole: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
    const { port } = hole.address() as { port: number };
    const dir = mkdtempSync(join(process.env.TEST_TMP_DIR ?? tmpdir(), 'ready-'));
    const handle = openDatabase(`postgres://nobody@127.0.0.1:${port}/none`);
    const app = await appOn(handle, dir);
    try {
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => hole.close(() => resolve()));
      await app.close();
      await handle.close().catch(() => undefined);
    }
  });
});

describe('logs', () => {
  const SESSION_SECRET = 'log-test-secret-that-is-long-enough-for-hs256-0123';

  /** The production app on a fresh SQLite file, its log lines collected (parsed) instead of printed. */
  async function loggedApp(level: 'warn' | 'info' | 'debug') {
    const dir = mkdtempSync(join(process.env.TEST_TMP_DIR ?? tmpdir(), 'logs-'));
    const config = loadConfig({
      DATABASE_URL: `sqlite:${join(dir, 'app.db')}`,
      DATA_DIR: dir,
      SESSION_SECRET,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'false',
      LOG_LEVEL: level,
    });
    const handle = openDatabase(config.databaseUrl);
    await migrateToLatest(handle.db);
    await bootstrap(handle.db, config);
    const text: string[] = [];
    const app = await buildApp(config, handle, NO_CLIENT, { write: (line) => text.push(line) });
    // A fault the way a bug or a driver raises it: a plain Error with a deep stack.
    app.get('/fails', async () => {
      const deep = (n: number): never => (n === 0 ? (() => { throw new Error('the disk is full'); })() : deep(n - 1));
      return deep(20);
    });
    // A list whose reading fails after its first rows left (headers sent: the status stays 200).
    app.get('/fails-mid-stream', async (_request, reply) => {
      const rows = (async function* rowsThenFailure() {
        yield '{"orders":[';
        await new Promise((resolve) => setImmediate(resolve));
        throw new Error('database disk image is malformed');
      })();
      return reply.type('application/json').send(Readable.from(rows));
    });
    return {
      app,
      handle,
      text: () => text.join(''),
      lines: () => text.flatMap((chunk) => chunk.split('\n')).filter(Boolean).map((line) => JSON.parse(line) as Record<string, any>),
      close: async () => {
        await app.close();
        await handle.close().catch(() => undefined);
      },
    };
  }

  test('each 5xx writes one line (message, code, request id, method, URL) without a stack at warn; the answer carries the same id', async () => {
    const logged = await loggedApp('warn');
    try {
      const failed = await logged.app.inject({ method: 'GET', url: '/fails?token=query-secret-1234&page=2' });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ error: expect.any(String), code: 'INTERNAL', message: { key: 'errors:internal', values: {} } });
      let lines = logged.lines();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 50,
        reqId: failed.headers['x-request-id'],
        statusCode: 500,
        code: 'Error',
        method: 'GET',
        url: '/fails?token=[redacted]&page=2',
        msg: 'the disk is full',
      });
      expect(lines[0]).not.toHaveProperty('err');
      expect(logged.text()).not.toContain('    at ');
      expect(logged.text().length).toBeLessThan(400);

      // A real fault from the database layer: the database is gone under a login.
      await logged.handle.close();
      const login = await logged.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'admin', password: ADMIN.password } });
      expect(login.statusCode).toBe(500);
      lines = logged.lines();
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatchObject({ level: 50, reqId: login.headers['x-request-id'], method: 'POST', url: '/api/v1/user/login' });
      expect(lines[1].reqId).not.toBe(lines[0].reqId);
      expect(logged.text()).not.toContain('    at ');
      expect(logged.text()).not.toContain(ADMIN.password);
    } finally {
      await logged.close();
    }
  });

  test('a list that fails after its headers left: one line, without the stack', async () => {
    const logged = await loggedApp('warn');
    try {
      // The connection is cut under the answer, the way a client sees a list that broke off.
      await expect(logged.app.inject({ method: 'GET', url: '/fails-mid-stream?token=query-secret-1234' })).rejects.toThrow(/destroyed/);
      const lines = logged.lines();
      expect(lines.filter((line) => line.level >= 40)).toHaveLength(1);
      expect(lines[0]).toMatchObject({ reqId: expect.any(String), error: 'database disk image is malformed', url: '/fails-mid-stream?token=[redacted]' });
      expect(logged.text()).not.toContain('    at ');
      expect(logged.text()).not.toContain('query-secret-1234');
    } finally {
      await logged.close();
    }
  });

  test('at info, a 5xx is still one error line; probes leave no request lines', async () => {
    const logged = await loggedApp('info');
    try {
      for (let i = 0; i < 5; i++) {
        expect((await logged.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        expect((await logged.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      }
      expect(logged.lines().filter((line) => /\/(healthz|readyz)/.test(JSON.stringify(line)))).toEqual([]);
      await logged.app.inject({ method: 'GET', url: '/fails' });
      const lines = logged.lines();
      expect(lines.filter((line) => line.level >= 50)).toHaveLength(1);
      // The request lines of the failed call are there (incoming, completed), with the same id.
      expect(new Set(lines.map((line) => line.reqId)).size).toBe(1);
      expect(logged.text()).not.toContain('    at ');
    } finally {
      await logged.close();
    }
  });

  test('at debug, the 5xx line carries the stack', async () => {
    const logged = await loggedApp('debug');
    try {
      await logged.app.inject({ method: 'GET', url: '/fails' });
      const errors = logged.lines().filter((line) => line.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0].err).toMatchObject({ type: 'Error', message: 'the disk is full' });
      expect(errors[0].err.stack).toContain('    at ');
      // Probes log their request lines at debug.
      await logged.app.inject({ method: 'GET', url: '/healthz' });
      expect(logged.text()).toContain('/healthz');
    } finally {
      await logged.close();
    }
  });

  test('no password, token, refresh token, cookie or secret query parameter reaches a log line, even at debug', async () => {
    const logged = await loggedApp('debug');
    try {
      const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
        logged.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

      const login = await call('POST', '/api/v1/user/login', {}, { username: 'admin', password: ADMIN.password });
      expect(login.statusCode).toBe(200);
      const { token, refresh_token } = login.json() as { token: string; refresh_token: string };
      const wrong = await call('POST', '/api/v1/user/login', {}, { username: 'admin', password: 'wrong-password-777' });
      expect(wrong.statusCode).toBe(401);
      expect((await call('GET', '/api/v1/user', { authorization: `Bearer ${token}`, cookie: 'sid=cookie-secret-42' })).statusCode).toBe(200);
      const refreshed = await call('POST', '/api/v1/user/refresh', {}, { refresh_token });
      expect(refreshed.statusCode).toBe(200);
      // A WebSocket-style token in the query, a password-reset link, a 5xx with credentials on it.
      await call('GET', `/ws/orders?token=${token}&user_id=1`);
      await call('GET', '/reset-password?token=reset-link-secret-99');
      await call('GET', `/fails?access_token=${token}`, { authorization: `Bearer ${token}` });
      // If a route ever logs the headers, the credentials in them are censored.
      logged.app.log.warn({ headers: { authorization: `Bearer ${token}`, cookie: 'sid=cookie-secret-42' } }, 'headers');

      const text = logged.text();
      for (const secret of [
        ADMIN.password,
        'wrong-password-777',
        token,
        token.split('.')[2],
        refresh_token,
        (refreshed.json() as { refresh_token: string }).refresh_token,
        'cookie-secret-42',
        'reset-link-secret-99',
        SESSION_SECRET,
      ]) {
        expect(text).not.toContain(secret);
      }
      // The lines are there, just without the secrets.
      expect(text).toContain('"url":"/api/v1/user/login"');
      expect(text).toContain('/ws/orders?token=[redacted]&user_id=1');
      expect(text).toContain('/reset-password?token=[redacted]');
      expect(text).toContain('"authorization":"[redacted]"');
    } finally {
      await logged.close();
    }
  });

  test('redactUrl hides the values of secret-looking query parameters and keeps the rest', () => {
    expect(redactUrl('/api/v1/orders')).toBe('/api/v1/orders');
    expect(redactUrl('/ws?token=abc&user_id=3&role=2')).toBe('/ws?token=[redacted]&user_id=3&role=2');
    expect(redactUrl('/x?refresh_token=a&Password=b&api_key=c&hmac=d&flag&q=token')).toBe(
      '/x?refresh_token=[redacted]&Password=[redacted]&api_key=[redacted]&hmac=[redacted]&flag&q=token',
    );
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
  });
});
