import { screen, within } from '@testing-library/react';
import { API, type LineHistoryDto } from '../../../shared/api';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { LineHistory } from './LineHistory';

const AT = '2026-11-20T09:00:00.000Z';
const row = (id: number, from: [number | null, string | null], to: [number | null, string | null]): LineHistoryDto => ({
  id,
  action: 'workshop_move',
  from_status: 1,
  to_status: 1,
  from_step: -1,
  to_step: -1,
  from_workshop_id: from[0],
  to_workshop_id: to[0],
  from_workshop_name: from[1],
  to_workshop_name: to[1],
  detail: null,
  created_at: AT,
  user_id: 7,
  username: 'admin',
  role_id: 2,
});

test.each([
  ['tr', 'Ürünüyle birlikte atölye değiştirdi', 'Atölyesiz'],
  ['en', 'Changed workshop with its product', 'No workshop'],
])('a line that followed its product to another workshop reads so in its history, naming both workshops (%s)', async (language, action, none) => {
  storeLogin(2, 'Admin');
  mockFetch((_method, url) => (url === API.lineHistory(7) ? [200, { history: [row(1, [3, 'Birinci'], [4, 'İkinci']), row(2, [4, 'İkinci'], [null, null])] }] : [200, {}]));
  renderApp(<LineHistory id={7} />, '/', { language });
  const table = await screen.findByRole('table');
  const rows = within(table).getAllByRole('row').slice(1).map((tr) => within(tr).getAllByRole('cell').slice(1).map((cell) => cell.textContent));
  expect(rows).toEqual([
    ['admin', action, 'Birinci → İkinci', '-'],
    ['admin', action, `İkinci → ${none}`, '-'],
  ]);
});
