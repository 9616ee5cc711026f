import { subDays } from 'date-fns';
import type { Kysely, Selectable } from 'kysely';
import { forecastJobKey, forecastOf, type StepMedians } from '../../../shared/forecast';
import { isClosedLine } from '../../../shared/lifecycle';
import type { Database, OrderLinesTable } from '../../db/schema';
import { builtInRouting } from '../production-steps/service';
import { EVERY_WORKSHOP, percentiles } from './percentiles';
import { addCounts, keyText, type PlaceCounts, periodCounts } from './stay-counts';

/*
 * The forecast of open lines (shared/forecast.ts `forecastOf`), stored on the line by the line
 * writer (orders/line-writer.ts): at every move, over the medians as the daily job
 * (orders/forecast-job.ts) last stored them in `step_medians` (read once a day per process,
 * `currentMedians`), and for every open line by that job.
 */

/** Stays that ended within this many days make the medians. */
export const FORECAST_HISTORY_DAYS = 90;

type Reader = Kysely<Database>;

/**
 * The median hours of the production-step stays ended in the `FORECAST_HISTORY_DAYS` up to `now`,
 * per workshop and step and per step over every workshop, stored in place of the last ones. Taken
 * as the flow report takes its medians (percentiles.ts), from the stays' kept counts by duration
 * bucket and the few stays of the buckets the median falls in: what it costs does not grow with
 * the stays of the period, and it never holds the server while two years of history are sorted.
 */
export async function countMedians(db: Reader, now: Date): Promise<void> {
  const period = { from: subDays(now, FORECAST_HISTORY_DAYS).toISOString(), to: now.toISOString() };
  const atWorkshops = (await periodCounts(db, period)).filter((place) => place.key.phase === 'step' && place.key.workshop_key !== 0);
  const everywhere = new Map<number, PlaceCounts>();
  for (const place of atWorkshops) {
    const step = place.key.step_key;
    const all = everywhere.get(step) ?? { key: { workshop_key: EVERY_WORKSHOP, phase: 'step', step_key: step }, waiting: 0, ended: new Map() };
    addCounts(all.ended, place.ended);
    everywhere.set(step, all);
  }
  const places = [...atWorkshops, ...everywhere.values()];
  const figures = await percentiles(db, period, places);
  const rows = places.flatMap((place) => {
    const ended = figures.get(keyText(place.key));
    if (!ended) return [];
    return [{ workshop_id: place.key.workshop_key === EVERY_WORKSHOP ? null : place.key.workshop_key, step_id: place.key.step_key, median_hours: toSecond(ended.median) }];
  });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('step_medians').execute();
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('step_medians').values(rows.slice(i, i + 500)).execute();
  });
  forget(db);
}

/** Hours to the whole second: SQLite's julianday counts in days, a few microseconds off. */
const toSecond = (hours: number | string) => Math.round(Number(hours) * 3600) / 3600;

/**
 * The medians a process holds for the line writer, per database (its Kysely instance and every
 * transaction of it share one adapter): taken once the day's forecast job is done, when nothing
 * stores others until the next day's. `counted` moves at every count of this process, so a read
 * begun before one is never held after it.
 */
const held = new WeakMap<object, { day: string; medians: StepMedians }>();
let counted = 0;
const holder = (db: Reader) => db.getExecutor().adapter;
const forget = (db: Reader) => {
  counted++;
  held.delete(holder(db));
};

/**
 * The medians for a write at `now`: as held when today's (UTC) forecast job was done by the time
 * they were read, else as stored now (once the job is done, held from then on).
 */
export async function currentMedians(db: Reader, now: Date): Promise<StepMedians> {
  const day = forecastJobKey(now);
  const kept = held.get(holder(db));
  if (kept?.day === day) return kept.medians;
  const before = counted;
  const done = await db.selectFrom('jobs').select('id').where('key', '=', day).where('status', '=', 'done').executeTakeFirst();
  const medians = await storedMedians(db);
  if (done && before === counted) held.set(holder(db), { day, medians });
  return medians;
}

/** The medians as last stored. */
export async function storedMedians(db: Reader): Promise<StepMedians> {
  const rows = await db.selectFrom('step_medians').select(['workshop_id', 'step_id', 'median_hours']).execute();
  const key = (workshopId: number | null, stepId: number) => `${workshopId ?? ''}/${stepId}`;
  const hours = new Map(rows.map((row) => [key(row.workshop_id, row.step_id), Number(row.median_hours)]));
  return { at: (workshopId, stepId) => hours.get(key(workshopId, stepId)), anywhere: (stepId) => hours.get(key(null, stepId)) };
}

/** A line whose forecast changed, with who hears of it and what to store. */
export interface Reforecast {
  id: number;
  order_id: number;
  workshop_id: number | null;
  customer_id: number | null;
  forecast_date: string | null;
  /** 0/1 as stored; null when closed. */
  late_risk: number | null;
  /** When it turned at risk: kept while it stays so, now when it turns, null while it is not. */
  late_risk_since: string | null;
  /** It is at risk now and was not, or the other way round (unknown counting as not at risk). */
  riskChanged: boolean;
}

const flag = (value: boolean | null) => (value === null ? null : value ? 1 : 0);

/** What the forecast of a line reads of it: where it stands, its dates, and its forecast as stored. */
export const FORECAST_LINE_COLUMNS = [
  'id',
  'order_id',
  'product_id',
  'workshop_id',
  'customer_id',
  'order_line_status_id',
  'current_order_line_process',
  'production_expected_date',
  'delivery_to_office',
  'canceled_at',
  'packing_status_id',
  'forecast_date',
  'late_risk',
  'late_risk_since',
] as const;
export type ForecastRow = Pick<Selectable<OrderLinesTable>, (typeof FORECAST_LINE_COLUMNS)[number]>;

/** What a writer of lines already holds, so the forecast does not read it again. */
export interface Known {
  /** Per line, when it came to the step it stands at (its open stay's start), or null at none. */
  stepSince?: ReadonlyMap<number, string | null>;
  /** Routings by product, as `routingOf` answers them (the built-in process for a product without one). */
  routings?: ReadonlyMap<number, readonly number[]>;
}

/**
 * Forecasts lines (at most a statement's worth of ids) at `now` over `medians`; answers those whose
 * stored forecast differs, for the line writer to store (orders/line-writer.ts `storeForecasts`).
 */
export async function forecastsOf(db: Reader, ids: readonly number[], medians: StepMedians, now: Date): Promise<Reforecast[]> {
  if (ids.length === 0) return [];
  const lines = await db.selectFrom('order_lines').select(FORECAST_LINE_COLUMNS).where('id', 'in', ids).execute();
  return forecastsOfLines(db, lines, medians, now);
}

/** As `forecastsOf`, of lines as stored (at most a statement's worth), reading only what `known` lacks. */
export async function forecastsOfLines(db: Reader, lines: readonly ForecastRow[], medians: StepMedians, now: Date, known: Known = {}): Promise<Reforecast[]> {
  if (lines.length === 0) return [];
  const ids = lines.map((line) => line.id);
  const since =
    known.stepSince ??
    new Map(
      (await db.selectFrom('line_stays').select(['order_line_id', 'entered_at']).where('order_line_id', 'in', ids).where('left_at', 'is', null).where('phase', '=', 'step').execute()).map((stay) => [
        stay.order_line_id,
        stay.entered_at,
      ]),
    );
  const routings = new Map<number, readonly number[]>(known.routings ?? []);
  const products = [...new Set(lines.map((line) => line.product_id))].filter((product) => !routings.has(product));
  const steps = products.length === 0 ? [] : await db.selectFrom('product_production_steps').select(['product_id', 'step_id']).where('product_id', 'in', products).orderBy('product_id').orderBy('position_in_process').execute();
  for (const step of steps) routings.set(step.product_id, [...(routings.get(step.product_id) ?? []), step.step_id]);
  let builtIn: number[] | undefined;

  const changed: Reforecast[] = [];
  for (const line of lines) {
    const routing = routings.get(line.product_id) ?? (builtIn ??= await builtInRouting(db));
    const forecast = forecastOf({ ...line, closed: isClosedLine(line), routing, stepSince: since.get(line.id) ?? null }, medians, now);
    const risk = flag(forecast.late_risk);
    const sameDate = forecast.forecast_date === null || line.forecast_date === null ? forecast.forecast_date === line.forecast_date : Date.parse(forecast.forecast_date) === Date.parse(line.forecast_date);
    if (sameDate && risk === line.late_risk) continue;
    changed.push({
      id: line.id,
      order_id: line.order_id,
      workshop_id: line.workshop_id,
      customer_id: line.customer_id,
      forecast_date: forecast.forecast_date,
      late_risk: risk,
      late_risk_since: risk !== 1 ? null : line.late_risk === 1 ? (line.late_risk_since ?? now.toISOString()) : now.toISOString(),
      riskChanged: (risk === 1) !== (line.late_risk === 1),
    });
  }
  return changed;
}
