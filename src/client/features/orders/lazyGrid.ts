import { lazy, useState } from 'react';

/*
 * The grid is the heaviest part of the client: it loads with this screen's code, before the
 * screen asks for its lines, so it is there (and mounted, while the lines are on their way) when
 * the first rows arrive. Once loaded it is rendered directly, without suspending again.
 */
type Grid = typeof import('./OrderGrid').default;
let loadedGrid: Grid | null = null;
let loadingGrid: Promise<{ default: Grid }> | null = null;
const loadGrid = () =>
  (loadingGrid ??= import('./OrderGrid').then(
    (module) => {
      loadedGrid = module.default;
      return module;
    },
    (error: unknown) => {
      loadingGrid = null;
      throw error;
    },
  ));
loadGrid().catch(() => undefined);
const LazyGrid = lazy(loadGrid);

/** The order grid's component, chosen once: a component that changed from one render to the next would mount the grid again. */
export function useOrderGrid() {
  const [OrderGrid] = useState(() => loadedGrid ?? LazyGrid);
  return OrderGrid;
}
