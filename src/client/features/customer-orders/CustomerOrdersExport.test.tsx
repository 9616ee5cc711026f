import { fireEvent, screen, waitFor } from '@testing-library/react';
import { strFromU8, unzipSync } from 'fflate';
import { API, type OrderLineDto } from '../../../shared/api';
import { saveFile } from '../../components/excel';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { CustomerOrdersPanel } from './CustomerOrdersPanel';

/* The customer's Excel file as written (jsdom has no Worker: the same writer runs on this thread): amounts are number cells beside their currency, dates are date cells. */
jest.mock('../../components/excel', () => ({ ...jest.requireActual('../../components/excel'), saveFile: jest.fn() }));

const LINES = [
  { id: 2, order_number: 'B2B-000002', product_title: 'Yüzük', order_line_status_id: 1, current_order_line_process: -1, total_price: 1250.5, currency: 'TRY', customer_note: 'İç yüzey: A', created_at: '2026-11-20T09:00:00.000Z', canceled_at: null },
  { id: 1, order_number: 'B2B-000001', product_title: 'Kolye', order_line_status_id: 1, current_order_line_process: -1, total_price: 80, currency: 'USD', customer_note: null, created_at: '2026-07-01T21:15:00.000Z', canceled_at: null },
] as unknown as OrderLineDto[];

function readBlob(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** The cells of a sheet row by column letter: the value and whether it is a number, a date (style 2) or text. */
function cellsOf(sheet: string, row: number): Record<string, { kind: 'number' | 'date' | 'text'; value: string }> {
  const xml = sheet.match(new RegExp(`<row r="${row}">(.*?)</row>`))![1];
  return Object.fromEntries(
    [...xml.matchAll(/<c r="([A-Z]+)\d+"([^>]*)>(.*?)<\/c>/g)].map(([, column, attributes, inner]) => {
      const kind = attributes.includes('t="inlineStr"') ? 'text' : attributes.includes('s="2"') ? 'date' : 'number';
      return [column, { kind, value: (inner.match(/<(?:v|t)[^>]*>(.*?)<\/(?:v|t)>/) ?? [])[1] }];
    }),
  );
}

/** Excel's serial day of an instant on the office's clock (Istanbul, three hours ahead of UTC). */
const serial = (iso: string) => String((Date.parse(iso) + 3 * 3_600_000) / 86_400_000 + 25_569);

test('amounts are written as numbers with their currency beside them, dates as dates, the rest as the list shows it', async () => {
  storeLogin(5, 'Müşteri');
  mockFetch((_method, url) => (url === API.myCustomerOrders ? [200, { orders: LINES }] : [200, {}]));
  const { t } = renderApp(<CustomerOrdersPanel />, '/customer/orders');
  await screen.findByText('B2B-000002');
  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:export') }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  const [file, name] = jest.mocked(saveFile).mock.calls[0];
  expect(name).toMatch(/^siparislerim_.*\.xlsx$/);
  const sheet = strFromU8(unzipSync(await readBlob(file))['xl/worksheets/sheet1.xml']);

  const header = cellsOf(sheet, 1);
  expect(Object.values(header).map((cell) => cell.value)).toEqual(
    ['order_number', 'product_title', 'status', 'step', 'total_price', 'currency', 'customer_note', 'approval', 'created_at'].map((key) => t(`customerOrders:columns.${key}`)),
  );
  const rows = [cellsOf(sheet, 2), cellsOf(sheet, 3)].sort((a, b) => a.A.value.localeCompare(b.A.value));
  expect(rows[1]).toMatchObject({
    A: { kind: 'text', value: 'B2B-000002' },
    E: { kind: 'number', value: '1250.5' },
    F: { kind: 'text', value: 'TRY' },
    G: { kind: 'text', value: 'İç yüzey: A' },
    I: { kind: 'date', value: serial('2026-11-20T09:00:00.000Z') },
  });
  expect(rows[0]).toMatchObject({ E: { kind: 'number', value: '80' }, F: { kind: 'text', value: 'USD' }, I: { kind: 'date', value: serial('2026-07-01T21:15:00.000Z') } });
  expect(rows[0].G).toBeUndefined();
});
