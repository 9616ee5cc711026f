import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { inPlace, PLACE_PARAMS, placeFromSearch } from '../flow';
import type { GridViews } from '../grid-views';

/**
 * A board cell's link (`?workshop=&phase=&step=`, features/flow/placeLinks.ts) filters the grid to
 * the lines waiting in its place now. The filter stays in the address while it holds, so a reload
 * or a kept link shows the same lines; the banner names it and takes it away. Following a link
 * clears the user's column filters, quick filter and built-in view once, so the grid shows exactly
 * the cell's lines; columns and sort stay as the user left them.
 */
export function usePlaceFromLink(views: Pick<GridViews, 'ready' | 'clearFilters'>) {
  const [params, setParams] = useSearchParams();
  const key = PLACE_PARAMS.map((name) => params.get(name) ?? '').join('|');
  // Read again only when its own parameters change, so another parameter leaves the grid's filter alone.
  const filter = useMemo(() => placeFromSearch(params), [key]);
  const rows = useMemo(() => (filter ? inPlace(filter) : null), [filter]);
  const { ready, clearFilters } = views;
  const cleared = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !filter || cleared.current === key) return;
    cleared.current = key;
    clearFilters();
  }, [ready, filter, key, clearFilters]);
  const clear = useCallback(
    () =>
      setParams((current) => {
        for (const name of PLACE_PARAMS) current.delete(name);
        return current;
      }),
    [setParams],
  );
  return { filter, rows, clear };
}
