import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type ExpressionBuilder, type Kysely } from 'kysely';
import type { Db } from '../../db';
import type { Page } from '../../paging';
import { forecastJobKey } from '../../../shared/forecast';
import type { Actor } from './actor';
import { overlapBefore } from './queries';
import { settingsOf, storedSettings } from '../../db/general-settings';
import { windowStart } from '../../../shared/working-set';

/*
 * The version of an everyday list, its ETag, so a client reading a list again is answered
 * 304 Not Modified when nothing in it can have changed, at the cost of a few index lookups and not
 * a read of its lines. A list changes when:
 * - a change of a line its reader hears of is logged (order_line_changes, as `mayHear` hears it);
 * - a row its answer joins changes without a change of a line: a product's title or picture, a
 *   workshop's or a customer's name, an order's fields (their `updated_at`);
 * - the working set's window moves (its start names `working_set_days` and the office's day);
 * - the daily forecast moves the forecast of every open line without a change of any (its job's row
 *   of the day, as it runs and when it is done).
 * Each of these is a timeline: its newest entry, and how many entries lie within the catch-up
 * overlap before it. PostgreSQL may show an entry after a newer one was read (its transaction
 * committed later), and such an entry falls within that overlap, so the count moves when the
 * newest does not.
 */

type Filter = (eb: ExpressionBuilder<any, any>) => ReturnType<ExpressionBuilder<any, any>['and']>;

export interface Timeline {
  table: 'order_line_changes' | 'products' | 'workshops' | 'customers' | 'orders';
  at: 'created_at' | 'updated_at';
  where: Filter;
}

const changesWhere = (column: 'workshop_id' | 'previous_workshop_id' | 'customer_id', id: number): Timeline => ({
  table: 'order_line_changes',
  at: 'created_at',
  where: (eb) => eb.and([eb(column, '=', id)]),
});

/** The changes the actor hears of (`changesHeardBy`), one timeline per owner column the log is indexed by. */
function changesHeardBy(actor: Actor): Timeline[] {
  if (actor.workshopId !== undefined) return [changesWhere('workshop_id', actor.workshopId), changesWhere('previous_workshop_id', actor.workshopId)];
  if (actor.customerId !== undefined) return [changesWhere('customer_id', actor.customerId)];
  return [{ table: 'order_line_changes', at: 'created_at', where: (eb) => eb.and([]) }];
}

/** The rows a line's answer joins (`lineQuery`); an order only once it changed after it was made (its lines came with changes). */
const JOINED: readonly Timeline[] = [
  { table: 'products', at: 'updated_at', where: (eb) => eb.and([]) },
  { table: 'workshops', at: 'updated_at', where: (eb) => eb.and([]) },
  { table: 'customers', at: 'updated_at', where: (eb) => eb.and([]) },
  { table: 'orders', at: 'updated_at', where: (eb) => eb.and([eb('updated_at', '>', eb.ref('created_at'))]) },
];

const scopeOf = (actor: Actor) => (actor.workshopId !== undefined ? `w${actor.workshopId}` : actor.customerId !== undefined ? `c${actor.customerId}` : 'all');

/** What else makes one answer of the same lines differ from another: its format, its reader's fields, its page. */
export interface ListForm extends Page {
  wire: boolean;
}

/**
 * The one statement a list's version reads: for each timeline (`n<i>`, `c<i>`) its newest entry
 * and how many lie within the overlap before it, the change log's pruned horizon, the day's
 * forecast job (`now`'s day) as last written, and the general settings (the window's days and
 * time zone). A round trip each would cost more than the lookups themselves.
 */
export function versionQuery(db: Db, timelines: readonly Timeline[], now = new Date()) {
  const any = db as unknown as Kysely<any>;
  const newestOf = (t: Timeline) => any.selectFrom(t.table).select((eb) => eb.fn.max(t.at).as('at')).where(t.where);
  return any.selectNoFrom((eb) => [
    ...timelines.flatMap((t, i) => [
      newestOf(t).as(`n${i}`),
      eb
        .selectFrom(t.table)
        .select((inner) => inner.fn.countAll().as('n'))
        .where(t.where)
        .where(t.at, '>=', overlapBefore(db, newestOf(t)))
        .as(`c${i}`),
    ]),
    eb.selectFrom('order_line_changes_pruned').select('through').as('pruned'),
    eb.selectFrom('jobs').select((inner) => inner.fn.max('updated_at').as('at')).where('key', '=', forecastJobKey(now)).as('forecast'),
    storedSettings(db).as('settings'),
  ]);
}

/** Every timeline of the actor's list: the changes it hears of, then the joined rows. */
export const timelinesOf = (actor: Actor) => [...changesHeardBy(actor), ...JOINED];

/** A list's version: its ETag, and `withoutChanges`, what the tag names besides the changes of lines its reader hears of. */
export interface ListVersion {
  /** Where the working set's window of closed lines starts, by the settings read with the version. */
  start: string | null;
  tag: string;
  /** The same between two reads: only changes of lines came between them (kept-lists.ts reads only those). */
  withoutChanges: string;
}

/**
 * The version of the actor's everyday list, in `form`, and where its window starts. Read before
 * the lines, so a change made while they are read leaves the list with an older tag, read again.
 */
export async function listVersion(db: Db, actor: Actor, form: ListForm, now = new Date()): Promise<ListVersion> {
  const timelines = timelinesOf(actor);
  const row = await versionQuery(db, timelines, now).executeTakeFirstOrThrow();
  const { working_set_days, time_zone } = settingsOf(row.settings as string | null);
  const start = windowStart(now.getTime(), working_set_days, time_zone);
  const latest = timelines.map((_, i) => (row[`n${i}`] as string | null) ?? null);
  // A scope with no change left in the log (never changed, or every change pruned) would read as
  // it did before its changes: the log's pruned horizon tells the two apart.
  const pruned = timelines.some((t, i) => t.table === 'order_line_changes' && latest[i] === null) ? Number(row.pruned) : null;
  const entries = timelines.map((_, i) => [latest[i], Number(row[`c${i}`])]);
  const heard = changesHeardBy(actor).length;
  const parts = [scopeOf(actor), actor.isCustomer ? 'customer' : 'office', form, start, row.forecast ?? null];
  const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 32);
  return { start, tag: `"${hash([...parts, pruned, entries])}"`, withoutChanges: hash([...parts, Number(row.pruned), entries.slice(heard)]) };
}

/** Whether the request's If-None-Match names `tag` (a weak tag names it too; `*` does not: a list always exists). */
export function namesTag(request: FastifyRequest, tag: string): boolean {
  const asked = request.headers['if-none-match'];
  if (!asked) return false;
  return asked.split(',').some((one) => one.trim().replace(/^W\//, '') === tag);
}
