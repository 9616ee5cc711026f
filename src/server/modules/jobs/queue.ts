import type { Selectable, Transaction } from 'kysely';
import type { Db, DialectName } from '../../db';
import { afterCommit, committing } from '../../db/after-commit';
import type { Database, JobsTable } from '../../db/schema';
import { othersTurn } from '../../db/turns';

/*
 * Durable jobs: what arrived from a shop (a webhook) or must reach it (a fulfilment) is a row
 * before anything is done with it, so a crash loses nothing: a job is taken by one worker at a
 * time (on PostgreSQL `FOR UPDATE SKIP LOCKED`, so several processes share the work), retried
 * with back-off when it fails, and kept, with its error, when it has failed too often.
 */

export type Job = Selectable<JobsTable>;

/** The jobs of the shops ('Mağazalar' lists these), worked by the shops' worker. */
export const SHOP_JOB_KINDS = ['webhook', 'subscribe', 'fulfil', 'reconcile'] as const;
export type ShopJobKind = (typeof SHOP_JOB_KINDS)[number];
/** An e-mail to send, worked by a worker of its own: a slow mail server never holds up a webhook. */
export const MAIL_JOB_KIND = 'mail';

/** A job taken is the worker's for this long; past it (the process died), another takes it again. */
export const JOB_LOCK_MS = 120_000;
/** Tries before a job stays failed (visible, retried by hand). */
export const JOB_MAX_ATTEMPTS = 8;
/** Back-off between tries: 5 s, 10 s, 20 s ... at most an hour, each shortened by up to half at random. */
export function retryDelayMs(attempts: number, random = Math.random): number {
  const full = Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(full * (0.5 + random() / 2));
}

/**
 * How a worker's jobs are tried again: after `delayMs(attempts)`, until `maxAttempts` tries have
 * failed; then `gaveUp`, in the transaction that marks the job failed (the office is told).
 */
export interface RetryPolicy {
  maxAttempts: number;
  delayMs: (attempts: number, random: () => number) => number;
  gaveUp?: (trx: Transaction<Database>, job: Job) => Promise<void>;
}

/** The shops' jobs: a store is usually back within the hour. */
export const SHOP_RETRY: RetryPolicy = { maxAttempts: JOB_MAX_ATTEMPTS, delayMs: retryDelayMs };

export interface NewJob {
  kind: string;
  /** What makes two jobs the same (a webhook's id): the second is not stored. */
  key: string;
  connectionId: number | null;
  payload: unknown;
}

/** The wakes of this process's running workers, by the kinds they work: a job stored in a transaction opened by `db/after-commit.ts` `committing` is worked as soon as it commits. */
const wakesOf = new Map<string, Set<() => void>>();

/** Stores a job unless one with its key exists; true when stored. */
export async function enqueue(db: Db, job: NewJob, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .insertInto('jobs')
    .values({ kind: job.kind, key: job.key.slice(0, 300), connection_id: job.connectionId, payload: JSON.stringify(job.payload), run_after: at, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  const stored = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  if (stored) afterCommit(db, `jobs:${job.kind}`, () => wakesOf.get(job.kind)?.forEach((wake) => wake()));
  return stored;
}

/** Takes the next due job of `kinds` (waiting and due, or taken by a worker whose lock ran out), or null. */
export async function claimJob(db: Db, dialect: DialectName, now = new Date(), kinds?: readonly string[]): Promise<Job | null> {
  const at = now.toISOString();
  const job = await db
    .updateTable('jobs')
    .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), locked_until: new Date(now.getTime() + JOB_LOCK_MS).toISOString(), updated_at: at }))
    .where('id', '=', (eb) => {
      const due = eb
        .selectFrom('jobs')
        .select('id')
        .where((w) => w.or([w.and([w('status', '=', 'waiting'), w('run_after', '<=', at)]), w.and([w('status', '=', 'running'), w('locked_until', '<', at)])]))
        .$if(kinds !== undefined, (q) => q.where('kind', 'in', [...kinds!]))
        .orderBy('run_after')
        .orderBy('id')
        .limit(1);
      return dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
    })
    .returningAll()
    .executeTakeFirst();
  return job ?? null;
}

/** The job is done; inside the transaction of its work when it has one, so both happen or neither. */
export async function finishJob(db: Db, id: number, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.updateTable('jobs').set({ status: 'done', locked_until: null, last_error: null, finished_at: at, updated_at: at }).where('id', '=', id).execute();
}

/** The job failed: tried again after the policy's back-off, or kept as failed after its last try, with what the policy does then. */
export async function failJob(db: Db, job: Job, error: unknown, now = new Date(), random = Math.random, policy = SHOP_RETRY): Promise<void> {
  const failed = job.attempts >= policy.maxAttempts;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  await committing(db, async (trx) => {
    await trx
      .updateTable('jobs')
      .set({
        status: failed ? 'failed' : 'waiting',
        run_after: new Date(now.getTime() + (failed ? 0 : policy.delayMs(job.attempts, random))).toISOString(),
        locked_until: null,
        last_error: message,
        updated_at: now.toISOString(),
      })
      .where('id', '=', job.id)
      .execute();
    if (failed && policy.gaveUp) await policy.gaveUp(trx, job);
  });
}

/** 'Yeniden dene': a failed job of `kinds` waits again, from its first try. */
export async function retryJob(db: Db, id: number, kinds: readonly string[], now = new Date()): Promise<'retried' | 'notFailed' | 'unknown'> {
  const at = now.toISOString();
  const result = await db
    .updateTable('jobs')
    .set({ status: 'waiting', attempts: 0, run_after: at, updated_at: at })
    .where('id', '=', id)
    .where('kind', 'in', [...kinds])
    .where('status', '=', 'failed')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return 'retried';
  return (await db.selectFrom('jobs').select('id').where('id', '=', id).where('kind', 'in', [...kinds]).executeTakeFirst()) ? 'notFailed' : 'unknown';
}

/** A failed job of `kinds` dismissed: deleted, never tried again. */
export async function dismissJob(db: Db, id: number, kinds: readonly string[]): Promise<'dismissed' | 'notFailed' | 'unknown'> {
  const result = await db.deleteFrom('jobs').where('id', '=', id).where('kind', 'in', [...kinds]).where('status', '=', 'failed').executeTakeFirst();
  if (Number(result.numDeletedRows) > 0) return 'dismissed';
  return (await db.selectFrom('jobs').select('id').where('id', '=', id).where('kind', 'in', [...kinds]).executeTakeFirst()) ? 'notFailed' : 'unknown';
}

/** A finished job is kept this long (what a store sent is seen on the shop screen), then deleted. */
export const FINISHED_JOB_KEEP_DAYS = 30;

/**
 * Deletes the jobs finished before `before`, a batch per statement; answers how many. Failed ones
 * stay until retried or dismissed; waiting and running ones are work still to do.
 */
export async function pruneJobs(db: Db, before: Date, { batch, stopped }: { batch: number; stopped: () => boolean }): Promise<number> {
  let removed = 0;
  while (!stopped()) {
    if (removed > 0) await othersTurn();
    const result = await db
      .deleteFrom('jobs')
      .where('id', 'in', (eb) => eb.selectFrom('jobs').select('id').where('status', '=', 'done').where('finished_at', '<', before.toISOString()).orderBy('id').limit(batch))
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    if (deleted === 0) break;
    removed += deleted;
  }
  return removed;
}

/**
 * What the worker does with a job of a kind. `done` marks it done inside the handler's own
 * transaction (pass the transaction); a handler that never calls it is marked done after it returns.
 */
export type JobHandler = (job: Job, done: (trx: Db) => Promise<void>) => Promise<void>;

export interface JobWorkerOptions {
  db: Db;
  dialect: DialectName;
  handlers: Readonly<Record<string, JobHandler>>;
  /** How often due jobs are looked for when nobody said one is waiting. */
  pollMs: number;
  /** Jobs worked on at once by this process; 0: none (it only stores them, another process works them). */
  concurrency: number;
  /** How its jobs are tried again (default: the shops' policy). */
  retry?: RetryPolicy;
  log: { error(object: unknown, message: string): void };
}

/**
 * Works through due jobs: at start, whenever `wake()` says a job was stored, and every `pollMs`
 * (jobs waiting for their retry, and those another process stored). On SQLite the one process owns
 * the file, so jobs left running by a process that died are taken again at once on start.
 */
export function jobWorker({ db, dialect, handlers, pollMs, concurrency, retry = SHOP_RETRY, log }: JobWorkerOptions) {
  // Each worker takes only the kinds it can work: mail has a worker of its own beside the shops'.
  const kinds = Object.keys(handlers);
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running = 0;
  /** A wake while every slot is busy: the busy loops look again before they rest. */
  let again = false;
  /** Jobs being worked on: a close waits for them (a look for the next job, which may hang on a database that is gone, is left). */
  const handling = new Set<Promise<void>>();

  async function runOne(job: Job): Promise<void> {
    let marked = false;
    const done = async (trx: Db) => {
      await finishJob(trx, job.id);
      marked = true;
    };
    try {
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler(job, done);
      if (!marked) await finishJob(db, job.id);
    } catch (error) {
      await failJob(db, job, error, new Date(), Math.random, retry).catch((failure: unknown) => log.error({ err: failure, job: job.id }, 'a failed job could not be marked'));
    }
  }

  async function loop(): Promise<void> {
    running++;
    try {
      do {
        again = false;
        for (let job = await claimJob(db, dialect, new Date(), kinds); job && !stopped; job = await claimJob(db, dialect, new Date(), kinds)) {
          const handled = runOne(job);
          handling.add(handled);
          await handled;
          handling.delete(handled);
        }
      } while (again && !stopped);
    } catch (error) {
      log.error({ err: error }, 'the job worker could not take a job');
    } finally {
      running--;
    }
  }

  const wake = () => {
    if (stopped) return;
    if (running >= concurrency) {
      again = true;
      return;
    }
    void loop();
  };

  const tick = () => {
    timer = null;
    if (stopped) return;
    for (let i = running; i < concurrency; i++) wake();
    timer = setTimeout(tick, pollMs);
    timer.unref();
  };

  return {
    async start(): Promise<void> {
      if (concurrency === 0) return;
      if (dialect === 'sqlite') await db.updateTable('jobs').set({ status: 'waiting', locked_until: null }).where('status', '=', 'running').where('kind', 'in', kinds).execute();
      for (const kind of kinds) wakesOf.set(kind, (wakesOf.get(kind) ?? new Set()).add(wake));
      tick();
    },
    /** A job was stored: work on it now rather than at the next look. */
    wake,
    /** Stops taking jobs and waits for those under way. */
    async close(): Promise<void> {
      stopped = true;
      for (const kind of kinds) wakesOf.get(kind)?.delete(wake);
      if (timer) clearTimeout(timer);
      await Promise.all([...handling]);
    },
  };
}

export type JobWorker = ReturnType<typeof jobWorker>;
