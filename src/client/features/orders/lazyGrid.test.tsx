import { renderHook, waitFor } from '@testing-library/react';
import { gridTextsOf } from './gridTexts';
import { LazyOrderGrid, useGridReady } from './lazyGrid';

test('the grid waits for its code and texts; once they are in (the router preloads them), the first render already has it', async () => {
  const before: boolean[] = [];
  renderHook(() => before.push(useGridReady('en')));
  expect(before[0]).toBe(false);
  await waitFor(() => expect(before[before.length - 1]).toBe(true));

  await Promise.all([LazyOrderGrid.preload(), gridTextsOf('tr')]);
  const after: boolean[] = [];
  renderHook(() => after.push(useGridReady('tr')));
  expect(after[0]).toBe(true);
});
