/*
 * Graceful shutdown of the real server process (`tsx src/server/main.ts`, as `npm run serve` starts
 * it): SIGTERM stops accepting, closes idle keep-alive connections, lets the request in flight finish,
 * closes the database and exits 0; a second signal or the timeout end it at once with 1.
 *
 * The request in flight is a login sent with `Expect: 100-continue`: the server's `100 Continue`
 * proves it has the request and waits for the body, which the test sends only after the signal. No
 * sleeps: every step waits for a state (a line printed, a refused connection, a closed socket, an exit).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config';
import { migrateToLatest, openDatabase } from './db';
import { seedOrders } from './db/demo-orders';
import { bootstrap } from './db/seed';
import { workingSetIds } from './modules/order-lines/queries';
import { getGeneralSettings } from './modules/settings/service';
import { windowStart } from '../shared/working-set';
import { type ServerProcess, startServerProcess } from '../../test/server-process';

const ADMIN = { username: 'admin', password: 'admin-secret' };

const started: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const server of started) server.kill();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function startServer(env: Record<string, string> = {}, prepare?: (databaseUrl: string) => Promise<void>): Promise<ServerProcess> {
  const dir = mkdtempSync(join(process.env.TEST_TMP_DIR ?? tmpdir(), 'shutdown-'));
  dirs.push(dir);
  if (prepare) await prepare(`sqlite:${join(dir, 'app.db')}`);
  const server = await startServerProcess({
    DATABASE_URL: `sqlite:${join(dir, 'app.db')}`,
    DATA_DIR: dir,
    SESSION_SECRET: 'shutdown-test-secret-long-enough-for-hs256-0123456789',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...env,
  });
  started.push(server);
  return server;
}

/** An idle keep-alive connection: one answered request, then the socket stays open. */
async function idleKeepAlive(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  const closed = new Promise<void>((resolveClosed) => socket.once('close', () => resolveClosed()));
  socket.on('error', () => undefined);
  const answer = await new Promise<string>((resolveAnswer) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.includes('{"status":"ok"}')) resolveAnswer(text);
    });
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
  expect(answer).toMatch(/^HTTP\/1\.1 200/);
  expect(answer).toMatch(/connection: keep-alive/i);
  return { socket, closed };
}

interface InFlight {
  /** Sends the body; the answer follows. */
  finish(): void;
  answer: Promise<{ status: number; connection: string | undefined; body: string }>;
}

/** A login the server has received (it said 100 Continue) and waits to read the body of. */
async function loginInFlight(port: number, agent: http.Agent): Promise<InFlight> {
  const body = JSON.stringify(ADMIN);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/user/login',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const answer = new Promise<{ status: number; connection: string | undefined; body: string }>((resolveAnswer, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolveAnswer({ status: response.statusCode!, connection: response.headers.connection, body: text }));
    });
    request.on('error', reject);
  });
  answer.catch(() => undefined);
  await new Promise<void>((resolveContinue) => request.once('continue', () => resolveContinue()));
  return { finish: () => request.end(body), answer };
}

/**
 * The outcome of one connection attempt. The server stops listening a moment after it prints the
 * signal (its close hooks run first), so `refusedSoon` tries again as soon as each attempt is
 * answered, with no pause, until one is refused.
 */
function connectionAttempt(port: number): Promise<'refused' | 'accepted'> {
  return new Promise((resolveTry, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolveTry('accepted');
    });
    // Taken just as the server closed: reset rather than refused; the next attempt tells.
    socket.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolveTry('refused') : error.code === 'ECONNRESET' ? resolveTry('accepted') : reject(error),
    );
  });
}

async function refusedSoon(port: number): Promise<void> {
  for (let attempt = 0; attempt < 10_000; attempt++) if ((await connectionAttempt(port)) === 'refused') return;
  throw new Error('the server still accepted connections after 10,000 attempts');
}

test('SIGTERM: no new connections, idle keep-alive sockets closed, the request in flight answered 200, exit 0', async () => {
  const server = await startServer();
  const agent = new http.Agent({ keepAlive: true });
  try {
    const idle = await idleKeepAlive(server.port);
    const inFlight = await loginInFlight(server.port, agent);

    server.child.kill('SIGTERM');
    await server.printed(/SIGTERM: finishing requests in flight/);
    // The idle keep-alive connection does not hold the process: the server closed it.
    await refusedSoon(server.port);
    await idle.closed;
    expect(server.child.exitCode).toBeNull();

    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    // The login read the database: it was still open for the request in flight.
    expect(JSON.parse(answer.body)).toMatchObject({ token: expect.any(String), user_id: 1 });
    // Its connection (keep-alive until then) is closed after the answer instead of idling on.
    expect(answer.connection).toBe('close');

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/Stopped/);
  } finally {
    agent.destroy();
  }
}, 60_000);

test('SIGTERM during a streamed list: the answer begun before the signal arrives whole, then its connection closes and the process exits 0', async () => {
  let lines = 0;
  // 10,000 order lines make a list of about 14 MB, far more than the socket buffers hold: the server
  // is still writing it when the signal comes, and waits for the client to read on.
  const server = await startServer({}, async (databaseUrl) => {
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'shutdown-test-secret-long-enough-for-hs256-0123456789',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'true',
    });
    const handle = openDatabase(databaseUrl);
    await migrateToLatest(handle.db);
    await bootstrap(handle.db, config);
    await seedOrders(handle.db, 10_000, null, 5);
    const { working_set_days, time_zone } = await getGeneralSettings(handle.db);
    lines = (await workingSetIds(handle.db, { userId: 0 }, windowStart(Date.now(), working_set_days, time_zone)).execute()).length;
    await handle.close();
  });
  const agent = new http.Agent({ keepAlive: true });
  try {
    const login = await loginInFlight(server.port, agent);
    login.finish();
    const { token } = JSON.parse((await login.answer).body) as { token: string };

    const response = await new Promise<http.IncomingMessage>((resolveResponse, reject) => {
      http.get({ host: '127.0.0.1', port: server.port, path: '/api/v1/orders', agent, headers: { authorization: `Bearer ${token}` } }, resolveResponse).on('error', reject);
    });
    // Headers are in, the body is not read yet: the answer is in flight.
    response.pause();
    expect(response.statusCode).toBe(200);
    const socketClosed = new Promise<void>((resolveClosed) => response.socket.once('close', () => resolveClosed()));

    server.child.kill('SIGTERM');
    await server.printed(/SIGTERM: finishing requests in flight/);
    await refusedSoon(server.port);

    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolveEnd) => response.once('end', () => resolveEnd()));
    response.resume();
    await ended;
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { orders: unknown[] };
    expect(body.orders).toHaveLength(lines);
    // Its headers said keep-alive (they left before the signal); the server closes it after the last byte.
    await socketClosed;
    expect(await server.exited).toEqual({ code: 0, signal: null });
  } finally {
    agent.destroy();
  }
  // Without the close of the connection after its answer, the process would wait for the client's
  // keep-alive (72 s) and this test would time out.
}, 60_000);

test('a second signal ends the process at once with exit code 1, without waiting for the request in flight', async () => {
  const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '600000' });
  const agent = new http.Agent({ keepAlive: true });
  try {
    await loginInFlight(server.port, agent);
    server.child.kill('SIGTERM');
    await server.printed(/SIGTERM: finishing requests in flight/);
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.output()).toMatch(/SIGINT again: exiting without waiting/);
  } finally {
    agent.destroy();
  }
}, 60_000);

test('requests still running after SHUTDOWN_TIMEOUT_MS: the process exits anyway with exit code 1', async () => {
  const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '300' });
  const agent = new http.Agent({ keepAlive: true });
  try {
    await loginInFlight(server.port, agent);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.output()).toMatch(/Requests still running after 300 ms: exiting anyway/);
  } finally {
    agent.destroy();
  }
}, 60_000);
