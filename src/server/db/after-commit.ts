import type { Transaction } from 'kysely';
import type { Db } from './index';
import type { Database } from './schema';

/*
 * What must wait until a change is visible to others: waking a job worker for a job stored in it,
 * telling a user's sockets of a notification written in it. Such work is registered inside the
 * transaction and run once it commits, never when it rolls back. Only a transaction opened by
 * `committing` runs it: in any other, the job waits for its worker's next look and the bell for its
 * next read.
 *
 * And what a transaction writes last (`lastInTransaction`): rows many writers share, such as the
 * counts of a place, are taken just before the commit, so a writer holds them for a few statements
 * instead of for the rest of its work.
 */

const pending = new WeakMap<Transaction<Database>, Map<string, () => void>>();
const last = new WeakMap<Transaction<Database>, Map<string, () => Promise<void>>>();

/** Runs `work` in one transaction, then what it left for last (`lastInTransaction`); once it commits, what it registered by `afterCommit`. */
export async function committing<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const hooks = new Map<string, () => void>();
  const result = await db.transaction().execute(async (trx) => {
    pending.set(trx, hooks);
    const ending = new Map<string, () => Promise<void>>();
    last.set(trx, ending);
    const done = await work(trx);
    last.delete(trx);
    for (const write of ending.values()) await write();
    return done;
  });
  for (const hook of hooks.values()) hook();
  return result;
}

/**
 * Runs `hook` once `trx` commits, one hook per `key` (a second with the same key is dropped), so a
 * thousand jobs of one kind wake its workers once. `trx` may be the database itself outside any
 * transaction: nothing is then registered.
 */
export function afterCommit(trx: Db, key: string, hook: () => void): void {
  const hooks = pending.get(trx as Transaction<Database>);
  if (hooks && !hooks.has(key)) hooks.set(key, hook);
}

/**
 * Runs `write` as the last work of `trx`, once its other work is done, one per `key` (a second with
 * the same key is dropped: the first gathers what both would write). False when `trx` is not a
 * transaction opened by `committing`, or its work is done: the caller writes at once.
 */
export function lastInTransaction(trx: Db, key: string, write: () => Promise<void>): boolean {
  const ending = last.get(trx as Transaction<Database>);
  if (!ending) return false;
  if (!ending.has(key)) ending.set(key, write);
  return true;
}
