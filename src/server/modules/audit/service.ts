import { INTEGER_MAX } from '../../../shared/schemas/fields';
import type { Db } from '../../db';
import type { StoredAsJson } from '../../db/columns';
import { badRequest } from '../../errors';
import { AUDIT_PAGE_MAX, AUDIT_PAGE_SIZE, type AuditKind, isAuditKind } from '../../../shared/audit';
import type { AuditEntryDto } from '../../../shared/api';

export interface AuditFilters {
  kind?: AuditKind;
  userId?: number;
  entityId?: number;
  /** Instants (ISO-8601 UTC), both ends included. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** An instant with its zone (`2026-11-23T09:00:00.000Z`, `...+03:00`): the screen sends the bounds of the office's days. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The filters of GET /audit-log from its query: kind, user_id, entity_id, from, to, limit, offset,
 * each optional. A value that is not what its name says is a 400, never an unfiltered answer.
 */
export function parseAuditQuery(query: unknown): AuditFilters {
  const raw = (query ?? {}) as Record<string, unknown>;
  const invalid = () => badRequest('errors:invalidRequest', 'VALIDATION');
  const text = (name: string): string | undefined => {
    const value = raw[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw invalid();
    return value;
  };
  // Ids and offsets are database integers: past INTEGER_MAX PostgreSQL would fail, not filter.
  const integer = (name: string, min: number, max = INTEGER_MAX): number | undefined => {
    const value = text(name);
    if (value === undefined) return undefined;
    const n = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
    if (!(n >= min && n <= max)) throw invalid();
    return n;
  };
  const instant = (name: string): string | undefined => {
    const value = text(name);
    if (value === undefined) return undefined;
    const at = INSTANT.test(value) ? new Date(value) : null;
    // Years 1 to 9999 in UTC: PostgreSQL has no year 0 (0001-01-01T00:00+14:00 is one) and cannot read "+010000-..." (9999-12-31T23:00-14:00).
    if (!at || Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1 || at.getUTCFullYear() > 9999) throw invalid();
    return at.toISOString();
  };
  const kind = text('kind');
  if (kind !== undefined && !isAuditKind(kind)) throw invalid();
  return {
    kind,
    userId: integer('user_id', 1),
    entityId: integer('entity_id', 1),
    from: instant('from'),
    to: instant('to'),
    limit: integer('limit', 1, AUDIT_PAGE_MAX) ?? AUDIT_PAGE_SIZE,
    offset: integer('offset', 0) ?? 0,
  };
}

function filtered(db: Db, f: AuditFilters) {
  let query = db.selectFrom('audit_log as a');
  if (f.kind) query = query.where('a.kind', '=', f.kind);
  if (f.userId) query = query.where('a.user_id', '=', f.userId);
  if (f.entityId) query = query.where('a.entity_id', '=', f.entityId);
  // ISO text on SQLite compares in time order; PostgreSQL casts the text to timestamptz.
  if (f.from) query = query.where('a.created_at', '>=', f.from);
  if (f.to) query = query.where('a.created_at', '<=', f.to);
  return query;
}

const parse = (value: string | null) => (value === null ? null : (JSON.parse(value) as Record<string, unknown>));

/** One page of the matching entries, newest first, and how many match in all. */
export async function listAuditLog(db: Db, filters: AuditFilters): Promise<{ audit_log: AuditEntryDto[]; total: number }> {
  const { total } = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, filters)
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.user_id', 'u.username', 'a.kind', 'a.entity_id', 'a.before', 'a.after', 'a.created_at'])
    .$narrowType<{ kind: AuditKind }>()
    .$assertType<StoredAsJson<AuditEntryDto, 'before' | 'after'>>()
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(filters.limit)
    .offset(filters.offset)
    .execute();
  return {
    audit_log: rows.map((row) => ({ ...row, before: parse(row.before), after: parse(row.after) })),
    total: Number(total),
  };
}
