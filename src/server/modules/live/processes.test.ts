/*
 * Two server processes on one PostgreSQL database, as behind a load balancer: process A is this
 * test's app, process B a real `main.ts` process. A change made through either reaches the sockets
 * of the other through LISTEN/NOTIFY; when B's listening connection is cut, B listens again and
 * tells its sockets to resync, and changes flow again.
 */
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { type Fixture, startFixture } from '../../../../test/fixture';
import { testDatabases } from '../../../../test/databases';
import { type LiveClient, liveClient } from '../../../../test/live-client';
import { type ServerProcess, startServerProcess } from '../../../../test/server-process';
import { API } from '../../../shared/api';
import type { LineEvent, LiveMessage } from '../../../shared/live';
import { LISTENER_NAME } from './bus';

const postgres = testDatabases().filter((database) => database.name === 'postgres');
const eventOf = (lineId: number) => (message: LiveMessage) => 'line_id' in message && message.line_id === lineId;

(postgres.length ? describe : describe.skip)('live channel across two processes on PostgreSQL', () => {
  let f: Fixture;
  let databaseUrl: string;
  let processB: ServerProcess;
  let socketA: LiveClient;
  let socketB: LiveClient;

  beforeAll(async () => {
    databaseUrl = await postgres[0].create();
    f = await startFixture(databaseUrl);
    await f.t.app.listen({ port: 0, host: '127.0.0.1' });
    processB = await startServerProcess({ DATABASE_URL: databaseUrl, SESSION_SECRET: f.t.config.sessionSecret, DATA_DIR: f.t.config.dataDir, ADMIN_USERNAME: 'admin' });
    const admin = f.caller('admin').token!;
    socketA = liveClient(`ws://127.0.0.1:${(f.t.app.server.address() as AddressInfo).port}/ws/orders`, { authMessage: admin });
    socketB = liveClient(`ws://127.0.0.1:${processB.port}/ws/orders`, { authMessage: admin });
    await socketA.next((m) => m.type === 'ready');
    await socketB.next((m) => m.type === 'ready');
  }, 60_000);
  afterAll(async () => {
    socketA?.close();
    socketB?.close();
    processB?.kill();
    await f?.close();
  });

  const approveThrough = async (port: number | null, lineId: number, caller: string) => {
    const path = API.myWorkshopApprove(lineId);
    const token = f.caller(caller).token;
    if (port === null) return (await f.t.call('PATCH', path, { token, body: { approved: true } })).status;
    const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ approved: true }),
    });
    return answer.status;
  };

  test('a change through process A reaches a socket on process B, and one through B a socket on A', async () => {
    expect(await approveThrough(null, f.ids.line, 'workshop')).toBe(200);
    const onB = (await socketB.next(eventOf(f.ids.line))) as LineEvent;
    const onA = (await socketA.next(eventOf(f.ids.line))) as LineEvent;
    expect(onB).toEqual(onA);
    expect(onB).toMatchObject({ type: 'order_update', workshop_id: f.ids.workshop, customer_id: f.ids.customer });

    expect(await approveThrough(processB.port, f.ids.otherLine, 'other workshop')).toBe(200);
    expect(await socketA.next(eventOf(f.ids.otherLine))).toMatchObject({ workshop_id: f.ids.otherWorkshop });
    await socketB.next(eventOf(f.ids.otherLine));
  });

  test('a voucher answered through process A reaches a socket on process B', async () => {
    expect((await f.t.call('POST', API.metalVoucherConfirm(f.ids.voucher), { token: f.caller('workshop').token, body: {} })).status).toBe(200);
    expect(await socketB.next((m) => m.type === 'metal_voucher')).toEqual({ type: 'metal_voucher', voucher_id: f.ids.voucher, workshop_id: f.ids.workshop });
  });

  test('process B’s listener cut off: it listens again, its sockets are told to resync, and changes flow again', async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      // Every connection listening on the channel but process A's own: that is process B's.
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
        [LISTENER_NAME],
      );
      expect(rows.length).toBe(2);
      // Cut both: A's listener reconnects too; B's sockets must still hear of A's changes afterwards.
      for (const { pid } of rows) await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await socketB.next((m) => m.type === 'resync', 15_000);
    await socketA.next((m) => m.type === 'resync', 15_000);
    const moved = await f.t.call('PATCH', API.myWorkshopNextStep(f.ids.line), { token: f.caller('workshop').token, body: {} });
    expect(moved.status).toBe(200);
    const events = (message: LiveMessage) => eventOf(f.ids.line)(message) && (message as LineEvent).type === 'status_change';
    await socketB.next(events);
  }, 30_000);
});
