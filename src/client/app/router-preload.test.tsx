import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { loadedGridTexts } from '../features/orders/gridTexts';
import { storeLogin, testStore } from '../test-utils';
import type { GridTexts } from './languageChunks';
import { preloadScreen } from './router';

// The grid's texts arrive when the test gives them; the catalogues load as they do elsewhere.
let giveTexts: (texts: GridTexts | null) => void = () => undefined;
jest.mock('./languageChunks', () => ({
  ...jest.requireActual('./languageChunks'),
  loadGridTexts: () => new Promise<GridTexts | null>((resolve) => (giveTexts = resolve)),
}));

test("the order screen's preload settles once the grid's texts are in too (and its code), so the screen's first render has its grid", async () => {
  storeLogin(2);
  let settled = false;
  const preload = preloadScreen('/admin/orders', testStore()).then(() => (settled = true));
  // The screen's code and the grid's are in, and every promise they let settle has run (a macrotask
  // runs only once the microtask queue is empty): only the texts are missing now.
  await Promise.all([import('../features/orders/AdminOrdersScreen'), import('../features/orders/OrderGrid')]);
  await nextMacrotask();
  expect(settled).toBe(false);
  giveTexts({ noRowsToShow: 'Satır yok' });
  await preload;
  expect(loadedGridTexts('tr')).toEqual({ texts: { noRowsToShow: 'Satır yok' } });
});
