import type { FastifyInstance } from 'fastify';
import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import type { Config } from '../../../config';
import type { Db } from '../db';
import { migrationProvider } from '../db/migrations';

/** A readiness check that takes longer than this answers 503 (a pool with no free connection, a hung server). */
export const READY_TIMEOUT_MS = 2000;

export interface Readiness {
  status: 'ready' | 'unavailable';
  database: 'ok' | 'unreachable';
  /** Migrations of this build not yet applied to the database (absent when the database did not answer). */
  pending_migrations?: string[];
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Whether the database answers and holds every migration this build knows. */
export async function readiness(db: Db, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  try {
    await withTimeout(sql`select 1`.execute(db), timeoutMs);
  } catch {
    return { status: 'unavailable', database: 'unreachable' };
  }
  const known = Object.keys(await migrationProvider.getMigrations());
  let applied: Set<string>;
  try {
    const rows = await withTimeout(sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db), timeoutMs);
    applied = new Set(rows.rows.map((row) => row.name));
  } catch {
    // The database answered a moment ago: no migration table yet means nothing is applied.
    applied = new Set();
  }
  const pending = known.filter((name) => !applied.has(name));
  return { status: pending.length ? 'unavailable' : 'ready', database: 'ok', pending_migrations: pending };
}

/**
 * `GET /healthz` (the process answers) and `GET /readyz` (the database answers and is migrated) for
 * a load balancer. Outside `/api` and its session guard, not rate limited. A probe every few
 * seconds would fill an info log with two request lines each, so at LOG_LEVEL=info their request
 * lines are dropped (they show at debug); a failed readiness check logs one warning with its reason.
 */
export function healthRoutes(app: FastifyInstance, db: Db, logLevel: Config['logLevel']): void {
  const options = {
    config: { public: true },
    ...(logLevel === 'info' ? { logLevel: 'warn' as const } : {}),
  };
  const probe = (summary: string) => ({ ...options, config: { ...options.config, area: 'Operations', summary } });
  app.get('/healthz', probe('The process answers: {"status":"ok"}'), async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  app.get('/readyz', probe('Ready: the database answers and every migration is applied; otherwise 503 with what is missing'), async (request, reply) => {
    const state = await readiness(db);
    reply.header('cache-control', 'no-store');
    if (state.status !== 'ready') {
      request.log.warn({ readiness: state }, 'not ready');
      return reply.code(503).send(state);
    }
    return reply.send(state);
  });
}

/**
 * Part of `app.close()`: Fastify stops accepting and closes idle keep-alive connections when the
 * close begins, but a connection busy with a request then stays open after its answer until the
 * client's keep-alive ends (72 s by default), and holds the close that long. From the start of the
 * close every answer says `Connection: close`, and an answer whose headers were sent before (a
 * streamed list) closes its connection once it has been handed to the network.
 */
export function closeConnectionsOnClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) app.server.closeIdleConnections();
    done();
  });
}
