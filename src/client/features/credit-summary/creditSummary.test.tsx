import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type CustomerSummaryDto } from '../../../shared/api';
import { dayBounds, dayIn } from '../../../shared/days';
import { Role } from '../../../shared/roles';
import { DEFAULT_SETTINGS } from '../../../shared/schemas/settings';
import { saveFile } from '../../components/excel';
import { keepWrittenRows, mockFetch, renderApp, storeLogin } from '../../test-utils';
import { CreditSummary } from './CreditSummary';

/* The file itself is not written: what matters is which rows reach it. */
jest.mock('../../components/excel', () => ({ ...jest.requireActual('../../components/excel'), saveFile: jest.fn() }));
jest.mock('../../components/sheetWriter', () => ({ openSheetWriter: jest.fn() }));
const written = keepWrittenRows();

const ZONE = DEFAULT_SETTINGS.time_zone;
const SUMMARY: CustomerSummaryDto = {
  customer: { id: 9, name: 'Ayşe Yılmaz', company_name: 'Yılmaz Mücevher' },
  from: '2026-10-27T21:00:00.000Z',
  to: '2026-11-27T20:59:59.999Z',
  credit: { credit: 1000, credit_currency: 'TRY', open_order_amount: 2025.5, available_credit: -1025.5, other_currency_open_amounts: [{ currency: 'USD', amount: 40 }] },
  orders: [
    { id: 31, order_number: 'OZ-31', created_at: '2026-11-24T09:00:00.000Z', currency: 'TRY', credit_exceeded: true, lines: 1, shipped_lines: 0, canceled_lines: 0, total: 2000, tracking_numbers: [] },
    { id: 30, order_number: 'OZ-30', created_at: '2026-11-17T09:00:00.000Z', currency: 'TRY', credit_exceeded: false, lines: 4, shipped_lines: 2, canceled_lines: 1, total: 175.5, tracking_numbers: ['TRK-1'] },
    { id: 29, order_number: 'OZ-29', created_at: '2026-11-10T09:00:00.000Z', currency: 'TRY', credit_exceeded: false, lines: 2, shipped_lines: 0, canceled_lines: 2, total: 0, tracking_numbers: [] },
  ],
  shipments: [{ line_id: 301, order_id: 30, order_number: 'OZ-30', product_title: 'Yüzük', shipped_at: '2026-11-25T12:00:00.000Z', tracking_number: 'TRK-1' }],
};

const rows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
const isSummary = (url: string) => url.includes('/summary');

test("the customer's own summary: the credit now, the orders and shipments of the last 30 days, printed and exported", async () => {
  storeLogin(Role.Customer, 'Müşteri');
  const calls = mockFetch((_method, url) => (isSummary(url) ? [200, SUMMARY] : [200, {}]));
  const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
  const { t } = renderApp(<CreditSummary orderLink={(id) => `/customer/orders/${id}`} />, '/customer/account');
  const orders = await screen.findByRole('table', { name: t('summary:orders') });

  const asked = new URL(calls.find((call) => isSummary(call.url))!.url, 'http://x');
  expect(asked.pathname).toBe(API.myCustomerSummary);
  const today = dayIn(Date.now(), ZONE);
  expect(asked.searchParams.get('to')).toBe(new Date(dayBounds(today, ZONE).end).toISOString());
  expect(new Date(dayBounds(today, ZONE).start).getTime() - new Date(asked.searchParams.get('from')!).getTime()).toBeGreaterThanOrEqual(29 * 86_400_000);

  const credit = within(screen.getByLabelText(t('summary:credit')));
  expect(credit.getByText(t('summary:creditLimit')).nextSibling).toHaveTextContent('1.000,00');
  expect(credit.getByText(t('summary:available')).nextSibling).toHaveTextContent(t('summary:overdrawn'));
  expect(credit.getByText(t('summary:otherCurrencies')).nextSibling).toHaveTextContent('40,00');
  expect(screen.getByText(t('summary:aboveCredit', { number: 1, orders: 'OZ-31' }))).toBeInTheDocument();

  expect(rows(t('summary:orders'))).toEqual([
    [`OZ-31 ${t('summary:creditExceeded')}`, expect.any(String), t('summary:standing.open'), '1', '0', '0', expect.stringContaining('2.000,00'), ''],
    ['OZ-30', expect.any(String), t('summary:standing.partlyShipped'), '4', '2', '1', expect.stringContaining('175,50'), 'TRK-1'],
    ['OZ-29', expect.any(String), t('summary:standing.canceled'), '2', '0', '2', expect.stringContaining('0,00'), ''],
  ]);
  expect(within(orders).getByRole('link', { name: 'OZ-30' })).toHaveAttribute('href', '/customer/orders/30');
  expect(rows(t('summary:shipments'))).toEqual([[expect.any(String), 'OZ-30', 'Yüzük', 'TRK-1']]);

  fireEvent.click(screen.getByRole('button', { name: t('summary:print') }));
  expect(print).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByRole('button', { name: t('summary:export') }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  expect(written.map((row) => [row[0], row[2], row[3], row[4], row[5], row[6], row[7], row[8], row[9]])).toEqual([
    ['OZ-31', t('summary:standing.open'), 1, 0, 0, 2000, 'TRY', t('summary:yes'), null],
    ['OZ-30', t('summary:standing.partlyShipped'), 4, 2, 1, 175.5, 'TRY', null, 'TRK-1'],
    ['OZ-29', t('summary:standing.canceled'), 2, 0, 2, 0, 'TRY', null, null],
  ]);
});

test("the office reads a customer's summary on its detail, asks for another period, and a period too long is refused before asking", async () => {
  storeLogin(Role.Office, 'Ofis');
  const calls = mockFetch((_method, url) => (isSummary(url) ? [200, SUMMARY] : [200, {}]));
  const { t } = renderApp(<CreditSummary customerId={9} />, '/office/customers/9');
  const orders = await screen.findByRole('table', { name: t('summary:orders') });
  expect(new URL(calls.find((call) => isSummary(call.url))!.url, 'http://x').pathname).toBe(API.customerSummary(9));
  // The office has no screen of a customer's order: its number is not a link.
  expect(within(orders).queryAllByRole('link')).toEqual([]);

  const asks = () => calls.filter((call) => isSummary(call.url)).length;
  fireEvent.change(screen.getByLabelText(t('summary:from')), { target: { value: '2025-01-01' } });
  fireEvent.change(screen.getByLabelText(t('summary:to')), { target: { value: '2026-11-01' } });
  fireEvent.click(screen.getByRole('button', { name: t('summary:show') }));
  expect(await screen.findByRole('alert')).toHaveTextContent(t('validation:summaryPeriodTooLong'));
  expect(asks()).toBe(1);

  fireEvent.change(screen.getByLabelText(t('summary:from')), { target: { value: '2026-10-01' } });
  fireEvent.click(screen.getByRole('button', { name: t('summary:show') }));
  await waitFor(() => expect(asks()).toBe(2));
  const asked = new URL(calls.filter((call) => isSummary(call.url))[1].url, 'http://x');
  expect(asked.searchParams.get('from')).toBe(new Date(dayBounds('2026-10-01', ZONE).start).toISOString());
  expect(asked.searchParams.get('to')).toBe(new Date(dayBounds('2026-11-01', ZONE).end).toISOString());
  expect(screen.queryByRole('alert')).toBeNull();
});

test('a refused read says why, and nothing is shown', async () => {
  storeLogin(Role.Customer, 'Müşteri');
  mockFetch((_method, url) => (isSummary(url) ? [500, { error: 'x' }] : [200, {}]));
  const { t } = renderApp(<CreditSummary />, '/customer/account');
  await screen.findByRole('alert');
  expect(screen.queryByRole('table', { name: t('summary:orders') })).toBeNull();
  expect(screen.getByRole('button', { name: t('summary:print') })).toBeDisabled();
});
