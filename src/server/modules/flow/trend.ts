import { addMilliseconds } from 'date-fns';
import { millisecondsInWeek } from 'date-fns/constants';
import type { FlowWeekDto } from '../../../shared/api';
import type { Db } from '../../db';
import { cellOrder, endedFigures, type FlowQuery, hoursOf, withStepNames } from './report';

/*
 * The dwell trend: the flow report's stays ended in the period, by week from the period's start
 * (seven whole days each, the last one cut at the period's end), counted and their median taken by
 * the same query as the report's (percentile_cont on PostgreSQL, by rank on SQLite).
 */

export async function flowTrend(db: Db, query: FlowQuery): Promise<FlowWeekDto[]> {
  const { rows } = await endedFigures(db, query, true).execute(db);
  const weeks = rows.map((row) => ({
    workshop_id: row.workshop_id,
    step_id: row.step_id,
    phase: row.phase,
    week: Number(row.week),
    pieces: Number(row.pieces),
    median_hours: hoursOf(row.median_hours) ?? 0,
  }));
  const named = await withStepNames(db, weeks);
  return named
    .sort((a, b) => cellOrder(a, b) || a.week - b.week)
    .map(({ week, ...cell }) => ({ ...cell, week_start: addMilliseconds(new Date(query.from), week * millisecondsInWeek).toISOString() }));
}
