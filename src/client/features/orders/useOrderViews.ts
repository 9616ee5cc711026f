import { type RefObject, useEffect, useMemo, useState } from 'react';
import { defaultGridState, useGridViews } from '../grid-views';
import { isActionColumn, type OrderColumn } from './columns';
import type { OrderGridHandle } from './OrderGrid';

/**
 * The user's saved view of the order grid: the grid opens with it, and every change of columns,
 * sort, filters, built-in view or quick filter is kept. `changeQuickFilter` is the search box's.
 */
export function useOrderViews(grid: RefObject<OrderGridHandle | null>, columns: readonly OrderColumn[]) {
  const [quickFilter, setQuickFilter] = useState('');
  const defaultState = useMemo(
    () => defaultGridState(columns.map((column) => ({ colId: column.key, width: column.width, hide: column.hidden, pinned: isActionColumn(column) ? ('right' as const) : undefined }))),
    [columns],
  );
  const views = useGridViews('orders', {
    defaultState,
    apply: (state) => {
      grid.current?.applyState(state);
      setQuickFilter(state.quickFilter ?? '');
    },
  });
  useEffect(() => {
    if (views.ready) setQuickFilter(views.initialQuickFilter);
  }, [views.ready, views.initialQuickFilter]);
  const changeQuickFilter = (text: string) => {
    setQuickFilter(text);
    views.onQuickFilterChanged(text);
  };
  return { views, quickFilter, changeQuickFilter };
}
