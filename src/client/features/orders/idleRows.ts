import type { GridApi, IRowNode } from 'ag-grid-community';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { OrderLineDto } from '../../../shared/api';
import { whenIdle } from '../../components/whenIdle';

/**
 * Builds the rows' texts for a filter ahead, in idle moments, one walk over the rows at a time.
 * A new `texts` (the columns changed: new lookups) stops the walk: texts of other columns are not built on.
 */
export function useIdleRows(grid: RefObject<GridApi<OrderLineDto> | null>, texts: unknown) {
  const stopPreparing = useRef<(() => void) | null>(null);
  useEffect(() => () => stopPreparing.current?.(), [texts]);
  return useCallback(
    (prepare: (node: IRowNode<OrderLineDto>) => void) => {
      stopPreparing.current?.();
      let nodes: IRowNode<OrderLineDto>[] | null = null;
      let next = 0;
      stopPreparing.current = whenIdle((hasTime) => {
        const api = grid.current;
        if (!api || api.isDestroyed()) return true;
        if (!nodes) {
          nodes = [];
          api.forEachNode((node) => void nodes!.push(node));
        }
        // A slice does at least a few rows, however busy the page.
        for (let done = 0; next < nodes.length && (done < 50 || hasTime()); next++, done++) prepare(nodes[next]);
        return next >= nodes.length;
      });
    },
    [grid],
  );
}
