import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import pg from 'pg';
import type { Db, DialectName } from '../../db';
import type { Database } from '../../db/schema';
import { committing } from '../../db/after-commit';
import { isWriteConflict } from '../../db/errors';
import { hearTold } from '../notifications/told';
import type { LineEvent, LineEventType, MetalVoucherMessage } from '../../../shared/live';

/*
 * Committed changes of order lines, told to whoever listens (the live sockets). A change is
 * recorded in the transaction that makes it, as a row of the change log (its id is the event's
 * version); listeners hear of it only after that transaction commits, never of a rolled-back one.
 * SQLite runs in one process: the bus is in memory. On PostgreSQL the writing transaction also
 * sends `pg_notify`, which the database delivers on commit to every process's listening
 * connection, so a socket on any process hears of a change made through any other. A metal
 * voucher written or answered travels the same way, told after its commit, but with no row in the
 * log: it has no version, and a screen reads its vouchers anew after a drop. So do the users given
 * new notifications (notifications/told.ts): their bells read their count again.
 */

/** A change as its writer describes it; the log gives it its version. */
export type LineChange = Omit<LineEvent, 'version'>;

/** Records changes inside the writing transaction; answers their versions, in the order given. */
export type RecordChanges = (changes: LineChange[]) => Promise<number[]>;

/** A metal voucher written or answered, as its writer tells it. */
export type VoucherChange = Omit<MetalVoucherMessage, 'type'>;

/** Tells of a voucher inside the writing transaction: heard, like line changes, only once it commits. */
export type AnnounceVoucher = (change: VoucherChange) => Promise<void>;

export type LiveListener = (
  message: { kind: 'events'; events: LineEvent[] } | { kind: 'vouchers'; vouchers: VoucherChange[] } | { kind: 'notifications'; users: number[] } | { kind: 'resync' },
) => void;

export interface LineBus {
  /**
   * Runs `work` in one transaction with a recorder for its line changes and one for its vouchers;
   * listeners hear of what was recorded once the transaction has committed.
   */
  write<T>(db: Db, work: (trx: Transaction<Database>, record: RecordChanges, announce: AnnounceVoucher) => Promise<T>): Promise<T>;
  subscribe(listener: LiveListener): () => void;
  /** Starts listening to the other processes (PostgreSQL); resolves once listening or after the first failed try. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export const NOTIFY_CHANNEL = 'order_line_changes';
/** PostgreSQL refuses a notification payload of 8000 bytes or more. */
const NOTIFY_LIMIT = 7_900;
const INSERT_CHUNK = 500;
const LISTEN_RETRY_MS = { first: 500, max: 30_000 };

type Packed = [LineEventType, number, number, number | null, number | null, number | null, number];
const pack = (e: LineEvent): Packed => [e.type, e.line_id, e.order_id, e.workshop_id, e.previous_workshop_id ?? null, e.customer_id, e.version];
const unpack = ([type, line_id, order_id, workshop_id, previous_workshop_id, customer_id, version]: Packed): LineEvent => ({
  type,
  line_id,
  order_id,
  workshop_id,
  ...(previous_workshop_id === null ? {} : { previous_workshop_id }),
  customer_id,
  version,
});

/** Payloads under PostgreSQL's limit, each naming the process that sent it. */
function payloads(origin: string, events: LineEvent[]): string[] {
  const texts: string[] = [];
  let batch: Packed[] = [];
  let size = 0;
  for (const event of events) {
    const packed = pack(event);
    const length = JSON.stringify(packed).length + 1;
    if (batch.length > 0 && size + length > NOTIFY_LIMIT - origin.length - 20) {
      texts.push(JSON.stringify({ o: origin, e: batch }));
      batch = [];
      size = 0;
    }
    batch.push(packed);
    size += length;
  }
  if (batch.length > 0) texts.push(JSON.stringify({ o: origin, e: batch }));
  return texts;
}

/** Inserts change rows and answers them as events, versions in order. */
async function logChanges(trx: Transaction<Database>, changes: LineChange[]): Promise<LineEvent[]> {
  const at = new Date().toISOString();
  const events: LineEvent[] = [];
  for (let i = 0; i < changes.length; i += INSERT_CHUNK) {
    const chunk = changes.slice(i, i + INSERT_CHUNK);
    const rows = await trx
      .insertInto('order_line_changes')
      .values(
        chunk.map((c) => ({
          line_id: c.line_id,
          order_id: c.order_id,
          type: c.type,
          workshop_id: c.workshop_id,
          previous_workshop_id: c.previous_workshop_id ?? null,
          customer_id: c.customer_id,
          created_at: at,
        })),
      )
      .returning('id')
      .execute();
    // Both databases number a multi-row insert's rows in the order of its values.
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);
    chunk.forEach((change, index) => events.push({ ...change, version: ids[index] }));
  }
  return events;
}

/** Tries of a write rolled back to end a deadlock (or a serialization failure), in all. */
export const WRITE_TRIES = 3;
/** About how long a second try waits (twice that before a third), so the two writers meet no more. */
const WRITE_RETRY_MS = 10;

export interface BusOptions {
  dialect: DialectName;
  /** The database the listening connection opens (PostgreSQL). */
  databaseUrl: string;
  /** Where listener failures are reported. */
  log: { warn(object: unknown, message: string): void; info(object: unknown, message: string): void };
}

export function lineBus({ dialect, databaseUrl, log }: BusOptions): LineBus {
  const origin = randomUUID();
  const listeners = new Set<LiveListener>();
  const tell: LiveListener = (message) => {
    for (const listener of listeners) listener(message);
  };
  const listening = dialect === 'postgres' ? pgListener(databaseUrl, origin, tell, log) : null;
  let stopHearing = () => {};

  /** One try of a write: a transaction of `work`, its changes told once it commits. */
  const writeOnce: LineBus['write'] = async (db, work) => {
    const committed: LineEvent[] = [];
    const vouchers: VoucherChange[] = [];
    // Jobs stored in it (an e-mail of a notification) are worked, and users given notifications told, once it commits.
    const result = await committing(db, async (trx) => {
      const notify = (payload: string) => trx.selectNoFrom((eb) => eb.fn('pg_notify', [eb.val(NOTIFY_CHANNEL), eb.val(payload)]).as('sent')).execute();
      const record: RecordChanges = async (changes) => {
        if (changes.length === 0) return [];
        const events = await logChanges(trx, changes);
        if (listening) for (const payload of payloads(origin, events)) await notify(payload);
        committed.push(...events);
        return events.map((event) => event.version);
      };
      const announce: AnnounceVoucher = async (change) => {
        if (listening) await notify(JSON.stringify({ o: origin, v: [change.voucher_id, change.workshop_id] }));
        vouchers.push(change);
      };
      return work(trx, record, announce);
    });
    // This process's own notifications are skipped by its listener: its sockets hear of them here, at once.
    if (committed.length > 0) tell({ kind: 'events', events: committed });
    if (vouchers.length > 0) tell({ kind: 'vouchers', vouchers });
    return result;
  };

  return {
    async write(db, work) {
      for (let tries = 1; ; tries++) {
        try {
          return await writeOnce(db, work);
        } catch (error) {
          // Rolled back whole to end a deadlock between two writers: tried again, a moment apart.
          // Inside another transaction, that one is the caller's to try again.
          if (!isWriteConflict(error) || tries >= WRITE_TRIES || db.isTransaction) throw error;
          await new Promise((resolve) => setTimeout(resolve, WRITE_RETRY_MS * tries * (0.5 + Math.random())));
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      // Users given notifications in any transaction that commits: this process's sockets hear of them at once, the other processes' through the database.
      stopHearing = hearTold((users) => {
        tell({ kind: 'notifications', users });
        listening?.notify(JSON.stringify({ o: origin, u: users }));
      });
      await listening?.start();
    },
    async close() {
      stopHearing();
      await listening?.close();
    },
  };
}

/**
 * One dedicated connection per process that LISTENs for the other processes' changes. When it
 * drops it reconnects with back-off and, listening again, tells its sockets to resync: whatever
 * was notified while it was away is not replayed by the database.
 */
/** How the listening connection names itself to PostgreSQL (pg_stat_activity), so an operator can tell it apart. */
export const LISTENER_NAME = 'atolye live listener';

function pgListener(databaseUrl: string, origin: string, tell: LiveListener, log: BusOptions['log']) {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let wait = LISTEN_RETRY_MS.first;
  let hasListened = false;

  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, wait);
    retry.unref();
    wait = Math.min(wait * 2, LISTEN_RETRY_MS.max);
  };

  async function connect(): Promise<void> {
    const connection = new pg.Client({ connectionString: databaseUrl, application_name: LISTENER_NAME });
    client = connection;
    const lost = (error?: Error) => {
      if (client !== connection) return;
      client = null;
      connection.removeAllListeners();
      connection.end().catch(() => undefined);
      if (!closed) {
        log.warn({ err: error }, 'live listener lost its database connection');
        schedule();
      }
    };
    connection.on('error', lost);
    connection.on('end', () => lost());
    connection.on('notification', ({ channel, payload }) => {
      if (channel !== NOTIFY_CHANNEL || !payload) return;
      try {
        const { o, e, v, u } = JSON.parse(payload) as { o: string; e?: Packed[]; v?: [number, number]; u?: number[] };
        if (o === origin) return;
        if (e) tell({ kind: 'events', events: e.map(unpack) });
        if (v) tell({ kind: 'vouchers', vouchers: [{ voucher_id: v[0], workshop_id: v[1] }] });
        if (u) tell({ kind: 'notifications', users: u });
      } catch (error) {
        log.warn({ err: error }, 'live listener received an unreadable notification');
      }
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${NOTIFY_CHANNEL}`);
      wait = LISTEN_RETRY_MS.first;
      if (hasListened) {
        log.info({}, 'live listener listens again; sockets resync');
        tell({ kind: 'resync' });
      }
      hasListened = true;
    } catch (error) {
      lost(error as Error);
    }
  }

  return {
    start: () => connect(),
    /** Tells the other processes after a commit, over the listening connection; while it is down they resync when it is back. */
    notify(payload: string) {
      client?.query('select pg_notify($1, $2)', [NOTIFY_CHANNEL, payload]).catch((error: unknown) => log.warn({ err: error }, 'live listener could not tell the other processes'));
    },
    /** Test hook and shutdown: drop the connection as a network failure would. */
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const connection = client;
      client = null;
      connection?.removeAllListeners();
      await connection?.end().catch(() => undefined);
    },
  };
}
