import { subDays } from 'date-fns';
import type { FlowStepDto } from '../../../shared/api';
import { PHASES, type Phase } from '../../../shared/flow';
import { FLOW_DEFAULT_DAYS, flowQuerySchema } from '../../../shared/schemas/flow';
import type { Db } from '../../db';
import { isPostgres } from '../../db/ddl';
import { validateQuery } from '../../validate';
import { type Ended, percentiles } from './percentiles';
import { keyText, type Period, type PlaceCounts, periodCounts, placeOfKey } from './stay-counts';

/*
 * The flow report (issue 28): per workshop and step or phase, the stays that ended within a period
 * (how many, their median and 90th percentile in calendar hours) and the pieces staying there now.
 * The counts by duration bucket come from those kept as stays leave (stay-counts.ts); each
 * percentile is then finished over the stays of the one bucket its ranks fall in (percentiles.ts).
 * The trend by week (trend.ts) counts each week the same way. Both are tested against the same
 * figures counted from every stay of the period (test/stay-counts.ts `endedFigures`).
 */

export interface FlowQuery {
  from: string;
  to: string;
  workshopId?: number;
}

/** The report's parameters read (the last FLOW_DEFAULT_DAYS up to `now` by default), or a 400 naming the first one refused. */
export async function parseFlowQuery(query: unknown, now: Date): Promise<FlowQuery> {
  const raw = await validateQuery(flowQuerySchema, query);
  const to = raw.to === undefined ? now : new Date(raw.to);
  const from = raw.from === undefined ? subDays(to, FLOW_DEFAULT_DAYS) : new Date(raw.from);
  return { from: from.toISOString(), to: to.toISOString(), workshopId: raw.workshop_id === undefined ? undefined : Number(raw.workshop_id) };
}

export interface Cell {
  workshop_id: number | null;
  phase: Phase;
  step_id: number | null;
}

export const hoursOf = (value: number | string | null) => (value === null ? null : Math.round(Number(value) * 100) / 100);

/** Rows of cells with their step's stored name (null for a phase that is not a step). */
export async function withStepNames<T extends Cell>(db: Db, cells: readonly T[]): Promise<Array<T & { step_name: string | null }>> {
  const steps = [...new Set(cells.flatMap((cell) => (cell.step_id === null ? [] : [cell.step_id])))];
  const names = steps.length === 0 ? [] : await db.selectFrom('production_steps').select(['id', 'step_name']).where('id', 'in', steps).execute();
  const nameOf = new Map(names.map((step) => [step.id, step.step_name]));
  return cells.map((cell) => ({ ...cell, step_name: cell.step_id === null ? null : (nameOf.get(cell.step_id) ?? null) }));
}

/** Cells workshop by workshop (waiting for one first), in the order pieces go through the phases. */
export const cellOrder = (a: Cell, b: Cell) => (a.workshop_id ?? 0) - (b.workshop_id ?? 0) || PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || (a.step_id ?? 0) - (b.step_id ?? 0);

/** Reads in one snapshot: a stay leaving meanwhile is in every read or in none. */
export const inSnapshot = <T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> => (isPostgres(db) ? db.transaction().setIsolationLevel('repeatable read') : db.transaction()).execute(work);

/** Each place's counts over a period and the percentiles of its stays ended in it, keyed as `keyText`. */
export async function countedFigures(trx: Db, period: Period): Promise<{ places: PlaceCounts[]; figures: Map<string, Ended> }> {
  const places = period.from <= period.to ? await periodCounts(trx, period) : [];
  return { places, figures: await percentiles(trx, period, places) };
}

export async function flowReport(db: Db, query: FlowQuery): Promise<FlowStepDto[]> {
  const { places, figures } = await inSnapshot(db, (trx) => countedFigures(trx, query));
  const cells = places
    .filter((place) => place.waiting > 0 || figures.has(keyText(place.key)))
    .map((place): FlowStepDto => {
      const ended = figures.get(keyText(place.key));
      const { workshop_id, phase, step_id } = placeOfKey(place.key);
      return {
        workshop_id,
        step_id,
        phase,
        step_name: null,
        pieces: ended?.pieces ?? 0,
        median_hours: hoursOf(ended?.median ?? null),
        p90_hours: hoursOf(ended?.p90 ?? null),
        waiting_now: place.waiting,
      };
    });
  const answer = await withStepNames(db, cells);
  return answer.sort(cellOrder);
}
