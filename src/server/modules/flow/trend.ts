import { millisecondsInWeek } from 'date-fns/constants';
import type { FlowWeekDto } from '../../../shared/api';
import type { Db } from '../../db';
import { cellOrder, countedFigures, type FlowQuery, hoursOf, inSnapshot, withStepNames } from './report';
import { keyText, placeOfKey } from './stay-counts';

/*
 * The dwell trend: the flow report's stays ended in the period, by week from the period's start
 * (seven whole days each, from its first millisecond to its last, the last week cut at the period's
 * end), counted with their median as the report counts each week: from the kept counts. Only the
 * weeks from the first stay ended in the period to the last are read, so a period of decades costs
 * the weeks that hold stays.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** The first (or last) stay ended in the period, through the index by leaving time. */
export function endedAtEdge(db: Db, query: FlowQuery, direction: 'asc' | 'desc') {
  let edge = db.selectFrom('line_stays').select('left_at').where('left_at', '>=', query.from).where('left_at', '<=', query.to);
  if (query.workshopId !== undefined) edge = edge.where('workshop_id', '=', query.workshopId);
  return edge.orderBy('left_at', direction).limit(1);
}

export async function flowTrend(db: Db, query: FlowQuery): Promise<FlowWeekDto[]> {
  const start = Date.parse(query.from);
  const weeks = await inSnapshot(db, async (trx) => {
    const first = await endedAtEdge(trx, query, 'asc').executeTakeFirst();
    const last = await endedAtEdge(trx, query, 'desc').executeTakeFirst();
    if (!first?.left_at || !last?.left_at) return [];
    const weekOf = (at: string) => Math.floor((Date.parse(at) - start) / millisecondsInWeek);
    const found = [];
    for (let week = weekOf(first.left_at); week <= weekOf(last.left_at); week++) {
      const from = start + week * millisecondsInWeek;
      const { places, figures } = await countedFigures(trx, { from: iso(from), to: iso(Math.min(from + millisecondsInWeek - 1, Date.parse(query.to))), workshopId: query.workshopId });
      for (const place of places) {
        const figure = figures.get(keyText(place.key));
        if (figure) found.push({ ...placeOfKey(place.key), week, pieces: figure.pieces, median_hours: hoursOf(figure.median) ?? 0 });
      }
    }
    return found;
  });
  const named = await withStepNames(db, weeks);
  return named
    .sort((a, b) => cellOrder(a, b) || a.week - b.week)
    .map(({ week, ...cell }) => ({ ...cell, week_start: iso(start + week * millisecondsInWeek) }));
}
