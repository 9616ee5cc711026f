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
  // The screen's own code is in long before a few turns of the event loop are over.
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(settled).toBe(false);
  giveTexts({ noRowsToShow: 'Satır yok' });
  await preload;
  expect(loadedGridTexts('tr')).toEqual({ texts: { noRowsToShow: 'Satır yok' } });
});
