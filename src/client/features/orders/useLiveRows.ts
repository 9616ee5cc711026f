import type { GridApi } from 'ag-grid-community';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { OrderLineDto } from '../../../shared/api';
import type { LineTable } from '../order-lines';
import { rowChanges } from './rowChanges';

/**
 * The grid's rows from the store's lines. The rows are given once: a new array on every change
 * would make the grid compare a hundred thousand rows again; a transaction of what changed keeps
 * sort, filter, scroll and selection as they are. `shown` is what the grid holds; until the grid
 * is ready, changes wait there, and `sync` (called when it is) hands them over.
 */
export function useLiveRows(grid: RefObject<GridApi<OrderLineDto> | null>, lines: LineTable) {
  const [initialRows] = useState(() => lines.ids.map((id) => lines.entities[id]));
  const shown = useRef(lines);
  const latest = useRef(lines);
  latest.current = lines;
  const sync = useCallback(() => {
    const api = grid.current;
    if (!api || api.isDestroyed()) return;
    const empty = shown.current.ids.length === 0;
    const changes = rowChanges(shown.current, latest.current);
    shown.current = latest.current;
    // The first rows of an empty grid show at once; later changes are gathered by the grid (50 ms).
    // Rows emptied a moment ago (another row set chosen) leave first, or the new rows would meet them.
    if (empty && changes.length > 0) api.flushAsyncTransactions();
    for (const change of changes) {
      if (empty) api.applyTransaction(change);
      else api.applyTransactionAsync(change);
    }
  }, [grid]);
  useEffect(sync, [lines, sync]);
  return { initialRows, sync };
}
