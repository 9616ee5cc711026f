/*
 * One client process of the live benchmark (bench/live.ts), forked by it: opens its share of the
 * sockets on /ws/orders, notes when each line event arrives and, at the end of a phase, tells the
 * bench how many events each socket got against what it should have heard and how long they took.
 * Arrival times are performance.timeOrigin + performance.now(), the clock the bench stamps its
 * requests with (same machine), so the latencies need no clock sync.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { LiveMessage } from '../src/shared/live';

/** One socket to open: where, with whose token, and what its user may hear. */
export interface SocketSpec {
  url: string;
  token: string;
  /** 'all' hears every line (admin, office); otherwise the workshop's or customer's own lines. */
  hears: { all: true } | { workshopId: number } | { customerId: number };
  /** The server process it is connected to ('A' takes the writes, 'B' hears them through NOTIFY). */
  group: string;
}

/** A committed change of the phase, as the bench read it from the change log. */
export interface Change {
  version: number;
  workshop_id: number | null;
  previous_workshop_id: number | null;
  customer_id: number | null;
  /** When its request was sent (epoch ms, fractional), or null when no request of the bench matched it. */
  sentAt: number | null;
}

export type Command =
  | { cmd: 'open'; sockets: SocketSpec[]; concurrency: number }
  /** Starts a phase: arrivals and CPU are counted from now. */
  | { cmd: 'mark' }
  /** How many events arrived so far in this phase (to see deliveries settle). */
  | { cmd: 'count' }
  | { cmd: 'collect'; changes: Change[] }
  | { cmd: 'close' };

export interface GroupResult {
  expected: number;
  received: number;
  /** Expected events that never arrived. */
  missing: number;
  duplicates: number;
  /** Events of the phase the socket's user may not hear (a leak), or of versions the bench does not know. */
  unexpected: number;
  /** Sockets that missed at least one event. */
  socketsShort: number;
  /** Request sent to arrival, ms, of every delivered event whose request is known. */
  latencies: number[];
}

export type Reply =
  | { kind: 'opened'; ready: number; failed: number; firstError: string | null; ms: number }
  | { kind: 'count'; arrivals: number }
  | {
      kind: 'collected';
      groups: Record<string, GroupResult>;
      /** Sockets closed during the phase, by close code. */
      closes: Record<string, number>;
      /** CPU of this process during the phase, ms (user + system), and the phase's wall time, ms. */
      cpuMs: number;
      wallMs: number;
      /** Event loop delay of this process during the phase, ms: a busy client delays what it notes. */
      loopDelay: { p99: number; max: number };
    };

interface Open {
  spec: SocketSpec;
  socket: WebSocket;
  /** Version, arrival, version, arrival... of the phase. */
  arrivals: number[];
}

const now = () => performance.timeOrigin + performance.now();
const send = (reply: Reply) => process.send!(reply);

const open: Open[] = [];
let closes: Record<string, number> = {};
let cpuAt = process.cpuUsage();
let markedAt = now();
const loop = monitorEventLoopDelay({ resolution: 5 });

/** Opens one socket and resolves once the server said ready (or with the reason it did not). */
function connect(spec: SocketSpec): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = new WebSocket(spec.url, { perMessageDeflate: false });
    const entry: Open = { spec, socket, arrivals: [] };
    let ready = false;
    const timer = setTimeout(() => {
      socket.terminate();
      resolve('no ready message within 30 s');
    }, 30_000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: spec.token })));
    socket.on('message', (data) => {
      const at = now();
      const message = JSON.parse(String(data)) as LiveMessage;
      if (!ready) {
        if (message.type !== 'ready') return;
        ready = true;
        clearTimeout(timer);
        open.push(entry);
        return resolve(null);
      }
      // Under a burst the server sends several events in one message.
      for (const event of message.type === 'batch' ? message.events : [message]) if ('line_id' in event) entry.arrivals.push(event.version, at);
    });
    socket.on('error', (error) => {
      if (ready) return;
      clearTimeout(timer);
      resolve(String(error));
    });
    socket.on('close', (code) => {
      if (!ready) {
        clearTimeout(timer);
        return resolve(`closed ${code} before ready`);
      }
      closes[code] = (closes[code] ?? 0) + 1;
    });
  });
}

async function openAll(sockets: SocketSpec[], concurrency: number): Promise<void> {
  const started = now();
  let next = 0;
  let failed = 0;
  let firstError: string | null = null;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < sockets.length) {
        const error = await connect(sockets[next++]);
        if (error) {
          failed++;
          firstError ??= error;
        }
      }
    }),
  );
  send({ kind: 'opened', ready: open.length, failed, firstError, ms: now() - started });
}

const mayHear = (hears: SocketSpec['hears'], change: Change) =>
  'all' in hears ||
  ('workshopId' in hears && (change.workshop_id === hears.workshopId || change.previous_workshop_id === hears.workshopId)) ||
  ('customerId' in hears && change.customer_id === hears.customerId);

function collect(changes: Change[]): void {
  const cpu = process.cpuUsage(cpuAt);
  const byVersion = new Map(changes.map((change) => [change.version, change]));
  const groups: Record<string, GroupResult> = {};
  for (const { spec, arrivals } of open) {
    const group = (groups[spec.group] ??= { expected: 0, received: 0, missing: 0, duplicates: 0, unexpected: 0, socketsShort: 0, latencies: [] });
    const seen = new Set<number>();
    for (let i = 0; i < arrivals.length; i += 2) {
      const change = byVersion.get(arrivals[i]);
      if (!change || !mayHear(spec.hears, change)) {
        group.unexpected++;
        continue;
      }
      if (seen.has(change.version)) {
        group.duplicates++;
        continue;
      }
      seen.add(change.version);
      group.received++;
      if (change.sentAt !== null) group.latencies.push(Math.round((arrivals[i + 1] - change.sentAt) * 100) / 100);
    }
    let expected = 0;
    for (const change of changes) if (mayHear(spec.hears, change)) expected++;
    group.expected += expected;
    group.missing += expected - seen.size;
    if (seen.size < expected) group.socketsShort++;
  }
  send({
    kind: 'collected',
    groups,
    closes,
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs: now() - markedAt,
    loopDelay: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
  });
}

process.on('message', (command: Command) => {
  switch (command.cmd) {
    case 'open':
      void openAll(command.sockets, command.concurrency);
      break;
    case 'mark':
      for (const entry of open) entry.arrivals = [];
      closes = {};
      cpuAt = process.cpuUsage();
      markedAt = now();
      loop.reset();
      loop.enable();
      break;
    case 'count':
      send({ kind: 'count', arrivals: open.reduce((sum, entry) => sum + entry.arrivals.length / 2, 0) });
      break;
    case 'collect':
      loop.disable();
      collect(command.changes);
      break;
    case 'close':
      for (const { socket } of open) socket.close(1000);
      // Gone even if a close handshake hangs: the bench waits for this exit.
      setTimeout(() => process.exit(0), 2_000).unref();
      process.disconnect();
      break;
  }
});
