import { fireEvent, screen, waitFor } from '@testing-library/react';
import { API, type OrderLineDto } from '../../../shared/api';
import { PAGE_SIZE } from '../../components/Pager';
import { saveFile } from '../../components/excel';
import { keepWrittenRows, mockFetch, renderApp, storeLogin } from '../../test-utils';
import { CustomerOrdersPanel } from './CustomerOrdersPanel';

/* The file itself is not written: what matters is which rows reach it. */
jest.mock('../../components/excel', () => ({ ...jest.requireActual('../../components/excel'), saveFile: jest.fn() }));
jest.mock('../../components/sheetWriter', () => ({ openSheetWriter: jest.fn() }));
const written = keepWrittenRows();

const AT = '2026-11-20T09:00:00.000Z';
const LINES = Array.from(
  { length: 120 },
  (_, i) =>
    ({
      id: i + 1, order_number: `B2B-${i + 1}`, product_title: 'Yüzük', order_line_status_id: 1, current_order_line_process: -1, total_price: 1000,
      customer_approval_status_id: null, created_at: AT, workshop_id: 4, customer_id: 1, canceled_at: null,
    }) as OrderLineDto,
);

const bodyRows = (container: HTMLElement) => [...container.querySelectorAll('tbody tr')].map((row) => row.children[0].textContent);

test("the customer's list shows a page at a time and its export takes every line", async () => {
  storeLogin(5, 'Müşteri');
  mockFetch((_method, url) => (url === API.myCustomerOrders ? [200, { orders: LINES }] : [200, {}]));
  const { t, container } = renderApp(<CustomerOrdersPanel />, '/customer/orders');
  const newestFirst = LINES.map((l) => l.order_number).reverse();
  await waitFor(() => expect(bodyRows(container)).toEqual(newestFirst.slice(0, PAGE_SIZE)));
  fireEvent.click(screen.getByRole('button', { name: t('common:pager.next') }));
  fireEvent.click(screen.getByRole('button', { name: t('common:pager.next') }));
  expect(bodyRows(container)).toEqual(newestFirst.slice(2 * PAGE_SIZE));
  expect(screen.getByText(t('common:pager.page', { page: 3, pages: 3 }))).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:export') }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  expect(written.map((row) => row[0])).toEqual(newestFirst);
});

test('a canceled line reads İptal edildi with its reason and time in the list and in the export, not the state it stopped in', async () => {
  storeLogin(5, 'Müşteri');
  const canceled = { ...LINES[0], order_line_status_id: 4, current_order_line_process: 7, canceled_at: '2026-11-21T10:30:00.000Z', cancel_reason: 'Müşteri vazgeçti' };
  mockFetch((_method, url) => {
    if (url === API.myCustomerOrders) return [200, { orders: [canceled, LINES[1]] }];
    if (url === API.statuses) return [200, { statuses: [{ id: 1, name: 'Bekliyor' }, { id: 4, name: 'Paketleme' }] }];
    return [200, {}];
  });
  const { t, container } = renderApp(<CustomerOrdersPanel />, '/customer/orders');
  const status = (row: number) => container.querySelectorAll('tbody tr')[row]?.children[2].textContent;
  const told = /^İptal edildi: Müşteri vazgeçti \(21\.11\.2026 \d\d:30\)$/;
  await waitFor(() => expect([status(0), status(1)]).toEqual(['Bekliyor', expect.stringMatching(told)]));
  expect(screen.queryByText('Paketleme')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:export') }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  expect(written.map((row) => row[2])).toEqual(['Bekliyor', expect.stringMatching(told)]);
});
