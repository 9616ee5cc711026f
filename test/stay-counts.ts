import { sql } from 'kysely';
import type { Db } from '../src/server/db';
import { isPostgres } from '../src/server/db/ddl';
import { fillStayCounts } from '../src/server/db/migrations/2026-11-27-0041-stay-counts';
import type { Cell, FlowQuery } from '../src/server/modules/flow/report';

/*
 * The flow report's counts (migration 0041) as they are kept, and as they are counted again from
 * the stays, so a test can require them equal after any write; and the report's figures counted
 * from every stay of a period, the reference it is tested against.
 */

/** The kept counts, comparable whatever order their JSON was written in. */
export async function keptStayCounts(db: Db) {
  const parsed = (rows: Array<{ counts: string }>) => rows.map((row) => ({ ...row, counts: JSON.parse(row.counts) as unknown }));
  return {
    cells: await db.selectFrom('stay_cells').selectAll().orderBy('workshop_key').orderBy('phase').orderBy('step_key').execute(),
    days: parsed(await db.selectFrom('stay_days').selectAll().orderBy('workshop_key').orderBy('phase').orderBy('step_key').orderBy('day').execute()),
    hours: parsed(await db.selectFrom('stay_hours').selectAll().orderBy('workshop_key').orderBy('phase').orderBy('step_key').orderBy('hour').execute()),
  };
}

/** The counts kept, then those counted again from the stays (which the database keeps from then on). */
export async function stayCountsKeptAndCounted(db: Db) {
  const kept = await keptStayCounts(db);
  await fillStayCounts(db);
  return { kept, counted: await keptStayCounts(db) };
}

/**
 * The p-th percentile (in tenths) of each cell's hours as PostgreSQL's percentile_cont takes it,
 * computed by rank where SQLite has none: between the values ranked at floor(p (n - 1)) and the
 * next one, by the fraction left over. Every row is read by the database, never by the server.
 */
const byRank = (tenths: number) => {
  const at = sql`(${sql.lit(tenths)} * (n - 1))`;
  return sql<number | string>`sum(case
    when r = ${at} / 10 then hours * (10 - ${at} % 10) / 10.0
    when r = ${at} / 10 + 1 then hours * (${at} % 10) / 10.0
    else 0 end)`;
};

type Figures = Cell & { pieces: number | string; median_hours: number | string; p90_hours: number | string };

/**
 * The stays ended in the period per cell, how many and their median and 90th percentile in hours,
 * counted from every stay of the period: the reference the report and the trend are tested against.
 */
export function endedFigures(db: Db, query: FlowQuery) {
  const ofWorkshop = query.workshopId === undefined ? sql`` : sql`and workshop_id = ${query.workshopId}`;
  const ended = sql`line_stays where left_at >= ${query.from} and left_at <= ${query.to} ${ofWorkshop}`;
  const keys = sql`workshop_id, phase, step_id`;
  if (isPostgres(db)) {
    return sql<Figures>`
      select ${keys}, pieces, figures[1] as median_hours, figures[2] as p90_hours
      from (
        -- Both percentiles from one sort of each cell. The cells are sorted by the phase's bytes: a
        -- database collation other than C compares text letter by letter, the sort's dearest part.
        select ${keys}, count(*) as pieces, percentile_cont(array[0.5, 0.9]) within group (order by hours) as figures
        from (select workshop_id, phase collate "C" as phase, step_id, date_part('epoch', left_at - entered_at) / 3600 as hours from ${ended}) as stays
        group by ${keys}
      ) as cells`;
  }
  return sql<Figures>`
    with stays as (select workshop_id, phase, step_id, (julianday(left_at) - julianday(entered_at)) * 24 as hours from ${ended}),
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
