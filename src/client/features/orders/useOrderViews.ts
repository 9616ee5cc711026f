import { type RefObject, useEffect, useMemo, useState } from 'react';
import { defaultGridState, useGridViews, type ViewState } from '../grid-views';
import { isActionColumn, type OrderColumn } from './columns';
import type { OrderGridHandle } from './OrderGrid';

/**
 * The user's saved view of the order grid: the grid opens with it, and every change of columns,
 * sort, filters, built-in view or quick filter is kept. `changeQuickFilter` is the search box's.
 * `opening` is the state the grid opens with: the saved one, or a view chosen while the grid was
 * still loading (its code, or its texts in the reader's language), which has no grid to go to yet.
 */
export function useOrderViews(grid: RefObject<OrderGridHandle | null>, columns: readonly OrderColumn[]) {
  const [quickFilter, setQuickFilter] = useState('');
  const [chosenEarly, setChosenEarly] = useState<ViewState | null>(null);
  const defaultState = useMemo(
    () => defaultGridState(columns.map((column) => ({ colId: column.key, width: column.width, hide: column.hidden, pinned: isActionColumn(column) ? ('right' as const) : undefined }))),
    [columns],
  );
  const views = useGridViews('orders', {
    defaultState,
    apply: (state) => {
      if (grid.current) grid.current.applyState(state);
      else setChosenEarly(state);
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
  const opening = chosenEarly ? { grid: chosenEarly.grid, builtIn: chosenEarly.builtIn } : { grid: views.initialState, builtIn: views.initialBuiltIn };
  return { views, quickFilter, changeQuickFilter, opening };
}
