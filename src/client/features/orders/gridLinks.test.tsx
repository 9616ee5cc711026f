import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { API } from '../../../shared/api';
import { barcodeOf } from '../../../shared/barcode';
import { LineStatus, NOT_STARTED } from '../../../shared/statuses';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import AdminOrdersScreen from './AdminOrdersScreen';
import { failOnConsoleErrors, line, LOOKUPS } from '../../../../test/orders-screen';

/* The order grid reached from the floor: a board cell's link filters it to a place, a scanned job ticket selects its row. */

failOnConsoleErrors();
jest.setTimeout(30_000);

const LINES = [
  line(1, { workshop_id: 1, order_line_status_id: LineStatus.InProcess, current_order_line_process: 5 }),
  line(2, { workshop_id: 1, order_line_status_id: LineStatus.InProcess, current_order_line_process: 6 }),
  line(3, { workshop_id: 2, order_line_status_id: LineStatus.InProcess, current_order_line_process: 5 }),
  line(4, { workshop_id: 1, order_line_status_id: LineStatus.Waiting, current_order_line_process: NOT_STARTED }),
  // Closed: it waits nowhere, though its columns still name the step.
  line(5, { workshop_id: 1, order_line_status_id: LineStatus.InProcess, current_order_line_process: 5, canceled_at: '2026-11-21T09:00:00.000Z' }),
];
const WORKSHOPS = { workshops: [{ id: 1, name: 'Usta Kuyum' }, { id: 2, name: 'Parlak Atölye' }] };
const OLD = line(50, { workshop_id: 1, closed_at: '2025-01-01T09:00:00.000Z' });

/** Opens the screen at `path`; the grid's first render waits for its texts, awaited here. */
async function open(path: string) {
  storeLogin(2, 'Admin');
  const calls = mockFetch((_method, url) => {
    if (url === API.orders) return [200, { orders: LINES }];
    if (url === API.workshops) return [200, WORKSHOPS];
    if (url === `${API.lineByCode}?code=${OLD.barcode}`) return [200, { order: OLD }];
    if (url.startsWith(API.lineByCode)) return [404, { error: 'Bu kodla atölyenizde bir parça yok.', code: 'LINE_CODE_UNKNOWN', message: { key: 'errors:lineCodeUnknown' } }];
    return [200, LOOKUPS[url] ?? {}];
  });
  const view = await act(async () =>
    renderApp(
      <Routes>
        <Route path="/admin/orders" element={<AdminOrdersScreen />} />
      </Routes>,
      path,
    ),
  );
  return { ...view, calls };
}

/** A keyboard-wedge scanner: the code's keys one right after another, then Enter, with nothing focused. */
function scan(code: string) {
  for (const key of code) fireEvent.keyDown(document.body, { key });
  fireEvent.keyDown(document.body, { key: 'Enter' });
}

const row = (id: number) => document.querySelector(`.ag-row[row-id="${id}"]`);

test("a board cell's link shows the lines waiting in its place now, named in a banner that takes the filter away", async () => {
  const { t } = await open('/admin/orders?workshop=1&phase=step&step=5');
  expect(await screen.findByText('1 / 5 satır')).toBeInTheDocument();
  await waitFor(() => expect(row(1)).not.toBeNull());
  expect(row(3)).toBeNull();
  expect(row(5)).toBeNull();
  const banner = screen.getByRole('region', { name: t('flow:placeFilter.region') });
  await waitFor(() => expect(banner).toHaveTextContent(t('flow:placeFilter.shows', { place: 'Usta Kuyum, Döküm' })));

  // The router changes the address in a transition, which may suspend a moment: the click's act is awaited until it settles.
  await act(async () => fireEvent.click(screen.getByRole('button', { name: t('flow:placeFilter.clear') })));
  expect(await screen.findByText('5 / 5 satır')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: t('flow:placeFilter.region') })).not.toBeInTheDocument();
});

test.each([
  ['/admin/orders?workshop=1&phase=waiting', '1 / 5 satır'],
  ['/admin/orders?workshop=1', '3 / 5 satır'],
  ['/admin/orders?phase=step&step=5', '2 / 5 satır'],
  ['/admin/orders?workshop=none&phase=unassigned', '0 / 5 satır'],
])('the link %s filters by what it names', async (path, shown) => {
  await open(path);
  expect(await screen.findByText(shown)).toBeInTheDocument();
});

test('a scanned code selects and shows its row; one the filters hide, one of a line out of the rows and an unknown one are told in an alert', async () => {
  const { t, calls } = await open('/admin/orders');
  await waitFor(() => expect(row(4)).not.toBeNull());
  scan(barcodeOf(2));
  await waitFor(() => expect(row(2)).toHaveClass('ag-row-selected'));
  scan(barcodeOf(4));
  await waitFor(() => expect(row(4)).toHaveClass('ag-row-selected'));
  expect(row(2)).not.toHaveClass('ag-row-selected');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  // The rows held are searched first: the server is asked only of a code none of them has.
  expect(calls.some((call) => call.url.startsWith(API.lineByCode))).toBe(false);

  scan(barcodeOf(99));
  expect(await screen.findByRole('alert')).toHaveTextContent(t('orders:scan.unknown', { code: barcodeOf(99) }));

  scan(OLD.barcode);
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(t('orders:scan.elsewhere', { code: OLD.barcode })));
  fireEvent.click(screen.getByRole('button', { name: t('orders:scan.openArchive') }));
  await waitFor(() => expect(calls.some((call) => call.url.startsWith(API.lineArchive) && new URL(call.url, 'http://x').searchParams.get('q') === OLD.barcode)).toBe(true));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a scanned row the filters leave out is named, not shown', async () => {
  const { t } = await open('/admin/orders?workshop=2');
  expect(await screen.findByText('1 / 5 satır')).toBeInTheDocument();
  scan(barcodeOf(1));
  expect(await screen.findByRole('alert')).toHaveTextContent(t('orders:scan.hidden', { code: barcodeOf(1) }));
});
