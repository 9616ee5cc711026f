import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { API } from '../../../shared/api';
import { storeLogin, testStore } from '../../test-utils';
import { useScopeLoad } from './hooks';
import { linesLoaded, linesRequested } from './slice';

/*
 * A screen asks for its list as it opens, unless a reading of it is already on its way (asked for
 * with the screen's code as the page opened on it, app/router.tsx `preloadScreen`): that reading is
 * taken as it is, not started over.
 */

function Screen() {
  useScopeLoad({ kind: 'myWorkshop' });
  return null;
}

test('a screen opening while its list is on its way takes that reading; once the list is in, opening again reads it anew', async () => {
  storeLogin(3);
  const asked: string[] = [];
  global.fetch = jest.fn((url: string | URL | Request) => {
    asked.push(String(url));
    // Never answered: the reading stays on its way.
    return new Promise<Response>(() => undefined);
  }) as typeof fetch;
  const store = testStore();
  store.dispatch(linesRequested({ kind: 'myWorkshop' }));
  const listReads = () => asked.filter((url) => url.startsWith(API.myWorkshopOrders));
  expect(listReads()).toHaveLength(1);

  const first = render(
    <Provider store={store}>
      <Screen />
    </Provider>,
  );
  expect(listReads()).toHaveLength(1);
  first.unmount();

  store.dispatch(linesLoaded({ scope: { kind: 'myWorkshop' }, lines: [] }));
  render(
    <Provider store={store}>
      <Screen />
    </Provider>,
  );
  expect(listReads()).toHaveLength(2);
});
