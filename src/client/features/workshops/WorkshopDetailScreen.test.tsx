import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { API, type OrderLineDto } from '../../../shared/api';
import { PAGE_SIZE } from '../../components/Pager';
import { saveFile } from '../../components/excel';
import { keepWrittenRows, mockFetch, renderApp, storeLogin } from '../../test-utils';
import WorkshopDetailScreen from './WorkshopDetailScreen';

/* The file itself is not written: what matters is which rows reach it. */
jest.mock('../../components/excel', () => ({ ...jest.requireActual('../../components/excel'), saveFile: jest.fn() }));
jest.mock('../../components/sheetWriter', () => ({ openSheetWriter: jest.fn() }));
const written = keepWrittenRows();

const AT = '2026-11-20T09:00:00.000Z';
/* 120 lines of workshop 4, every other one with a gift note. */
const LINES = Array.from(
  { length: 120 },
  (_, i) =>
    ({
      id: i + 1, order_product_id: i + 1, order_id: i + 1, order_number: `B2B-${i + 1}`, product_id: 9, product_title: 'Yüzük', product_picture_url: null,
      order_line_status_id: 1, current_order_line_process: -1, material_id: null, color_id: null, chain_length_id: null, size_id: null, karat_id: null,
      customer_note: i % 2 === 0 ? 'Hediye' : null, customization_option: null, product_gram: null, production_expected_date: null, created_at: AT,
      workshop_id: 4, customer_id: 1, canceled_at: null,
    }) as OrderLineDto,
);

const bodyRows = (container: HTMLElement) => [...container.querySelectorAll('tbody tr')].map((row) => Number(row.children[1].textContent));

test("the workshop's orders table shows a page at a time; filters start at the first page and the export takes every filtered row", async () => {
  storeLogin(2, 'Admin');
  mockFetch((_method, url) => (url === API.workshopOrders(4) ? [200, { orders: LINES }] : [200, {}]));
  const { t, container } = renderApp(
    <Routes>
      <Route path="/admin/workshops/:id" element={<WorkshopDetailScreen />} />
    </Routes>,
    '/admin/workshops/4',
  );
  const newestFirst = LINES.map((l) => l.id).reverse();
  await waitFor(() => expect(bodyRows(container)).toEqual(newestFirst.slice(0, PAGE_SIZE)));
  expect(screen.getByText(t('common:pager.page', { page: 1, pages: 3 }))).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: t('common:pager.next') }));
  expect(bodyRows(container)).toEqual(newestFirst.slice(PAGE_SIZE, 2 * PAGE_SIZE));

  const note = t('workshops:columns.customer_note');
  fireEvent.change(screen.getByRole('searchbox', { name: t('workshops:search', { label: note }) }), { target: { value: 'hediye' } });
  const gifts = newestFirst.filter((id) => id % 2 === 1);
  expect(bodyRows(container)).toEqual(gifts.slice(0, PAGE_SIZE));
  expect(screen.getByText(t('common:pager.page', { page: 1, pages: 2 }))).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: t('workshops:export') }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  expect(written.map((row) => Number(row[1]))).toEqual(gifts);
});

test("a canceled line of the workshop's orders reads İptal edildi with its reason and time, on screen and in the export", async () => {
  storeLogin(2, 'Admin');
  const canceled = { ...LINES[0], order_line_status_id: 2, current_order_line_process: 5, canceled_at: '2026-11-21T10:30:00.000Z', cancel_reason: 'Müşteri vazgeçti' };
  mockFetch((_method, url) => {
    if (url === API.workshopOrders(4)) return [200, { orders: [canceled] }];
    if (url === API.statuses) return [200, { statuses: [{ id: 2, name: 'Üretimde' }] }];
    return [200, {}];
  });
  const { t, container } = renderApp(
    <Routes>
      <Route path="/admin/workshops/:id" element={<WorkshopDetailScreen />} />
    </Routes>,
    '/admin/workshops/4',
  );
  const told = /^İptal edildi: Müşteri vazgeçti \(21\.11\.2026 \d\d:30\)$/;
  await waitFor(() => expect(container.querySelector('tbody tr')?.children[3].textContent).toMatch(told));
  fireEvent.click(screen.getByRole('button', { name: t('workshops:export') }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  expect(written.map((row) => row[3])).toEqual([expect.stringMatching(told)]);
});
