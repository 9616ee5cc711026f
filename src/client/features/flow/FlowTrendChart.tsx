import { AgCharts, CategoryAxisModule, LegendModule, LineSeriesModule, ModuleRegistry, NumberAxisModule } from 'ag-charts-community';
import { useEffect, useRef } from 'react';

// Only the parts a line chart with two scales needs, so its chunk stays small.
ModuleRegistry.registerModules([LineSeriesModule, CategoryAxisModule, NumberAxisModule, LegendModule]);

/** One week of a place: the day it starts, as the reader writes it, and its figures. */
export interface TrendPoint {
  week: string;
  median: number;
  pieces: number;
}

interface Props {
  title: string;
  medianLabel: string;
  piecesLabel: string;
  points: readonly TrendPoint[];
}

/** A place's median hours and pieces week by week, each on its own scale (its own chunk: AG Charts loads only with it). */
export default function FlowTrendChart({ title, medianLabel, piecesLabel, points }: Props) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const chart = AgCharts.create({
      container: container.current,
      title: { text: title },
      data: [...points],
      axes: {
        x: { type: 'category', position: 'bottom' },
        y: { type: 'number', position: 'left', title: { text: medianLabel } },
        pieces: { type: 'number', position: 'right', title: { text: piecesLabel } },
      },
      series: [
        { type: 'line', xKey: 'week', yKey: 'median', yName: medianLabel },
        { type: 'line', xKey: 'week', yKey: 'pieces', yName: piecesLabel, yKeyAxis: 'pieces' },
      ],
      height: 320,
    });
    return () => chart.destroy();
  }, [title, medianLabel, piecesLabel, points]);
  return <div ref={container} role="figure" aria-label={title} />;
}
