import { AgCharts, BarSeriesModule, CategoryAxisModule, ModuleRegistry, NumberAxisModule } from 'ag-charts-community';
import { useEffect, useRef } from 'react';

// Only the parts a bar chart needs, so its chunk stays small.
ModuleRegistry.registerModules([BarSeriesModule, CategoryAxisModule, NumberAxisModule]);

export interface FlowBar {
  name: string;
  hours: number;
}

/** The median hours of each place as horizontal bars (its own chunk: AG Charts loads only with it). */
export default function FlowChart({ title, label, bars }: { title: string; label: string; bars: readonly FlowBar[] }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const chart = AgCharts.create({
      container: container.current,
      title: { text: title },
      data: [...bars],
      series: [{ type: 'bar', direction: 'horizontal', xKey: 'name', yKey: 'hours', yName: label }],
      height: Math.max(200, 40 + bars.length * 28),
    });
    return () => chart.destroy();
  }, [title, label, bars]);
  return <div ref={container} role="figure" aria-label={title} />;
}
