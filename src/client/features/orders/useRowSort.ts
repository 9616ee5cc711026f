import type { IRowNode, PostSortRowsParams } from 'ag-grid-community';
import { useCallback, useEffect, useMemo } from 'react';
import type { OrderLineDto } from '../../../shared/api';
import { whenIdle } from '../../components/whenIdle';
import type { OrderColumn } from './columns';
import { rankCache, type RankCache, sortRows } from './sortRows';

/*
 * Sorting: the grid's own sort finds every two rows equal (one comparison per row, the order kept),
 * and `postSortRows` orders them by each row's value read once (sortRows.ts): a sort of 100,000
 * rows by comparing values costs the grid about 200 ms, too long for a click.
 */
export const KEEP_ORDER = () => 0;

/**
 * The grid's `postSortRows`: the sorted columns, in the order the user sorted them, each by the value
 * it sorts by. A column's ranks are kept per line object until the columns change (their names, so their order, may).
 */
export function useRowSort(byKey: ReadonlyMap<string, OrderColumn>) {
  const ranks = useMemo(() => new Map<string, RankCache>(), [byKey]);
  // Ranks still being kept for columns gone, or for a grid gone, are not.
  useEffect(() => () => ranks.forEach((kept) => kept.stop?.()), [ranks]);
  return useCallback(
    ({ api, nodes }: PostSortRowsParams<OrderLineDto>) => {
      const keys = api
        .getColumnState()
        .filter((state) => state.sort)
        .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
        .flatMap((state) => {
          const column = byKey.get(state.colId);
          if (!column) return [];
          const value = column.sortValue;
          let kept = ranks.get(column.key);
          if (!kept) ranks.set(column.key, (kept = rankCache(whenIdle)));
          return [
            {
              value: (node: IRowNode<OrderLineDto>) => (node.data ? value(node.data) : null),
              descending: state.sort === 'desc',
              kept: { identity: (node: IRowNode<OrderLineDto>) => node.data ?? node, ranks: kept },
            },
          ];
        });
      sortRows(nodes, keys);
    },
    [byKey, ranks],
  );
}
