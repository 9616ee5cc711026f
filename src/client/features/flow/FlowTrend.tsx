import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowWeekDto } from '../../../shared/api';
import { dayIn } from '../../../shared/days';
import { formatDay } from '../../../shared/locale';
import { useAppSelector } from '../../app/hooks';
import { NoticeView } from '../../components/NoticeView';
import { useFormatters } from '../lookups';
import { placeKey } from './places';
import { selectFlow } from './slice';
import { useFlowNames } from './useFlowNames';

// AG Charts loads with the chart, never in the main bundle.
const FlowTrendChart = lazy(() => import('./FlowTrendChart'));

interface TrendCell {
  key: string;
  /** The first week's row, naming the workshop and the place. */
  first: FlowWeekDto;
  weeks: FlowWeekDto[];
  pieces: number;
}

/** The answer's weeks by cell (workshop and place), the cell with the most pieces first. */
export function trendCells(weeks: readonly FlowWeekDto[]): TrendCell[] {
  const cells = new Map<string, TrendCell>();
  for (const week of weeks) {
    const key = `${week.workshop_id ?? ''}/${placeKey(week)}`;
    const cell = cells.get(key) ?? { key, first: week, weeks: [], pieces: 0 };
    cell.weeks.push(week);
    cell.pieces += week.pieces;
    cells.set(key, cell);
  }
  return [...cells.values()].sort((a, b) => b.pieces - a.pieces);
}

/** The dwell trend of the report's period: a chosen place's median hours and pieces by week, as a line chart. */
export function FlowTrend() {
  const { t, i18n } = useTranslation('flow');
  const { timeZone } = useFormatters();
  const names = useFlowNames();
  const { trend, trendNotice } = useAppSelector(selectFlow);
  const cells = useMemo(() => trendCells(trend ?? []), [trend]);
  const [chosen, setChosen] = useState<string | null>(null);
  const choice = useId();
  const cell = cells.find((one) => one.key === chosen) ?? cells[0];
  const language = i18n.language;
  const points = useMemo(
    () => (cell?.weeks ?? []).map((week) => ({ week: formatDay(dayIn(Date.parse(week.week_start), timeZone), language), median: week.median_hours, pieces: week.pieces })),
    [cell, timeZone, language],
  );

  if (trendNotice) return <NoticeView notice={trendNotice} />;
  if (!cell) return null;
  const nameOf = (one: TrendCell) => t('bottleneckPlace', { place: names.place(one.first), workshop: names.workshop(one.first.workshop_id) });
  return (
    <section aria-labelledby={`${choice}-title`}>
      <h2 id={`${choice}-title`}>{t('trend')}</h2>
      <label htmlFor={choice}>{t('trendPlace')}</label>
      <select id={choice} value={cell.key} onChange={(event) => setChosen(event.target.value)}>
        {cells.map((one) => (
          <option key={one.key} value={one.key}>
            {nameOf(one)}
          </option>
        ))}
      </select>
      <Suspense fallback={null}>
        <FlowTrendChart title={t('trendChart', { place: nameOf(cell) })} medianLabel={t('columns.median')} piecesLabel={t('columns.pieces')} points={points} />
      </Suspense>
    </section>
  );
}
