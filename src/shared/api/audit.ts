import type { AuditKind } from '../audit';

/* The audit log of admin changes. */

/** One admin change of the audit log: who, when, which record, and its changed fields before and after (never a secret). */
export interface AuditEntryDto {
  id: number;
  user_id: number | null;
  username: string | null;
  kind: AuditKind;
  /** The id of the record AUDIT_ENTITY[kind] names; null for the general settings. */
  entity_id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}
