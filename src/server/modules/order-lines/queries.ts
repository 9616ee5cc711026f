import type { OrderLineDto } from '../../../shared/api';
import type { LineEvent } from '../../../shared/live';
import { AliasNode, ColumnNode, type Expression, type ExpressionBuilder, type IdentifierNode, ReferenceNode, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db';
import { selectArrays } from '../../db/array-rows';
import { othersTurn } from '../../db/turns';
import { isPostgres } from '../../db/ddl';
import { notFound } from '../../errors';
import { type Actor, isOwner } from './actor';

/*
 * Reading order lines, for every module that shows them (orders, workshops, customers); it
 * imports none of them, so they all may depend on it.
 */

/** A line's `customer_name` in SQL over lineQuery's names: the person the piece goes to (the shipping address's name), else the B2B customer's contact. */
export const CUSTOMER_NAME_SQL = "coalesce(nullif(trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')), ''), c.name)";

/**
 * Every field of an order line (SPEC section 3), with the spellings the spec also uses. Built once
 * per database or transaction: a builder never changes (each method answers a new one), and
 * parsing its sixty-odd columns again cost a tenth of a small route's time.
 */
export function lineQuery(db: Db): ReturnType<typeof buildLineQuery> {
  let query = lineQueries.get(db);
  if (!query) lineQueries.set(db, (query = buildLineQuery(db)));
  return query;
}

const lineQueries = new WeakMap<Db, ReturnType<typeof buildLineQuery>>();

function buildLineQuery(db: Db) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('workshops as w', 'w.id', 'l.workshop_id')
    .leftJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'l.id',
      'l.order_id',
      'o.order_number',
      'l.product_id',
      'p.title as product_title',
      'p.picture_url as product_picture_url',
      'o.first_name',
      'o.last_name',
      'o.address',
      'o.city',
      'o.province',
      'o.country',
      'o.zip_code',
      'o.email',
      'o.phone',
      'l.created_at',
      'l.updated_at',
      'l.order_line_status_id',
      'l.packing_status_id',
      'l.customer_approval_status_id',
      'l.quality_control_id',
      'l.fulfilment_style',
      'l.material_id',
      'l.chain_length_id',
      'l.color_id',
      'l.size_id',
      'l.karat_id',
      'l.customization_option',
      'l.font',
      'l.gift_note',
      'l.customer_note',
      'l.product_gram',
      'p.expected_weight',
      'l.gram_flagged',
      'l.product_cost',
      'l.canceled_at',
      'l.cancel_reason',
      'l.metal_received_at',
      'l.total_price',
      'o.currency',
      'o.credit_exceeded',
      'l.shipment_tracking_number',
      'l.location',
      'l.workshop_id',
      'w.name as workshop_name',
      'o.customer_id',
      sql<string | null>`${sql.raw(CUSTOMER_NAME_SQL)}`.as('customer_name'),
      'c.company_name as b2b_customer_name',
      'o.source',
      'l.production_expected_date',
      'l.current_order_line_process',
      'l.workshop_started_process_id',
      'l.delivery_to_office',
      'l.barcode',
      'l.item_index',
      'l.item_count',
      'l.closed_at',
      'l.forecast_date',
      'l.late_risk',
    ]);
}

/** The spec's other spellings of some fields, each beside the column it repeats. */
const SPELLINGS = {
  order_product_id: 'id',
  photo_url: 'product_picture_url',
  fulfillment_style: 'fulfilment_style',
  note_customer: 'customer_note',
  production_expected_days: 'production_expected_date',
} as const;

type LineRow = Awaited<ReturnType<ReturnType<typeof lineQuery>['execute']>>[number];
/** A line as a shaper writes it, by the types of lineQuery's columns: the API's promise (OrderLineDto) is checked against it where the shapers are made. */
type Shaped = Omit<LineRow, 'gram_flagged' | 'credit_exceeded' | 'late_risk'> & { gram_flagged: boolean; credit_exceeded: boolean; late_risk: boolean | null } & {
  [K in keyof typeof SPELLINGS]: LineRow[(typeof SPELLINGS)[K]];
};

/** Flags stored as 0 and 1, answered as booleans; a nullable one stays null. */
const FLAGS = new Set(['gram_flagged', 'credit_exceeded']);
const NULLABLE_FLAGS = new Set(['late_risk']);

/** A row of lineQuery read as an array (db/array-rows.ts). */
export type LineArray = unknown[];

interface Shapers {
  office: (row: LineArray) => OrderLineDto;
  /** A customer never receives what the workshop is paid for the piece. */
  customer: (row: LineArray) => Omit<OrderLineDto, 'product_cost'>;
  /** Where a column is in a row. */
  at: (name: keyof LineRow) => number;
}

/**
 * Makes lines' answers from their rows of lineQuery, read as arrays, by the names its select gives
 * them. Each shaper is written once from that list, as an object literal of one shape: made so from
 * its sixty-odd fields, a line costs a fraction of what a driver's row object does, and serialises
 * at the speed of one shape every time.
 */
function shapersOf(query: ReturnType<typeof lineQuery>): Shapers {
  const columns = query.toOperationNode().selections!.map(({ selection }) => {
    if (AliasNode.is(selection)) return (selection.alias as IdentifierNode).name;
    if (ReferenceNode.is(selection) && ColumnNode.is(selection.column)) return selection.column.column.name;
    throw new Error('every column of lineQuery is named');
  });
  const at = (name: string) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`lineQuery has no column ${name}`);
    return index;
  };
  const value = (name: string) => {
    const cell = `r[${at(name)}]`;
    if (FLAGS.has(name)) return `${cell} === 1`;
    if (NULLABLE_FLAGS.has(name)) return `(${cell} === null ? null : ${cell} === 1)`;
    return cell;
  };
  const shaper = (without: string | null) => {
    const fields = [...columns.filter((name) => name !== without), ...Object.keys(SPELLINGS)].map(
      (name) => `${JSON.stringify(name)}: ${value(SPELLINGS[name as keyof typeof SPELLINGS] ?? name)}`,
    );
    // Written from lineQuery's own column names, never from input.
    return new Function('r', `return { ${fields.join(', ')} };`) as (row: LineArray) => Shaped;
  };
  return { office: shaper(null), customer: shaper('product_cost'), at };
}

let shapers: Shapers | null = null;
/** The shapers, written on the first read from its query's columns (every read of lines narrows lineQuery, so all have the same). */
const shapersFor = (query: ReturnType<typeof lineQuery>): Shapers => (shapers ??= shapersOf(query));

/**
 * The API's promise (OrderLineDto) is made here, where rows become answers, and here alone a
 * line is shaped for its reader: a customer never receives what the workshop is paid for the piece
 * (`product_cost`, the price times the hidden workmanship rate); every other field of its own
 * orders it keeps.
 */
function answerFor(actor: Actor, query: ReturnType<typeof lineQuery>): (row: LineArray) => OrderLineDto {
  const { customer, office } = shapersFor(query);
  return actor.isCustomer ? customer : office;
}

/** The lines `query` (lineQuery narrowed) reads, as `actor` receives them. */
export async function readLines(db: Db, query: ReturnType<typeof lineQuery>, actor: Actor): Promise<OrderLineDto[]> {
  return (await selectArrays(db, query)).map(answerFor(actor, query));
}

/**
 * The one ownership rule of order lines, for any query naming lines `l`: the office sees every
 * line, a workshop its own, a customer its own (each line names its order's customer).
 */
export function visibleTo(actor: Actor) {
  return (eb: ExpressionBuilder<any, any>) =>
    eb.and([
      ...(actor.workshopId !== undefined ? [eb('l.workshop_id', '=', actor.workshopId)] : []),
      ...(actor.customerId !== undefined ? [eb('l.customer_id', '=', actor.customerId)] : []),
    ]);
}

/**
 * The same rule over a change of a line, for the live channel and its catch-up: the office hears
 * of every change, a customer of its own orders' lines, a workshop of its own lines and of a line
 * that has just left it (so its screen drops the line).
 */
export function mayHear(actor: Actor, change: Pick<LineEvent, 'workshop_id' | 'previous_workshop_id' | 'customer_id'>): boolean {
  if (actor.workshopId !== undefined && change.workshop_id !== actor.workshopId && change.previous_workshop_id !== actor.workshopId) return false;
  if (actor.customerId !== undefined && change.customer_id !== actor.customerId) return false;
  return true;
}

/**
 * visibleTo over a line already read (its workshop and its order's customer, which the line
 * copies): for lines read once and then shaped for several readers.
 */
export const mayRead = (actor: Actor, line: Pick<OrderLineDto, 'workshop_id' | 'customer_id'>): boolean =>
  mayHear(actor, { workshop_id: line.workshop_id, customer_id: line.customer_id });

/** mayHear for a query over the change log named `c`. */
function changesHeardBy(actor: Actor) {
  return (eb: ExpressionBuilder<any, any>) =>
    eb.and([
      ...(actor.workshopId !== undefined ? [eb.or([eb('c.workshop_id', '=', actor.workshopId), eb('c.previous_workshop_id', '=', actor.workshopId)])] : []),
      ...(actor.customerId !== undefined ? [eb('c.customer_id', '=', actor.customerId)] : []),
    ]);
}

const ID_CHUNK = 500;

/** The given lines as the actor may read them, and the given ids it may not (or that do not exist). */
export async function linesByIds(db: Db, actor: Actor, ids: readonly number[]): Promise<{ orders: OrderLineDto[]; gone: number[] }> {
  const unique = [...new Set(ids)];
  const orders: OrderLineDto[] = [];
  for (let i = 0; i < unique.length; i += ID_CHUNK) {
    orders.push(...(await readLines(db, lineQuery(db).where('l.id', 'in', unique.slice(i, i + ID_CHUNK)).where(visibleTo(actor)).orderBy('l.id', 'desc'), actor)));
  }
  const found = new Set(orders.map((line) => line.id));
  return { orders, gone: unique.filter((id) => !found.has(id)) };
}

/**
 * The given lines read once for many readers (the live channel tells each change to the office,
 * the workshops and the customers at once): each reader's copy is shaped by answerFor, or is null
 * where it may not see the line (now another workshop's, or not there at all).
 */
export async function linesForReaders(db: Db, ids: readonly number[]): Promise<(actor: Actor, id: number) => OrderLineDto | null> {
  const rows = new Map<number, LineArray>();
  const unique = [...new Set(ids)];
  const query = lineQuery(db);
  const { at } = shapersFor(query);
  const [id, workshop, customer] = [at('id'), at('workshop_id'), at('customer_id')];
  for (let i = 0; i < unique.length; i += ID_CHUNK) {
    for (const row of await selectArrays(db, query.where('l.id', 'in', unique.slice(i, i + ID_CHUNK)))) rows.set(row[id] as number, row);
  }
  return (actor, lineId) => {
    const row = rows.get(lineId);
    // Each reader gets an answer of its own.
    return row && mayRead(actor, { workshop_id: row[workshop] as number | null, customer_id: row[customer] as number | null }) ? answerFor(actor, query)(row) : null;
  };
}

/**
 * PostgreSQL numbers a change when its transaction writes it and shows it when that transaction
 * commits, so a lower version can appear after a higher one was read: a catch-up also re-reads
 * the changes made this long before the last one the client saw (far above any write's duration).
 */
export const CATCH_UP_OVERLAP_MS = 60_000;

/** The instant `CATCH_UP_OVERLAP_MS` before the one `at` selects, in SQL (ISO text on SQLite, timestamptz on PostgreSQL). */
export function overlapBefore(db: Db, at: Expression<unknown>) {
  const seconds = CATCH_UP_OVERLAP_MS / 1000;
  return isPostgres(db) ? sql<string>`${at} - make_interval(secs => ${sql.lit(seconds)})` : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, ${sql.lit(`-${seconds} seconds`)})`;
}

/** The overlap a read of changes since a version needs: none on SQLite, which writes one transaction at a time, so its versions show in their order. */
const overlapOf = (db: Db) => (isPostgres(db) ? CATCH_UP_OVERLAP_MS : 0);

/** The newest version of the change log (0 before any change). */
export async function latestVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('order_line_changes').select((eb) => eb.fn.max('id').as('version')).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * Every line changed after version `since` that the actor hears of, read as linesByIds reads
 * them, with the version to ask from next time. The version and the changes are one statement,
 * so they come from one snapshot: a change is either in the answer or after that version.
 * `seen`: the changes (by version) already taken from an earlier read, whose lines need no reading
 * again unless another change names them; `looked` gives the versions this read took, to pass as
 * `seen` next time.
 */
export async function linesChangedSince(db: Db, actor: Actor, since: number, seen: ReadonlySet<number> = new Set()) {
  const rows = await changesSince(db, actor, since).execute();
  const version = Number(rows[0]?.version ?? 0);
  const changes = rows.filter((row) => row.id !== null);
  const changed = changes.filter((change) => !seen.has(change.id!)).map((change) => change.line_id!);
  return { ...(await linesByIds(db, actor, changed)), version, looked: new Set(changes.map((change) => change.id!)) };
}

/**
 * The newest version beside each change after `since` the actor hears of (one row with no change
 * when there is none), with the overlap before `since`'s own time where the database needs one
 * (a pruned `since` has no time: only the changes after it).
 */
function changesSince(db: Db, actor: Actor, since: number) {
  const newest = db.selectFrom('order_line_changes').select((eb) => eb.fn.max('id').as('version'));
  const cutoff = overlapBefore(db, sql`(select created_at from order_line_changes where id = ${since})`);
  const after = (eb: ExpressionBuilder<any, any>) =>
    since > 0 && overlapOf(db) > 0 ? eb.or([eb('c.id', '>', since), eb('c.created_at', '>=', cutoff)]) : eb('c.id', '>', since);
  return db
    .selectFrom(newest.as('v'))
    .leftJoin('order_line_changes as c', (join) => join.on((eb) => eb.and([after(eb), changesHeardBy(actor)(eb)])))
    .select(['v.version', 'c.id', 'c.line_id']);
}

/** Every line the actor may read, of any age, newest first (what the archive and the figures are checked against). */
export async function listLines(db: Db, actor: Actor): Promise<OrderLineDto[]> {
  return readLines(db, lineQuery(db).where(visibleTo(actor)).orderBy('l.id', 'desc'), actor);
}

/**
 * The working set (shared/working-set.ts) in SQL over lines `l`: open lines, and those closed
 * since `start` (none when it is null), each of an owner when one is given. The owner's condition
 * goes into each branch of the OR, so its index (owner, closed_at) is searched for the open lines
 * and for those closed since `start`: with the owner outside the OR, SQLite read every line the
 * owner ever had (a customer with 40,000 closed lines answered its list in 1.8 times the time of
 * one with none).
 */
function inWorkingSet(start: string | null, owner?: ReturnType<typeof visibleTo>) {
  return (eb: ExpressionBuilder<any, any>) => {
    const owned = (branch: Expression<SqlBool>) => (owner ? eb.and([owner(eb), branch]) : branch);
    const open = owned(eb('l.closed_at', 'is', null));
    return start === null ? open : eb.or([open, owned(eb('l.closed_at', '>=', start))]);
  };
}

/** The ids of the actor's working set, read over an index alone. */
export const workingSetIds = (db: Db, actor: Actor, start: string | null) =>
  db
    .selectFrom('order_lines as l')
    .select('l.id')
    .where(inWorkingSet(start, isOwner(actor) ? visibleTo(actor) : undefined));

/** The lines of a page of an everyday list. */
export const LINES_PAGE = 1000;
/** The lines of its first page: a screen's worth and more, read, sent and shown before the rest. */
export const FIRST_LINES_PAGE = 100;
/** The ids of the key one read of the office's working set spans: a few milliseconds of SQLite's, at any size of the table. */
export const KEY_SLICE = 20_000;

/**
 * An everyday list: the lines of the actor's working set (from `offset` on, at most `limit`),
 * newest first, with how many there are and the lines handed on a page (an array of up to
 * `pageSize`; the first of a longer list of `FIRST_LINES_PAGE`, which the screen shows while the
 * rest is read) at a time, so tens of thousands of lines start flowing to the client at once and
 * no array of every line is ever built. Each page is its own short query by id, never a cursor held open while the
 * client reads: a slow reader keeps neither SQLite's one connection nor a pooled one, other
 * requests are served between pages, and PostgreSQL's statement timeout applies to each page, not
 * to the whole download.
 */
export async function workingSet(
  db: Db,
  actor: Actor,
  start: string | null,
  { offset = 0, limit = null, pageSize = LINES_PAGE, keySlice = KEY_SLICE }: { offset?: number; limit?: number | null; pageSize?: number; keySlice?: number } = {},
): Promise<{ total: number; pages: AsyncGenerator<OrderLineDto[]> }> {
  const firstSize = Math.min(FIRST_LINES_PAGE, pageSize);
  const page = (ids: readonly number[]) => readLines(db, lineQuery(db).where('l.id', 'in', ids).where(visibleTo(actor)).orderBy('l.id', 'desc'), actor);
  /**
   * The pages of the lines of `slices` (ids newest first) past the first `skip`, at most `take`; the
   * first page of `first` lines, unless all fit in one page: an answer of one page is sent whole
   * (paging.ts), and a short first read of it would only cost a round trip.
   */
  async function* pagesOf(slices: AsyncIterable<readonly number[]> | Iterable<readonly number[]>, skip: number, take: number, first = firstSize) {
    if (take === 0) return;
    let waiting: number[] = [];
    let size = take <= pageSize ? pageSize : first;
    for await (const slice of slices) {
      const from = Math.min(skip, slice.length);
      skip -= from;
      waiting = waiting.concat(slice.slice(from, from + take));
      take -= Math.min(take, slice.length - from);
      for (; waiting.length >= size; size = pageSize) {
        yield await page(waiting.slice(0, size));
        waiting = waiting.slice(size);
      }
      if (take === 0) break;
    }
    if (waiting.length > 0) yield await page(waiting);
  }
  // An owner's lines may be old among others' newer ones, and its list is short: read by its ids over the owner's index.
  if (isOwner(actor)) {
    const ids = await idsOf(workingSetIds(db, actor, start));
    const wanted = ids.slice(offset, limit === null ? undefined : offset + limit);
    return { total: wanted.length, pages: pagesOf([wanted], 0, wanted.length) };
  }
  // The office's list may be the whole table: counted, then its ids read as officeIds says (on
  // SQLite, a hundred thousand ids in one read held every other request for about 40 ms).
  const counted = Number(
    (
      await workingSetIds(db, actor, start)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const total = Math.max(0, Math.min(counted - offset, limit ?? Infinity));
  if (offset > 0 || limit !== null) return { total, pages: pagesOf(officeIds(db, actor, start, Infinity, keySlice), offset, total) };
  async function* pages() {
    // The newest lines are the open ones: the first page is found at once, before any id is read.
    const first = await readLines(db, lineQuery(db).where(inWorkingSet(start)).orderBy('l.id', 'desc').limit(firstSize), actor);
    if (first.length === 0) return;
    yield first;
    if (first.length < firstSize) return;
    yield* pagesOf(officeIds(db, actor, start, first[first.length - 1].id, keySlice), 0, Infinity, pageSize);
  }
  return { total, pages: pages() };
}

/**
 * The ids of the office's working set below `below`, newest first. SQLite's reads block every other
 * request, so there they come a slice of the key at a time down to the lowest id the working set
 * holds: each read spans `keySlice` ids of the primary key and costs the same few milliseconds
 * whether the working set is the whole table or a few lines among years of history, and the event
 * loop takes a turn between reads. (A line that joins the working set below that id meanwhile is a
 * change, which the client catches up on from the list's version; a count of the lines would miss
 * an old line whenever a new one came in after it was counted.) PostgreSQL's answer arrives as
 * I/O, a turn anyway: one read over the working set's index, which a sparse working set needs (a
 * slice there reads every row of its span).
 */
async function* officeIds(db: Db, office: Actor, start: string | null, below: number, keySlice: number): AsyncGenerator<readonly number[]> {
  const under = (top: number) => workingSetIds(db, office, start).where('l.id', '<', top);
  if (isPostgres(db)) {
    yield await idsOf(below === Infinity ? workingSetIds(db, office, start) : under(below));
    return;
  }
  // Each over the closed_at index: the open lines' first entry, and the recently closed lines' few.
  const open = await workingSetIds(db, office, null).orderBy('l.id').limit(1).executeTakeFirst();
  const closed = start === null ? undefined : await lowestClosedSince(db, start).executeTakeFirst();
  const floor = Math.min(open?.id ?? Infinity, closed?.id ?? Infinity);
  let top = below;
  if (top === Infinity) {
    const newest = await db.selectFrom('order_lines').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    top = Number(newest?.id ?? 0) + 1;
  }
  for (let reads = 0; top > floor; top -= keySlice, reads++) {
    if (reads > 0) await othersTurn();
    const slice = (await selectArrays(db, under(top).where('l.id', '>=', top - keySlice).orderBy('l.id', 'desc'))).map(([id]) => Number(id));
    if (slice.length > 0) yield slice;
  }
}

/**
 * The lowest id of the lines closed since `start`, found among them over the closed_at index. Asked
 * for in the id's own order, SQLite walked the primary key from its start until it met a line
 * closed since then: 190 ms at 2,000,000 lines, holding every request at each read of the office's
 * list. `+l.id` keeps the order from being taken from an index, so the few recent lines are sorted.
 */
export const lowestClosedSince = (db: Db, start: string) =>
  db.selectFrom('order_lines as l').select('l.id').where('l.closed_at', '>=', start).orderBy(sql`+l.id`).limit(1);

/** Ids read, newest first. */
const idsOf = async (query: ReturnType<typeof workingSetIds>) => (await query.execute()).map((row) => row.id).sort((a, b) => b - a);

/** One line as every order route answers it; another workshop's or customer's line is "not found". */
export async function getLine(db: Db, lineId: number, actor: Actor): Promise<OrderLineDto> {
  const [line] = await readLines(db, lineQuery(db).where('l.id', '=', lineId).where(visibleTo(actor)), actor);
  if (!line) throw notFound();
  return line;
}

/**
 * What the life cycle reads of a line before moving it: its stored state (`lineState` of
 * src/shared/lifecycle.ts), its product and the product's expected weight; "not found" like getLine.
 */
/** The columns of a line `l` that make its life-cycle state (shared/lifecycle.ts `lineState`). */
export const LINE_STATE_COLUMNS = [
  'l.order_line_status_id',
  'l.current_order_line_process',
  'l.workshop_started_process_id',
  'l.quality_control_id',
  'l.product_gram',
  'l.packing_status_id',
  'l.customer_approval_status_id',
  'l.canceled_at',
  'l.metal_received_at',
] as const;

export async function ownedLine(db: Db, lineId: number, actor: Actor) {
  const line = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'l.id',
      'l.order_id',
      'l.workshop_id',
      'o.customer_id',
      'l.product_id',
      ...LINE_STATE_COLUMNS,
      'p.expected_weight',
    ])
    .where('l.id', '=', lineId)
    .where(visibleTo(actor))
    .executeTakeFirst();
  if (!line) throw notFound();
  return line;
}
