import { type ExpressionBuilder, sql } from 'kysely';
import type { ArchiveLineDto, LineArchiveDto } from '../../../shared/api';
import { ARCHIVE_PAGE_SIZE, type ArchiveSort, archiveQuerySchema, isInstant } from '../../../shared/schemas/archive';
import { hasControlCharacters, isId } from '../../../shared/schemas/fields';
import { foldCase } from '../../../shared/text';
import type { Db } from '../../db';
import { badRequest } from '../../errors';
import { validateQuery } from '../../validate';
import { foldCaseSql } from '../../db/fold';
import type { Actor } from './actor';
import { CUSTOMER_NAME_SQL, lineQuery, readLines, visibleTo } from './queries';

/*
 * The archive: every line its reader may read (the one ownership rule, `visibleTo`), of any age,
 * filtered, searched, sorted and paged here rather than in the client. A page continues after
 * the last line of the one before (`after`, the keyset of its sort), so a deep page costs what the
 * first one does and a line changed meanwhile is never read twice or skipped by a shifted offset.
 */

export interface ArchiveFilters {
  from?: string;
  to?: string;
  date: 'created' | 'closed';
  customerId?: number;
  workshopId?: number;
  productId?: number;
  statusId?: number;
  q?: string;
  sort: ArchiveSort;
  dir: 'asc' | 'desc';
  limit: number;
  after?: Cursor;
}

/** Where the next page starts: the last line's sort value and id. */
type Cursor = [value: string | null, id: number];

const SORT_COLUMNS = {
  created_at: 'l.created_at',
  closed_at: 'l.closed_at',
  order_number: 'o.order_number',
  id: 'l.id',
} as const;

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** A cursor's value as its sort's column holds it: an instant, an order number, none for the id; a closed date may be empty. */
const CURSOR_VALUE: Record<ArchiveSort, (value: unknown) => boolean> = {
  created_at: (value) => typeof value === 'string' && isInstant(value),
  closed_at: (value) => value === null || (typeof value === 'string' && isInstant(value)),
  order_number: (value) => typeof value === 'string' && value.length <= 100 && !hasControlCharacters(value),
  id: (value) => value === null,
};

function decodeCursor(text: string, sort: ArchiveSort): Cursor {
  const invalid = () => badRequest('validation:archiveCursorInvalid', 'VALIDATION');
  let cursor: unknown;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(cursor) || cursor.length !== 2) throw invalid();
  const [value, id] = cursor as unknown[];
  if (!isId(id) || !CURSOR_VALUE[sort](value)) throw invalid();
  return [value as Cursor[0], id];
}

/** The archive's query parameters read, or a 400 naming the first one refused (an unknown one too). */
export async function parseArchiveQuery(query: unknown): Promise<ArchiveFilters> {
  const raw = await validateQuery(archiveQuerySchema, query);
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  const instant = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());
  const q = raw.q?.trim();
  const sort = (raw.sort as ArchiveSort | undefined) ?? 'created_at';
  return {
    from: instant(raw.from),
    to: instant(raw.to),
    date: (raw.date as ArchiveFilters['date'] | undefined) ?? 'created',
    customerId: number(raw.customer_id),
    workshopId: number(raw.workshop_id),
    productId: number(raw.product_id),
    statusId: number(raw.status_id),
    q: q ? q : undefined,
    sort,
    dir: (raw.dir as ArchiveFilters['dir'] | undefined) ?? 'desc',
    limit: number(raw.limit) ?? ARCHIVE_PAGE_SIZE,
    after: raw.after === undefined ? undefined : decodeCursor(raw.after, sort),
  };
}

/**
 * The lines a search text names as a code: its barcode, its order's number (with or without the
 * shop's '#') or its tracking number, each an equality an index answers. Empty when the text is
 * none of them, and the search is by the customer's name instead.
 */
export function codeQuery(db: Db, q: string) {
  const numbers = q.startsWith('#') ? [q] : [q, `#${q}`];
  return db
    .selectFrom('order_lines')
    .select('id')
    .where('barcode', '=', q)
    .union(db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select('l.id').where('o.order_number', 'in', numbers))
    .union(db.selectFrom('order_lines').select('id').where('shipment_tracking_number', '=', q));
}

/** `text` as a LIKE pattern that finds it anywhere, its own % _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The one sort column that may be empty (a line still open): its lines come last, whichever the direction. */
const NULLABLE_SORT: ArchiveSort = 'closed_at';

/**
 * After the cursor in the sort's order, ties broken by id. A column never empty compares as a
 * pair, (value, id), which both databases read as one range of its index with the id.
 */
function afterCursor(sort: ArchiveSort, dir: 'asc' | 'desc', [value, id]: Cursor) {
  const beyond = dir === 'desc' ? '<' : '>';
  return (eb: ExpressionBuilder<any, any>) => {
    if (sort === 'id') return eb('l.id', beyond, id);
    const column = SORT_COLUMNS[sort];
    if (sort !== NULLABLE_SORT) return eb(eb.refTuple(column, 'l.id'), beyond, eb.tuple(value, id));
    if (value === null) return eb.and([eb(column, 'is', null), eb('l.id', beyond, id)]);
    return eb.or([eb(column, beyond, value), eb.and([eb(column, '=', value), eb('l.id', beyond, id)]), eb(column, 'is', null)]);
  };
}

/** The archive's query for the actor and filters, its search text taken as a code (`codeQuery`) or as part of a customer's name. */
export function archiveQuery(db: Db, actor: Actor, f: ArchiveFilters, searchBy: 'code' | 'name') {
  const byCode = f.q !== undefined && searchBy === 'code';
  const dated = f.date === 'closed' ? 'l.closed_at' : 'l.created_at';
  let query = lineQuery(db).where(visibleTo(actor));
  // ISO text on SQLite compares in time order; PostgreSQL casts the text to timestamptz.
  if (f.from !== undefined) query = query.where(dated, '>=', f.from);
  if (f.to !== undefined) query = query.where(dated, '<=', f.to);
  if (f.customerId !== undefined) query = query.where('l.customer_id', '=', f.customerId);
  if (f.workshopId !== undefined) query = query.where('l.workshop_id', '=', f.workshopId);
  if (f.productId !== undefined) query = query.where('l.product_id', '=', f.productId);
  if (f.statusId !== undefined) query = query.where('l.order_line_status_id', '=', f.statusId);
  if (byCode) query = query.where('l.id', 'in', codeQuery(db, f.q!));
  else if (f.q !== undefined) query = query.where(sql<boolean>`${sql.raw(foldCaseSql(CUSTOMER_NAME_SQL))} like ${containing(foldCase(f.q))} escape '\\'`);
  if (f.after !== undefined) query = query.where(afterCursor(f.sort, f.dir, f.after));
  // Only the column that may be empty names where its nulls go: on another, the words would keep PostgreSQL from reading its index backwards.
  if (f.sort === NULLABLE_SORT) query = query.orderBy(SORT_COLUMNS[f.sort], (order) => (f.dir === 'desc' ? order.desc() : order.asc()).nullsLast());
  else if (f.sort !== 'id') query = query.orderBy(SORT_COLUMNS[f.sort], f.dir);
  query = query.orderBy('l.id', f.dir);
  // The lines of a code are few (one barcode, an order's lines, a parcel's) and read whole: without
  // a LIMIT the statement is prepared once per connection on PostgreSQL (db/pg-statements.ts),
  // instead of its five-table join planned at each search.
  return byCode ? query : query.limit(f.limit + 1);
}

/** One page of the archive as the actor may read it, and where the next one starts. */
export async function readArchive(db: Db, actor: Actor, f: ArchiveFilters): Promise<LineArchiveDto> {
  // A search text is looked up as a code in the lines' own statement, one round trip; only a text
  // that is no line's code at all (not one of a line the caller may not see, nor of one the
  // filters leave out) is then taken as part of a name.
  let lines = await readLines(db, archiveQuery(db, actor, f, 'code'), actor);
  if (lines.length === 0 && f.q !== undefined && !(await codeQuery(db, f.q).executeTakeFirst())) lines = await readLines(db, archiveQuery(db, actor, f, 'name'), actor);
  const orders: ArchiveLineDto[] = lines.slice(0, f.limit);
  const last = orders[orders.length - 1];
  const has_more = lines.length > f.limit;
  return { orders, has_more, next: has_more ? encodeCursor([f.sort === 'id' ? null : (last[f.sort] as string | null), last.id]) : null };
}
