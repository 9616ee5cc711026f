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
 * And what a transaction writes last (`gatherForLast`): rows many writers share, such as the
 * counts of a place, are taken just before the commit, so a writer holds them for a few statements
 * instead of for the rest of its work.
 */

const pending = new WeakMap<Transaction<Database>, Map<string, () => void>>();
const last = new WeakMap<Transaction<Database>, Map<string, { gathered: unknown; write: () => Promise<void> }>>();

/** Runs `work` in one transaction, then what it gathered for last (`gatherForLast`); once it commits, what it registered by `afterCommit`. */
export async function committing<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const hooks = new Map<string, () => void>();
  const result = await db.transaction().execute(async (trx) => {
    pending.set(trx, hooks);
    const ending = new Map<string, { gathered: unknown; write: () => Promise<void> }>();
    last.set(trx, ending);
    const done = await work(trx);
    last.delete(trx);
    for (const { write } of ending.values()) await write();
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
 * What `trx` gathers under `key` to write last, once its other work is done: made by `start` when
 * first asked for, written by `write` (the `write` of a later ask is not used). Null when `trx` is
 * not a transaction opened by `committing`, or its work is done: the caller writes at once.
 */
export function gatherForLast<T>(trx: Db, key: string, start: () => T, write: (gathered: T) => Promise<void>): T | null {
  const ending = last.get(trx as Transaction<Database>);
  if (!ending) return null;
  let entry = ending.get(key);
  if (!entry) {
    const gathered = start();
    ending.set(key, (entry = { gathered, write: () => write(gathered) }));
  }
  return entry.gathered as T;
}
