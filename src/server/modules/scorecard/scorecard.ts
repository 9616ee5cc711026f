import { type RawBuilder, sql } from 'kysely';
import type { ScorecardMonthDto, WorkshopScorecardDto } from '../../../shared/api';
import { dayIn, monthAfter, monthStart, monthsThrough } from '../../../shared/days';
import { SCORECARD_DEFAULT_MONTHS, SCORECARD_MONTHS_MAX, scorecardQuerySchema } from '../../../shared/schemas/scorecard';
import type { Db } from '../../db';
import { isPostgres } from '../../db/ddl';
import { othersTurn } from '../../db/turns';
import { ACTION_NAMES } from '../orders/life-cycle';
import { monthlyLoss } from '../metal/loss';
import { grams } from '../metal/stored';
import { validateQuery } from '../../validate';

/*
 * A workshop's scorecard (issue 28), month by month in the office's time zone, each figure summed
 * by the database over indexes, never by reading the lines:
 * - a piece is delivered when it enters quality control from the workshop (the line writer's stay
 *   of that phase); a piece quality control sends back is delivered again after its rework, and
 *   counts at that last delivery only. On time: delivered by its expected date, the instant the
 *   late rule (shared/late.ts) holds it against. Lead time: calendar days from its first stay in
 *   the workshop (its assignment) to that delivery.
 * - quality control judged a piece when its stay there ended, and rejected it when the line
 *   writer's history row at that instant is a quality rejection (from quality control or packing).
 * - metal loss against its norm: metal/loss.ts `monthlyLoss`.
 */

export interface ScorecardQuery {
  workshopId: number;
  /** yyyy-mm, oldest first. */
  months: string[];
}

/**
 * The scorecard's parameters read: the months from `from` through `to`, by default the
 * SCORECARD_DEFAULT_MONTHS ending with this month (`now` in `timeZone`); `from` alone runs to this
 * month, at most SCORECARD_MONTHS_MAX. A 400 names the first parameter refused.
 */
export async function parseScorecardQuery(query: unknown, now: Date, timeZone: string): Promise<ScorecardQuery> {
  const raw = await validateQuery(scorecardQuerySchema, query);
  const thisMonth = dayIn(now.getTime(), timeZone).slice(0, 7);
  const to = raw.to ?? (raw.from === undefined ? thisMonth : [thisMonth, raw.from, monthAfter(raw.from, SCORECARD_MONTHS_MAX - 1)].sort()[1]);
  const from = raw.from ?? monthAfter(to, 1 - SCORECARD_DEFAULT_MONTHS);
  return { workshopId: Number(raw.workshop_id), months: monthsThrough(from, to) };
}

/** The months' bounds as instants: each month's start, then the end of the last. */
const boundsOf = (months: readonly string[], timeZone: string) =>
  [...months, monthAfter(months.at(-1)!, 1)].map((month) => new Date(monthStart(month, timeZone)).toISOString());

/** Calendar days from one instant column to another, as SQL. */
const daysBetween = (db: Db, from: RawBuilder<unknown>, to: RawBuilder<unknown>) =>
  isPostgres(db) ? sql<number>`(extract(epoch from (${to} - ${from})) / 86400)` : sql<number>`(julianday(${to}) - julianday(${from}))`;

type DeliveredRow = { delivered: number | string; dated: number | string; on_time: number | string; lead_days: number | string | null };
type JudgedRow = { inspected: number | string; rejected: number | string };

/** The scorecard's two queries over the stays of one month (from `start` to before `end`): its deliveries, and the pieces quality control judged. */
export function scorecardQueries(db: Db, workshopId: number, [start, end]: readonly [string, string]) {
  // The piece's stays read from its own index (line_stays_line_phase_idx), the workshop's among them picked by the case.
  const firstStay = sql`(select min(case when a.workshop_id = s.workshop_id then a.entered_at end) from line_stays a where a.order_line_id = s.order_line_id)`;
  return {
    delivered: sql<DeliveredRow>`
      select count(*) as delivered, count(expected) as dated, count(case when at <= expected then 1 end) as on_time, avg(days) as lead_days
      from (
        select s.entered_at as at, l.production_expected_date as expected,
          ${daysBetween(db, firstStay, sql.ref('s.entered_at'))} as days
        from line_stays s
        inner join order_lines l on l.id = s.order_line_id
        where s.workshop_id = ${workshopId} and s.phase = 'quality_control' and s.entered_at >= ${start} and s.entered_at < ${end}
          -- Its last delivery: no later stay in quality control.
          and not exists (select 1 from line_stays n where n.order_line_id = s.order_line_id and n.phase = 'quality_control' and n.entered_at > s.entered_at)
      ) as deliveries`,
    judged: sql<JudgedRow>`
      select count(*) as inspected, coalesce(sum(rejected), 0) as rejected
      from (
        -- Each piece once a month: judged when its stay in quality control ended, or when it was sent back.
        select line, max(rejected) as rejected, max(case when phase = 'quality_control' then 1 else 0 end) as inspected
        from (
          select s.phase, s.order_line_id as line,
            case when h.id is null then 0 else 1 end as rejected
          from line_stays s
          -- Sent back: a step followed the stay, and the history row of that instant is a quality rejection (not an admin's step back).
          left join line_stays b on b.order_line_id = s.order_line_id and b.phase = 'step' and b.entered_at = s.left_at
          left join order_line_history h on b.order_line_id is not null and h.order_line_id = s.order_line_id and h.created_at = s.left_at and h.action = ${ACTION_NAMES.qcReject}
          where s.workshop_id = ${workshopId} and s.left_at >= ${start} and s.left_at < ${end} and s.phase in ('quality_control', 'packing')
        ) as stays
        group by line
      ) as pieces
      where inspected = 1 or rejected = 1`,
  };
}

/** A share of two counts, rounded to four places; null over nothing. */
const shareOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

export async function workshopScorecard(db: Db, query: ScorecardQuery, timeZone: string): Promise<WorkshopScorecardDto> {
  const bounds = boundsOf(query.months, timeZone);
  // A month at a time, other requests served between them: a busy workshop's half year is hundreds
  // of thousands of stays, seconds of one SQLite statement.
  const delivered: DeliveredRow[] = [];
  const judged: JudgedRow[] = [];
  for (let month = 0; month < query.months.length; month++) {
    if (month > 0) await othersTurn();
    const queries = scorecardQueries(db, query.workshopId, [bounds[month], bounds[month + 1]]);
    delivered.push((await queries.delivered.execute(db)).rows[0]);
    judged.push((await queries.judged.execute(db)).rows[0]);
  }
  const loss = await monthlyLoss(db, query.workshopId, query.months);
  const months = query.months.map((month, index): ScorecardMonthDto => {
    const deliveries = delivered[index];
    const inspected = Number(judged[index].inspected);
    const rejected = Number(judged[index].rejected);
    const metal = loss.get(month);
    return {
      month,
      delivered: Number(deliveries.delivered),
      on_time_rate: shareOf(Number(deliveries.on_time), Number(deliveries.dated)),
      lead_days: deliveries.lead_days == null ? null : Math.round(Number(deliveries.lead_days) * 100) / 100,
      inspected,
      rejected,
      rejection_rate: shareOf(rejected, inspected),
      issued_g: metal?.issued_g ?? grams(0),
      loss_per_mille: metal?.loss_per_mille ?? null,
      norm_per_mille: metal?.norm_per_mille ?? null,
      above_norm: metal?.above_norm ?? false,
    };
  });
  return { workshop_id: query.workshopId, months };
}
