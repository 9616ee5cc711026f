import type { Transaction } from 'kysely';
import { afterCommit } from '../../db/after-commit';
import type { Database } from '../../db/schema';

/*
 * The users given new notifications in a transaction, told once it commits to whoever hears for
 * this process (live/bus.ts, which tells their sockets here and in the other processes). A
 * notification is told live when its transaction was opened by `db/after-commit.ts` `committing`
 * (the line bus's writes are); in any other its user's bell reads it at its next read.
 */
const toldIn = new WeakMap<Transaction<Database>, Set<number>>();
const hearers = new Set<(users: number[]) => void>();

/** `hear` is told of the users given notifications in each transaction that commits, until the returned stop. */
export function hearTold(hear: (users: number[]) => void): () => void {
  hearers.add(hear);
  return () => hearers.delete(hear);
}

/** These users have new notifications in `trx`. */
export function tellUsers(trx: Transaction<Database>, userIds: readonly number[]): void {
  if (userIds.length === 0) return;
  let users = toldIn.get(trx);
  if (!users) {
    const gathered = new Set<number>();
    toldIn.set(trx, gathered);
    afterCommit(trx, 'told', () => hearers.forEach((hear) => hear([...gathered])));
    users = gathered;
  }
  for (const id of userIds) users.add(id);
}
