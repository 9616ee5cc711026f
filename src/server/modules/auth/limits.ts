import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Config } from '../../../../config';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { othersTurn } from '../../db/turns';

/*
 * The abuse limits of the open and password routes. Every counter is a row of `rate_limits`, so
 * all processes on one PostgreSQL database count together, and each attempt is counted by one
 * upsert that answers the new count: however many requests arrive at once, no more than `max` of
 * them are let through in a window. Windows are fixed: a counter starts at the first attempt and
 * starts again from 1 once its window has ended; the housekeeping deletes the ended ones.
 */

/** At most `max` counted attempts of one subject per window of `windowMs`. */
export interface Limit {
  /** Part of the row's key; unique per limit. */
  name: string;
  max: number;
  windowMs: number;
}

/** One attempt to count: a limit and who it is counted for (a client address, an e-mail address, a user). */
export interface Hit {
  limit: Limit;
  subject: string;
}

/** Counted attempts; `giveBack` uncounts them, for limits that count only failures. */
export interface Attempt {
  giveBack(): Promise<void>;
}

/** The refusal: 429 with the wait in the sentence; `retryAfterS` goes into the Retry-After header. */
export class TooManyAttempts extends AppError {
  constructor(readonly retryAfterS: number) {
    super(429, 'TOO_MANY_REQUESTS', 'errors:tooManyRequestsWait', { minutes: Math.max(1, Math.ceil(retryAfterS / 60)) });
  }
}

export interface Limits {
  /**
   * Counts one attempt against every hit, in one statement. When any counter is past its limit,
   * the attempt is given back at once (it did not happen) and TooManyAttempts is thrown, after
   * setting Retry-After on `reply` when one is given.
   */
  take(hits: Hit[], reply?: FastifyReply): Promise<Attempt>;
  /** Deletes the counters whose window has ended, `batch` per statement until `stopped`; returns how many. */
  sweep(options?: { batch: number; stopped: () => boolean }): Promise<number>;
}

/** The row key: the limit's name and a hash of the subject, so any subject fits and none is stored in clear. */
export function limitKey(limit: Limit, subject: string): string {
  return `${limit.name}:${createHash('sha256').update(subject).digest('base64url')}`;
}

/** The counters of `db`, read against `clock` (epoch milliseconds; tests pass their own). */
export function rateLimits(db: Db, clock: () => number = Date.now): Limits {
  async function giveBack(rows: Array<{ key: string; reset_at: number }>): Promise<void> {
    // One row per statement, in key order: a statement that locks several rows in the order the
    // database scans them can deadlock with another request's upsert (seen on PostgreSQL with
    // forty simultaneous logins of one shared account); one lock at a time never waits in a cycle.
    for (const row of [...rows].sort((a, b) => (a.key < b.key ? -1 : 1))) {
      // Only the window the attempt was counted in: a counter that started again keeps its count.
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ hits: eb('hits', '-', 1) }))
        .where('key', '=', row.key)
        .where('reset_at', '=', row.reset_at)
        .where('hits', '>', 0)
        .execute();
      // A counter back at nothing is no counter: refused and successful attempts leave no rows behind.
      await db.deleteFrom('rate_limits').where('key', '=', row.key).where('hits', '<=', 0).execute();
    }
  }

  return {
    async take(hits, reply) {
      if (hits.length === 0) return { giveBack: async () => {} };
      const now = clock();
      const limitOf = new Map(hits.map((hit) => [limitKey(hit.limit, hit.subject), hit.limit]));
      // One order for every caller, so two statements never wait on each other's rows.
      const keys = [...limitOf.keys()].sort();
      const rows = await db
        .insertInto('rate_limits')
        .values(keys.map((key) => ({ key, hits: 1, reset_at: now + limitOf.get(key)!.windowMs })))
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
            reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end`,
          }),
        )
        .returning(['key', 'hits', 'reset_at'])
        .execute();
      const counted = rows.map((row) => ({ key: row.key, hits: Number(row.hits), reset_at: Number(row.reset_at) }));
      const over = counted.filter((row) => row.hits > limitOf.get(row.key)!.max);
      if (over.length > 0) {
        await giveBack(counted);
        const retryAfterS = Math.max(1, Math.ceil((Math.max(...over.map((row) => row.reset_at)) - now) / 1000));
        reply?.header('retry-after', String(retryAfterS));
        throw new TooManyAttempts(retryAfterS);
      }
      let returned = false;
      return {
        async giveBack() {
          if (returned) return;
          returned = true;
          await giveBack(counted);
        },
      };
    },

    async sweep({ batch, stopped } = { batch: SWEEP_BATCH, stopped: () => false }) {
      const now = clock();
      let removed = 0;
      while (!stopped()) {
        if (removed > 0) await othersTurn();
        const expired = (eb: ExpressionBuilder<Database, 'rate_limits'>) => eb.selectFrom('rate_limits').select('key').where('reset_at', '<=', now).limit(batch);
        const deleted = Number((await db.deleteFrom('rate_limits').where('key', 'in', expired).executeTakeFirst()).numDeletedRows);
        if (deleted === 0) break;
        removed += deleted;
      }
      return removed;
    },
  };
}

/** Counters one sweep statement deletes. */
const SWEEP_BATCH = 1000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type LimitSettings = Pick<
  Config,
  | 'loginRateLimit'
  | 'loginRateWindowMs'
  | 'loginFailureLimit'
  | 'loginFailureWindowMs'
  | 'passwordChangeLimit'
  | 'forgotPasswordLimit'
  | 'forgotPasswordClientLimit'
  | 'registerLimit'
>;

/** The limits of the auth routes, from the configuration (README, "Configuration"). */
export function authLimits(config: LimitSettings) {
  return {
    /** Failed logins per client address and username. */
    loginPerName: { name: 'login', max: config.loginRateLimit, windowMs: config.loginRateWindowMs },
    /** Failed logins per client address, whatever the usernames (a password spray). */
    loginPerClient: { name: 'login-client', max: config.loginFailureLimit, windowMs: config.loginFailureWindowMs },
    /** Failed password changes (a wrong current password) per user. */
    passwordChange: { name: 'password-change', max: config.passwordChangeLimit, windowMs: 15 * MINUTE },
    /** Reset requests per e-mail address, known or not. */
    forgotPerAddress: { name: 'forgot', max: config.forgotPasswordLimit, windowMs: HOUR },
    /** Reset requests per client address. */
    forgotPerClient: { name: 'forgot-client', max: config.forgotPasswordClientLimit, windowMs: HOUR },
    /** Registrations per client address, taken names included. */
    register: { name: 'register', max: config.registerLimit, windowMs: HOUR },
  } satisfies Record<string, Limit>;
}
