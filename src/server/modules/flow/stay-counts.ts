import { millisecondsInDay, millisecondsInHour } from 'date-fns/constants';
import { sql } from 'kysely';
import type { StayPlace } from '../../../shared/flow';
import type { Db } from '../../db';
import { gatherForLast } from '../../db/after-commit';

/*
 * The counts the flow report reads instead of every stay of a period (migration 0041): per place,
 * the pieces staying now (stay_cells), and by duration bucket the stays ended up to the end of each
 * UTC day (stay_days, running) and within each UTC hour (stay_hours). Every writer of stays keeps
 * them in its own transaction through `countStays`; the place's stay_cells row, taken first and in
 * one order, keeps two writers of one place in turn. A writer of lines counts its stays last
 * (`countStaysLast`): a busy step's row is shared by every tap there, and each holds it only from
 * its counts to its commit. Taken after every other row the writer takes, in one order, the places'
 * rows never leave two writers waiting on each other.
 */

/** Stays by duration bucket. */
export type Counts = Map<number, number>;

export const hourOf = (at: string) => Math.floor(Date.parse(at) / millisecondsInHour);
export const dayOf = (at: string) => Math.floor(Date.parse(at) / millisecondsInDay);
/** The first hour of the UTC day an hour falls in. */
export const dayStartHour = (hour: number) => hour - (hour % 24);

export const countsOf = (text: string | null): Counts => new Map(text === null ? [] : Object.entries(JSON.parse(text) as Record<string, number>).map(([bucket, n]) => [Number(bucket), n]));
const textOf = (counts: Counts) => JSON.stringify(Object.fromEntries([...counts].filter(([, n]) => n !== 0)));

/** Adds `sign` times `more` into `into`. */
export function addCounts(into: Counts, more: Counts, sign = 1): Counts {
  for (const [bucket, n] of more) into.set(bucket, (into.get(bucket) ?? 0) + sign * n);
  return into;
}

export interface PlaceKey {
  workshop_key: number;
  phase: StayPlace['phase'];
  step_key: number;
}

export const keyOfPlace = (place: StayPlace): PlaceKey => ({ workshop_key: place.workshop_id ?? 0, phase: place.phase, step_key: place.step_id ?? 0 });
export const placeOfKey = (key: PlaceKey): StayPlace => ({ workshop_id: key.workshop_key === 0 ? null : key.workshop_key, phase: key.phase, step_id: key.step_key === 0 ? null : key.step_key });
export const keyText = (key: PlaceKey) => `${key.workshop_key}/${key.phase}/${key.step_key}`;
const samePlaceKey = (key: PlaceKey) =>
  sql<boolean>`workshop_key = ${key.workshop_key} and phase = ${key.phase} and step_key = ${key.step_key}`;

/** A stay that left: its place, its bucket (as the database computed it) and when. */
export interface LeftStay extends StayPlace {
  bucket: number | null;
  left_at: string | null;
}

export interface StayChanges {
  /** Stays begun, open now. */
  opened?: readonly StayPlace[];
  /** Stays that were open and left. */
  closed?: readonly StayPlace[];
  /** Stays ended (whether counted open before or written already ended). */
  left?: readonly LeftStay[];
}

/** Brings the counts up to stays begun, left or written already ended, in the writer's transaction. */
export async function countStays(trx: Db, changes: StayChanges): Promise<void> {
  const places = new Map<string, { key: PlaceKey; waiting: number; left: LeftStay[] }>();
  const placeFor = (place: StayPlace) => {
    const key = keyOfPlace(place);
    const text = keyText(key);
    const found = places.get(text) ?? { key, waiting: 0, left: [] };
    places.set(text, found);
    return found;
  };
  for (const place of changes.opened ?? []) placeFor(place).waiting++;
  for (const place of changes.closed ?? []) placeFor(place).waiting--;
  for (const stay of changes.left ?? []) if (stay.left_at !== null && stay.bucket !== null) placeFor(stay).left.push(stay);
  if (places.size === 0) return;
  // One order for every writer, so two never wait on each other's places.
  const ordered = [...places.values()].sort((a, b) => a.key.workshop_key - b.key.workshop_key || a.key.phase.localeCompare(b.key.phase) || a.key.step_key - b.key.step_key);
  await trx
    .insertInto('stay_cells')
    .values(ordered.map(({ key, waiting }) => ({ ...key, waiting })))
    .onConflict((oc) => oc.columns(['workshop_key', 'phase', 'step_key']).doUpdateSet((eb) => ({ waiting: eb('stay_cells.waiting', '+', eb.ref('excluded.waiting')) })))
    .execute();
  for (const { key, left } of ordered) if (left.length > 0) await countLeft(trx, key, left);
}

/**
 * Counts stays as `countStays` does, at the end of the writer's transaction (`gatherForLast`),
 * every stay of the transaction in one go; at once in a transaction that has no end work.
 */
export async function countStaysLast(trx: Db, changes: StayChanges): Promise<void> {
  const all = gatherForLast(trx, 'stay counts', () => ({ opened: [] as StayPlace[], closed: [] as StayPlace[], left: [] as LeftStay[] }), (gathered) => countStays(trx, gathered));
  if (!all) return countStays(trx, changes);
  all.opened.push(...(changes.opened ?? []));
  all.closed.push(...(changes.closed ?? []));
  all.left.push(...(changes.left ?? []));
}

/** Rows of counts written by one statement (each new or replacing its old one), well inside SQLite's bound on a statement's parameters. */
const ROWS_PER_INSERT = 1000;

/** Groups stays by a unit of when they left, into counts by bucket. */
function byUnit(stays: readonly LeftStay[], unitOf: (at: string) => number): Map<number, Counts> {
  const units = new Map<number, Counts>();
  for (const stay of stays) {
    const unit = unitOf(stay.left_at!);
    const counts = units.get(unit) ?? new Map();
    counts.set(stay.bucket!, (counts.get(stay.bucket!) ?? 0) + 1);
    units.set(unit, counts);
  }
  return units;
}

/** Adds a place's ended stays to its hours, and to its running days from each one's day on. */
async function countLeft(trx: Db, key: PlaceKey, stays: readonly LeftStay[]): Promise<void> {
  const hours = byUnit(stays, hourOf);
  const days = byUnit(stays, dayOf);
  const first = Math.min(...days.keys());
  // One read of both: the hours' rows, and the running row before the first day (if any) and every
  // one from it on (most often only today's).
  const stored = await trx
    .selectFrom('stay_hours')
    .select([sql<number>`0`.as('is_day'), 'hour as unit', 'counts'])
    .where(samePlaceKey(key))
    .where('hour', 'in', [...hours.keys()])
    .unionAll(
      trx
        .selectFrom('stay_days')
        .select([sql<number>`1`.as('is_day'), 'day as unit', 'counts'])
        .where(samePlaceKey(key))
        .where('day', '>=', (eb) => eb.fn.coalesce(eb.selectFrom('stay_days').select((inner) => inner.fn.max('day').as('day')).where(samePlaceKey(key)).where('day', '<', first), eb.val(first))),
    )
    .execute();
  const storedOf = (isDay: boolean) => new Map(stored.filter((row) => (Number(row.is_day) === 1) === isDay).map((row) => [Number(row.unit), row.counts]));
  const storedHours = storedOf(false);
  const hourRows = [...hours].map(([hour, counts]) => ({ ...key, hour, counts: textOf(addCounts(countsOf(storedHours.get(hour) ?? null), counts)) }));
  for (let i = 0; i < hourRows.length; i += ROWS_PER_INSERT) {
    await trx
      .insertInto('stay_hours')
      .values(hourRows.slice(i, i + ROWS_PER_INSERT))
      .onConflict((oc) => oc.columns(['hour', 'workshop_key', 'phase', 'step_key']).doUpdateSet((eb) => ({ counts: eb.ref('excluded.counts') })))
      .execute();
  }

  const storedDays = storedOf(true);
  let before: Counts = new Map();
  const added: Counts = new Map();
  const dayRows = [];
  for (const day of [...new Set([...storedDays.keys(), ...days.keys()])].sort((a, b) => a - b)) {
    const old = storedDays.get(day);
    if (old !== undefined) before = countsOf(old);
    if (day < first) continue;
    addCounts(added, days.get(day) ?? new Map());
    dayRows.push({ ...key, day, counts: textOf(addCounts(new Map(before), added)) });
  }
  for (let i = 0; i < dayRows.length; i += ROWS_PER_INSERT) {
    await trx
      .insertInto('stay_days')
      .values(dayRows.slice(i, i + ROWS_PER_INSERT))
      .onConflict((oc) => oc.columns(['workshop_key', 'phase', 'step_key', 'day']).doUpdateSet((eb) => ({ counts: eb.ref('excluded.counts') })))
      .execute();
  }
}

/** A place's counts over a period: the pieces staying now, and the stays ended in it by bucket. */
export interface PlaceCounts {
  key: PlaceKey;
  waiting: number;
  ended: Counts;
}

export interface Period {
  from: string;
  to: string;
  workshopId?: number;
}

/** The three reads of `periodCounts`: each place's running days before each end's day, those days' hours before each end's hour, and the stays of each end's hour. */
export function periodQueries(period: Period) {
  const ofWorkshop = (column: string) => (period.workshopId === undefined ? sql`` : sql`and ${sql.ref(column)} = ${period.workshopId}`);
  const ends = [
    { at: period.to, sign: 1, upTo: sql`left_at <= ${period.to}` },
    { at: period.from, sign: -1, upTo: sql`left_at < ${period.from}` },
  ].map((end) => ({ ...end, hour: hourOf(end.at), day: dayOf(end.at) }));
  const runningBefore = (day: number) =>
    sql<string | null>`(select d.counts from stay_days d where d.workshop_key = c.workshop_key and d.phase = c.phase and d.step_key = c.step_key and d.day < ${day} order by d.day desc limit 1)`;
  return {
    cells: sql<PlaceKey & { waiting: number; to_day: string | null; from_day: string | null }>`
      select workshop_key, phase, step_key, waiting, ${runningBefore(ends[0].day)} as to_day, ${runningBefore(ends[1].day)} as from_day
      from stay_cells c where 1 = 1 ${ofWorkshop('workshop_key')}`,
    hours: sql<PlaceKey & { counts: string; sign: number }>`${sql.join(
      ends.map((end) => sql`select workshop_key, phase, step_key, counts, ${sql.lit(end.sign)} as sign from stay_hours where hour >= ${dayStartHour(end.hour)} and hour < ${end.hour} ${ofWorkshop('workshop_key')}`),
      sql` union all `,
    )}`,
    stays: sql<StayPlace & { bucket: number; stays: number | string; sign: number }>`${sql.join(
      ends.map(
        (end) => sql`select workshop_id, phase, step_id, bucket, count(*) as stays, ${sql.lit(end.sign)} as sign from line_stays
          where left_at >= ${new Date(end.hour * millisecondsInHour).toISOString()} and ${end.upTo} ${ofWorkshop('workshop_id')}
          group by workshop_id, phase, step_id, bucket`,
      ),
      sql` union all `,
    )}`,
  };
}

/**
 * Each place's stays ended from `from` to `to` (both included) by bucket, from the running days
 * before each end's day, the hours of that day before its hour, and the stays of its hour itself
 * (line_stays_left_idx): so many rows however long the period.
 */
export async function periodCounts(db: Db, period: Period): Promise<PlaceCounts[]> {
  const queries = periodQueries(period);
  const cells = await queries.cells.execute(db);
  const hours = await queries.hours.execute(db);
  const stays = await queries.stays.execute(db);
  const places = new Map<string, PlaceCounts>();
  for (const row of cells.rows) {
    const key = { workshop_key: row.workshop_key, phase: row.phase, step_key: row.step_key };
    places.set(keyText(key), { key, waiting: Number(row.waiting), ended: addCounts(countsOf(row.to_day), countsOf(row.from_day), -1) });
  }
  for (const row of hours.rows) {
    const ended = places.get(keyText(row))?.ended;
    if (ended) addCounts(ended, countsOf(row.counts), Number(row.sign));
  }
  for (const row of stays.rows) {
    const ended = places.get(keyText(keyOfPlace(row)))?.ended;
    ended?.set(row.bucket, (ended.get(row.bucket) ?? 0) + Number(row.sign) * Number(row.stays));
  }
  return [...places.values()];
}
