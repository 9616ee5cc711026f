import { waitFor } from '@testing-library/react';
import { API, type OrderLineDto } from '../../../shared/api';
import { DEFAULT_SETTINGS } from '../../../shared/schemas/settings';
import type { AppStore } from '../../app/store';
import { mockFetch, storeLogin, testStore } from '../../test-utils';
import { settingsLoaded, settingsSaved } from '../settings';
import { selectLine, selectLinesOf } from './selectors';
import { lineChanged, linesChanged, linesLoaded } from './slice';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const line = (id: number, closed_at: string | null) => ({ id, workshop_id: 3, customer_id: 8, order_line_status_id: 5, closed_at }) as OrderLineDto;
const listed = (store: AppStore) => selectLinesOf(store.getState(), 'myWorkshop').map((shown) => shown.id);
const settings = (working_set_days: number) => ({ ...DEFAULT_SETTINGS, working_set_days });

let store: AppStore;
beforeEach(() => storeLogin(3));

test('lines closed before the window leave the lists, live changes of old lines stay out, and a wider window reads the lists again', async () => {
  const calls = mockFetch((_method, url) => (url === API.myWorkshopOrders ? [200, { orders: [line(1, null), line(2, daysAgo(5)), line(4, daysAgo(45))] }] : [404, {}]));
  store = testStore();
  store.dispatch(linesLoaded({ scope: { kind: 'myWorkshop' }, lines: [line(1, null), line(2, daysAgo(5)), line(3, daysAgo(40))] }));
  // Until the settings are known, nothing is dropped.
  expect(listed(store)).toEqual([3, 2, 1]);

  store.dispatch(settingsLoaded(settings(30)));
  expect(listed(store)).toEqual([2, 1]);
  expect(selectLine(store.getState(), 3)).toBeUndefined();

  // A correction of a line closed long ago is the archive's, not the tablet's.
  store.dispatch(linesChanged({ lines: [line(5, daysAgo(90)), line(6, null)], gone: [] }));
  expect(listed(store)).toEqual([6, 2, 1]);

  // A line opened by itself (from the archive) is held for its screen but never listed.
  store.dispatch(lineChanged(line(7, daysAgo(200))));
  expect(selectLine(store.getState(), 7)).toBeDefined();
  expect(listed(store)).toEqual([6, 2, 1]);

  // 0 keeps no closed line.
  store.dispatch(settingsSaved({ settings: settings(0), notice: { kind: 'success', text: '' } }));
  expect(listed(store)).toEqual([6, 1]);

  // Wider again: the held list is read again for the lines it gained.
  store.dispatch(settingsSaved({ settings: settings(60), notice: { kind: 'success', text: '' } }));
  await waitFor(() => expect(listed(store)).toEqual([4, 2, 1]));
  expect(calls.filter((call) => call.url === API.myWorkshopOrders)).toHaveLength(1);
});
