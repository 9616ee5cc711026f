import type { GridApi, IRowNode } from 'ag-grid-community';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { OrderLineDto } from '../../../shared/api';
import { inLineView, isLineViewKey } from '../../../shared/views';
import type { ViewState } from '../grid-views';
import { urgentLine } from './columns';

/** The rows of the built-in view named `key` (shared/views.ts), null for none or a key no view has. Urgency is read once per line, as the row marks read it. */
const builtInRows = (key: string | undefined) => (isLineViewKey(key) ? inLineView<OrderLineDto>(key, urgentLine) : null);

/**
 * A view put on the grid: its columns, sort and filters through the grid's state, the rows of its
 * built-in view through the grid's external filter, beside the user's column filters. A view chosen
 * while the grid is still being made is put on it by `applyPending`, once it is ready. `linked`,
 * the rows a link asks for (a board cell's place), is a filter of the external filter too, apart
 * from any view.
 */
export function useGridView(grid: RefObject<GridApi<OrderLineDto> | null>, initialBuiltIn: string | undefined, linked: ((line: OrderLineDto) => boolean) | null) {
  const shownView = useRef(initialBuiltIn);
  const rows = useRef(builtInRows(initialBuiltIn));
  const linkedRows = useRef(linked);
  useEffect(() => {
    if (linkedRows.current === linked) return;
    linkedRows.current = linked;
    const api = grid.current;
    if (api && !api.isDestroyed()) api.onFilterChanged();
  }, [grid, linked]);
  const pending = useRef<ViewState | null>(null);
  const applyState = useCallback(
    (state: ViewState) => {
      const api = grid.current;
      if (!api || api.isDestroyed()) {
        pending.current = state;
        return;
      }
      const changed = state.builtIn !== shownView.current;
      shownView.current = state.builtIn;
      rows.current = builtInRows(state.builtIn);
      api.setState(state.grid);
      if (changed) api.onFilterChanged();
    },
    [grid],
  );
  const applyPending = useCallback(() => {
    const state = pending.current;
    pending.current = null;
    if (state) applyState(state);
  }, [applyState]);
  const isExternalFilterPresent = useCallback(() => rows.current !== null || linkedRows.current !== null, []);
  const doesExternalFilterPass = useCallback(
    (node: IRowNode<OrderLineDto>) => !!node.data && (rows.current?.(node.data) ?? true) && (linkedRows.current?.(node.data) ?? true),
    [],
  );
  return { applyState, applyPending, isExternalFilterPresent, doesExternalFilterPass };
}
