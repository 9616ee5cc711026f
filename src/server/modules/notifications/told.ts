import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/*
 * The users given new notifications in a transaction that tells the live channel (live/bus.ts
 * `write` opens it), by that transaction: once it commits, the bus tells their sockets. A
 * notification written in any other transaction is not told live; its user's bell reads it at its
 * next read (on opening, and after the channel reconnects).
 */
const told = new WeakMap<Transaction<Database>, Set<number>>();

/** Gathers the users told in `trx` into `users`, from now until the transaction ends. */
export function gatherTold(trx: Transaction<Database>, users: Set<number>): void {
  told.set(trx, users);
}

/** These users have new notifications in `trx`. */
export function tellUsers(trx: Transaction<Database>, userIds: readonly number[]): void {
  const users = told.get(trx);
  if (users) for (const id of userIds) users.add(id);
}
