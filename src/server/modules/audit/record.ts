import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditKind } from '../../../shared/audit';

export type AuditFields = Record<string, unknown>;

/** One change: who made it, to which record, and the changed fields before and after. */
export interface AuditChange {
  /** Null for a change the system makes on its own (a shop's cancellation arriving by webhook). */
  userId: number | null;
  kind: AuditKind;
  /** Null for a record without an id (the general settings). */
  entityId: number | null;
  /** Null for a record that did not exist before. */
  before: AuditFields | null;
  after: AuditFields | null;
}

const json = (fields: AuditFields | null) => (fields === null ? null : JSON.stringify(fields));

/** Rows per insert: far below SQLite's limit of bound values even for a large product move. */
const CHUNK = 500;

/**
 * Writes the audit rows of a change inside the caller's transaction (the type asks for one), so a
 * change that rolls back leaves no row and a committed one always has its row. A change whose
 * before and after are the same changed nothing and is not recorded. Callers pass only fields that
 * may be read back: never a secret.
 */
export async function recordChanges(trx: Transaction<Database>, changes: readonly AuditChange[]): Promise<void> {
  const created_at = new Date().toISOString();
  const rows = changes
    .map((c) => ({ user_id: c.userId, kind: c.kind, entity_id: c.entityId, before: json(c.before), after: json(c.after), created_at }))
    .filter((row) => row.before !== row.after);
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx.insertInto('audit_log').values(rows.slice(i, i + CHUNK)).execute();
  }
}

export function recordChange(trx: Transaction<Database>, change: AuditChange): Promise<void> {
  return recordChanges(trx, [change]);
}

/**
 * The fields among `keys` whose values differ between two versions of a record, as the before and
 * after of an audit row (both empty when nothing differs, which records nothing).
 */
export function changedFields(
  previous: object,
  next: object,
  keys: readonly string[] = Object.keys(next),
): { before: AuditFields; after: AuditFields } {
  const before = previous as AuditFields;
  const after = next as AuditFields;
  const changed = keys.filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}
