import { renderHook } from '@testing-library/react';
import type { GridApi, IRowNode } from 'ag-grid-community';
import type { OrderLineDto } from '../../../shared/api';
import { useIdleRows } from './idleRows';

/** A grid of `count` rows, as much of it as the walk reads. */
function gridOf(count: number) {
  const nodes = Array.from({ length: count }, (_, id) => ({ id: String(id) }) as IRowNode<OrderLineDto>);
  const api = { isDestroyed: () => false, forEachNode: (visit: (node: IRowNode<OrderLineDto>) => void) => nodes.forEach(visit) } as unknown as GridApi<OrderLineDto>;
  return { current: api };
}

test('a walk waited for is done with every row when the wait ends; a wait for another kind ends at once', async () => {
  const grid = gridOf(20_000);
  const { result } = renderHook(() => useIdleRows(grid, 'texts'));
  const prepared = new Set<string>();
  result.current.prepareRows('quick', (node) => prepared.add(node.id!));
  await result.current.rowsPrepared('column name');
  expect(prepared.size).toBeLessThan(20_000);
  await result.current.rowsPrepared('quick');
  expect(prepared.size).toBe(20_000);
});

test('a walk replaced by another ends the wait for it', async () => {
  const grid = gridOf(50_000);
  const { result } = renderHook(() => useIdleRows(grid, 'texts'));
  let quick = 0;
  result.current.prepareRows('quick', () => quick++);
  const waited = result.current.rowsPrepared('quick');
  result.current.prepareRows('column name', () => undefined);
  await waited;
  expect(quick).toBeLessThan(50_000);
});
