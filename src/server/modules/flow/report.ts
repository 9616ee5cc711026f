import { subDays } from 'date-fns';
import { millisecondsInWeek } from 'date-fns/constants';
import { sql } from 'kysely';
import type { FlowStepDto } from '../../../shared/api';
import { PHASES, type Phase } from '../../../shared/flow';
import { FLOW_DEFAULT_DAYS, flowQuerySchema } from '../../../shared/schemas/flow';
import type { Db } from '../../db';
import { isPostgres } from '../../db/ddl';
import { validateQuery } from '../../validate';
import { percentiles } from './percentiles';
import { keyText, periodCounts, placeOfKey } from './stay-counts';

/*
 * The flow report (issue 28): per workshop and step or phase, the stays that ended within a period
 * (how many, their median and 90th percentile in calendar hours) and the pieces staying there now.
 * The counts by duration bucket come from those kept as stays leave (stay-counts.ts); each
 * percentile is then finished over the stays of the one bucket its ranks fall in (percentiles.ts).
 * `endedFigures` counts the same from every stay of the period (by PostgreSQL's percentile_cont, by
 * rank on SQLite): the trend by week reads it, and the report is tested to agree with it.
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

/**
 * The p-th percentile (in tenths) of each cell's hours as PostgreSQL's percentile_cont takes it,
 * computed by rank where SQLite has none: between the values ranked at floor(p (n - 1)) and the
 * next one, by the fraction left over. Every row is read by the database, never by the server.
 */
export const byRank = (tenths: number) => {
  const at = sql`(${sql.lit(tenths)} * (n - 1))`;
  return sql<number | string>`sum(case
    when r = ${at} / 10 then hours * (10 - ${at} % 10) / 10.0
    when r = ${at} / 10 + 1 then hours * (${at} % 10) / 10.0
    else 0 end)`;
};

export interface Cell {
  workshop_id: number | null;
  phase: Phase;
  step_id: number | null;
}

export const hoursOf = (value: number | string | null) => (value === null ? null : Math.round(Number(value) * 100) / 100);

type Figures = Cell & { pieces: number | string; median_hours: number | string; p90_hours: number | string };

/**
 * The stays ended in the period per cell (and per week from `from` on, for the trend): how many,
 * their median and 90th percentile in hours. A week is seven whole days (whole milliseconds) from
 * the period's start, counted alike on both databases.
 */
export function endedFigures(db: Db, query: FlowQuery, byWeek: boolean) {
  const ofWorkshop = query.workshopId === undefined ? sql`` : sql`and workshop_id = ${query.workshopId}`;
  const ended = sql`line_stays where left_at >= ${query.from} and left_at <= ${query.to} ${ofWorkshop}`;
  const week = sql.lit(millisecondsInWeek);
  const keys = byWeek ? sql`workshop_id, phase, step_id, week` : sql`workshop_id, phase, step_id`;
  if (isPostgres(db)) {
    const weekOf = byWeek ? sql`, floor(round(date_part('epoch', left_at - ${query.from}::timestamptz) * 1000) / ${week})::integer as week` : sql``;
    return sql<Figures & { week?: number }>`
      select ${keys}, pieces, figures[1] as median_hours, figures[2] as p90_hours
      from (
        -- Both percentiles from one sort of each cell. The cells are sorted by the phase's bytes: a
        -- database collation other than C compares text letter by letter, the sort's dearest part.
        select ${keys}, count(*) as pieces, percentile_cont(array[0.5, 0.9]) within group (order by hours) as figures
        from (select workshop_id, phase collate "C" as phase, step_id, date_part('epoch', left_at - entered_at) / 3600 as hours ${weekOf} from ${ended}) as stays
        group by ${keys}
      ) as cells`;
  }
  const weekOf = byWeek ? sql`, cast(round((julianday(left_at) - julianday(${query.from})) * 86400000) as integer) / ${week} as week` : sql``;
  return sql<Figures & { week?: number }>`
    with stays as (select workshop_id, phase, step_id, (julianday(left_at) - julianday(entered_at)) * 24 as hours ${weekOf} from ${ended}),
    ranked as (
      -- One sort per cell: the rank and the cell's count over the same window.
      select ${keys}, hours, row_number() over w - 1 as r, count(*) over (w rows between unbounded preceding and unbounded following) as n
      from stays
      window w as (partition by ${keys} order by hours)
    )
    select ${keys}, max(n) as pieces, ${byRank(5)} as median_hours, ${byRank(9)} as p90_hours
    from ranked
    group by ${keys}`;
}

/** Rows of cells with their step's stored name (null for a phase that is not a step). */
export async function withStepNames<T extends Cell>(db: Db, cells: readonly T[]): Promise<Array<T & { step_name: string | null }>> {
  const steps = [...new Set(cells.flatMap((cell) => (cell.step_id === null ? [] : [cell.step_id])))];
  const names = steps.length === 0 ? [] : await db.selectFrom('production_steps').select(['id', 'step_name']).where('id', 'in', steps).execute();
  const nameOf = new Map(names.map((step) => [step.id, step.step_name]));
  return cells.map((cell) => ({ ...cell, step_name: cell.step_id === null ? null : (nameOf.get(cell.step_id) ?? null) }));
}

/** Cells workshop by workshop (waiting for one first), in the order pieces go through the phases. */
export const cellOrder = (a: Cell, b: Cell) => (a.workshop_id ?? 0) - (b.workshop_id ?? 0) || PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || (a.step_id ?? 0) - (b.step_id ?? 0);

export async function flowReport(db: Db, query: FlowQuery): Promise<FlowStepDto[]> {
  // The counts and the stays they lead to, read in one snapshot: a stay leaving meanwhile is in both or in neither.
  const { places, figures } = await (isPostgres(db) ? db.transaction().setIsolationLevel('repeatable read') : db.transaction()).execute(async (trx) => {
    const counted = query.from <= query.to ? await periodCounts(trx, query) : [];
    return { places: counted, figures: await percentiles(trx, query, counted) };
  });
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
