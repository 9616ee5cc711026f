import type { IRowNode } from 'ag-grid-community';
import type { AgGridReact } from 'ag-grid-react';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { OrderLineDto } from '../../../shared/api';

/**
 * Runs `work` in the browser's idle moments (short timer slices where there are none, or when no
 * idle moment came for a while) until it says it is done; `hasTime` tells it when to yield.
 */
function whenIdle(work: (hasTime: () => boolean) => boolean): () => void {
  let stopped = false;
  const idle = typeof requestIdleCallback === 'function';
  const step = (deadline?: IdleDeadline) => {
    if (stopped) return;
    const until = performance.now() + (deadline && !deadline.didTimeout ? Math.max(1, deadline.timeRemaining() - 1) : 8);
    if (!work(() => performance.now() < until)) schedule();
  };
  const schedule = () => (idle ? requestIdleCallback(step, { timeout: 500 }) : setTimeout(step, 0));
  schedule();
  return () => {
    stopped = true;
  };
}

/**
 * Builds the rows' texts for a filter ahead, in idle moments, one walk over the rows at a time.
 * A new `texts` (the columns changed: new lookups) stops the walk: texts of other columns are not built on.
 */
export function useIdleRows(grid: RefObject<AgGridReact<OrderLineDto> | null>, texts: unknown) {
  const stopPreparing = useRef<(() => void) | null>(null);
  useEffect(() => () => stopPreparing.current?.(), [texts]);
  return useCallback(
    (prepare: (node: IRowNode<OrderLineDto>) => void) => {
      stopPreparing.current?.();
      let nodes: IRowNode<OrderLineDto>[] | null = null;
      let next = 0;
      stopPreparing.current = whenIdle((hasTime) => {
        const api = grid.current?.api;
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
