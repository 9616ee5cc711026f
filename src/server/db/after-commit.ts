import type { Transaction } from 'kysely';
import type { Db } from './index';
import type { Database } from './schema';

/*
 * What must wait until a change is visible to others: waking a job worker for a job stored in it,
 * telling a user's sockets of a notification written in it. Such work is registered inside the
 * transaction and run once it commits, never when it rolls back. Only a transaction opened by
 * `committing` runs it: in any other, the job waits for its worker's next look and the bell for its
 * next read.
 */

const pending = new WeakMap<Transaction<Database>, Map<string, () => void>>();

/** Runs `work` in one transaction; once it commits, what was registered in it by `afterCommit`. */
export async function committing<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const hooks = new Map<string, () => void>();
  const result = await db.transaction().execute((trx) => {
    pending.set(trx, hooks);
    return work(trx);
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
