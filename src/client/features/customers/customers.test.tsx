import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { API, type CreditChangeDto, type CustomerDto, type UserDto } from '../../../shared/api';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { AddForm } from '../users/AddForms';
import CustomerDetailScreen from './CustomerDetailScreen';
import CustomerListScreen from './CustomerListScreen';
import { selectCustomerById } from './slice';

const AT = '2026-11-20T09:00:00.000Z';
const CUSTOMER: CustomerDto = {
  id: 4, user_id: 21, name: 'Zeynep Kaya', email: 'z@example.com', phone: '0532', address: 'İzmir', company_name: 'Kaya Mücevher', tax_number: '44',
  credit: 1000, credit_currency: 'TRY', product_group: null, country: 'TR', zip_code: '35000', city: 'İzmir', created_at: AT, updated_at: AT,
};
const FIGURES = {
  number_of_orders: 2, number_of_products_ordered: 3, number_of_products_waiting: 1, number_of_canceled_orders: 0, number_of_late_products: 0,
  number_of_products_in_process: 1, average_order_value: 500, total_revenue: 1000, revenue: 0, open_order_total: 2, open_order_daily: 0,
  total_order_total: 3, total_order_daily: 1, currency: 'TRY', open_order_amount: 600, available_credit: 400, other_currency_open_amounts: [],
};
const SETTINGS = { settings: { system_email: 'a@b.c', phone: '1', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10 } };

/* The customer's order and credit summary, shown on its detail: nothing in the period. */
const SUMMARY = {
  customer: { id: 4, name: 'Ayşe', company_name: '' },
  from: AT,
  to: AT,
  credit: { credit: 1000, credit_currency: 'TRY', open_order_amount: 0, available_credit: 1000, other_currency_open_amounts: [] },
  orders: [],
  shipments: [],
};

beforeEach(() => storeLogin(2, 'Admin'));

test("a credit change shows the server's sentence, the new credit and the history row the server wrote", async () => {
  let credit = 1000;
  const history: CreditChangeDto[] = [];
  const calls = mockFetch((method, url, body) => {
    if (url === API.customerInfo(4)) return [200, { customer: { ...CUSTOMER, credit, ...FIGURES, credit_history: [...history] } }];
    if (url === API.customerOrders(4)) return [200, { orders: [] }];
    if (url.startsWith(API.customerSummary(4))) return [200, SUMMARY];
    if (url === API.generalSettings) return [200, SETTINGS];
    if (method === 'PUT' && url === API.customerCredit(4)) {
      history.push({ id: 1, changed_by: 7, changed_by_username: 'admin', old_credit: credit, new_credit: (body as { credit: number }).credit, created_at: AT });
      credit = (body as { credit: number }).credit;
      return [200, { customer: { ...CUSTOMER, credit }, message: 'Kredi başarıyla güncellendi!' }];
    }
    return [200, {}];
  });
  const { t, store } = renderApp(
    <Routes>
      <Route path="/admin/customers/:id" element={<CustomerDetailScreen />} />
    </Routes>,
    '/admin/customers/4',
  );
  expect(await screen.findByText(t('customers:noCreditHistory'))).toBeInTheDocument();
  expect(screen.getByTestId('customer-credit')).toHaveTextContent('1.000,00');

  const field = screen.getByLabelText(t('customers:creditLabel'));
  fireEvent.change(field, { target: { value: '2.500,5' } });
  // The amount it will save, in the customer's credit currency, before it is saved.
  expect(screen.getByText('Kaydedilecek: ₺2.500,50')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: t('customers:creditSave') }));
  expect(await screen.findByText('Kredi başarıyla güncellendi!')).toBeInTheDocument();
  expect(screen.getByTestId('customer-credit')).toHaveTextContent('2.500,50');
  expect(selectCustomerById(store.getState(), 4)?.credit).toBe(2500.5);
  expect(await screen.findByRole('cell', { name: 'admin' })).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'PUT')).toEqual([expect.objectContaining({ url: API.customerCredit(4), body: { credit: 2500.5 } })]);
  // The customer entity keeps only the customer's own fields; the figures live beside it.
  expect(selectCustomerById(store.getState(), 4)).not.toHaveProperty('number_of_orders');
});

test('a credit is read as the admin writes amounts: thousands grouped by a point, decimals after a comma; what is not an amount says how to write it and sends nothing', async () => {
  const calls = mockFetch((method, url, body) => {
    if (url === API.customerInfo(4)) return [200, { customer: { ...CUSTOMER, ...FIGURES, credit_history: [] } }];
    if (url === API.customerOrders(4)) return [200, { orders: [] }];
    if (url.startsWith(API.customerSummary(4))) return [200, SUMMARY];
    if (url === API.generalSettings) return [200, SETTINGS];
    if (method === 'PUT' && url === API.customerCredit(4)) return [200, { customer: { ...CUSTOMER, credit: (body as { credit: number }).credit }, message: 'Kredi başarıyla güncellendi!' }];
    return [200, {}];
  });
  const { t } = renderApp(
    <Routes>
      <Route path="/admin/customers/:id" element={<CustomerDetailScreen />} />
    </Routes>,
    '/admin/customers/4',
  );
  const field = await screen.findByLabelText(t('customers:creditLabel'));
  const save = screen.getByRole('button', { name: t('customers:creditSave') });
  for (const [typed, refusal] of [
    ['6.2', t('validation:numberDecimalMark', { suggestion: '6,2' })],
    ['abc', t('validation:numberUnreadable', { example: '1.234,56' })],
    ['75.000,005', t('validation:numberDecimals', { places: 2 })],
  ]) {
    fireEvent.change(field, { target: { value: typed } });
    expect(screen.getByRole('alert')).toHaveTextContent(refusal);
    fireEvent.click(save);
  }
  expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  fireEvent.change(field, { target: { value: '6,2' } });
  expect(screen.getByText('Kaydedilecek: ₺6,20')).toBeInTheDocument();
  fireEvent.change(field, { target: { value: '75.000' } });
  expect(screen.getByText('Kaydedilecek: ₺75.000,00')).toBeInTheDocument();
  fireEvent.click(save);
  expect(await screen.findByText('Kredi başarıyla güncellendi!')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ credit: 75000 }]);
});

test('in English a comma groups thousands and a point marks the decimals', async () => {
  const calls = mockFetch((method, url, body) => {
    if (url === API.customerInfo(4)) return [200, { customer: { ...CUSTOMER, ...FIGURES, credit_history: [] } }];
    if (url === API.customerOrders(4)) return [200, { orders: [] }];
    if (url.startsWith(API.customerSummary(4))) return [200, SUMMARY];
    if (url === API.generalSettings) return [200, SETTINGS];
    if (method === 'PUT' && url === API.customerCredit(4)) return [200, { customer: { ...CUSTOMER, credit: (body as { credit: number }).credit }, message: 'Kredi başarıyla güncellendi!' }];
    return [200, {}];
  });
  const { t } = renderApp(
    <Routes>
      <Route path="/admin/customers/:id" element={<CustomerDetailScreen />} />
    </Routes>,
    '/admin/customers/4',
    { language: 'en' },
  );
  const field = await screen.findByLabelText(t('customers:creditLabel'));
  fireEvent.change(field, { target: { value: '6,2' } });
  expect(screen.getByRole('alert')).toHaveTextContent(t('validation:numberDecimalMark', { suggestion: '6.2' }));
  fireEvent.change(field, { target: { value: '75,000.5' } });
  expect(screen.getByText('Will be saved as TRY 75,000.50')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: t('customers:creditSave') }));
  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ credit: 75000.5 }]));
});

test('the list and the add form share one read of the customers', async () => {
  const calls = mockFetch((_method, url) => {
    if (url === API.b2bCustomers) return [200, { customers: [CUSTOMER] }];
    if (url === API.generalSettings) return [200, SETTINGS];
    return [200, {}];
  });
  const users: UserDto[] = [];
  const { t } = renderApp(
    <>
      <CustomerListScreen />
      <AddForm form="store" users={users} onClose={() => undefined} />
    </>,
  );
  expect(await screen.findByRole('link', { name: 'Zeynep Kaya' })).toBeInTheDocument();
  const dialog = screen.getByRole('dialog', { name: t('users:forms.store.title') });
  expect(within(dialog).getByRole('option', { name: 'Kaya Mücevher - Zeynep Kaya' })).toBeInTheDocument();
  expect(calls.filter((c) => c.url === API.b2bCustomers)).toHaveLength(1);
});

test('the office reads customers without changing them: the list leads to the office detail, which has no credit form', async () => {
  storeLogin(4, 'Ofis');
  const calls = mockFetch((_method, url) => {
    if (url === API.b2bCustomers) return [200, { customers: [CUSTOMER] }];
    if (url === API.customerInfo(4)) return [200, { customer: { ...CUSTOMER, ...FIGURES, credit_history: [] } }];
    if (url === API.customerOrders(4)) return [200, { orders: [] }];
    if (url.startsWith(API.customerSummary(4))) return [200, SUMMARY];
    if (url === API.generalSettings) return [200, SETTINGS];
    return [200, {}];
  });
  const { t } = renderApp(
    <Routes>
      <Route path="/office/customers" element={<CustomerListScreen readOnly />} />
      <Route path="/office/customers/:id" element={<CustomerDetailScreen readOnly />} />
    </Routes>,
    '/office/customers',
  );
  const link = await screen.findByRole('link', { name: 'Zeynep Kaya' });
  expect(link).toHaveAttribute('href', '/office/customers/4');
  fireEvent.click(link);
  expect(await screen.findByText(t('customers:noCreditHistory'))).toBeInTheDocument();
  expect(screen.getByTestId('customer-credit')).toHaveTextContent('1.000,00');
  expect(screen.queryByLabelText(t('customers:creditLabel'))).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: t('customers:creditSave') })).not.toBeInTheDocument();
  expect(calls.every((c) => c.method === 'GET')).toBe(true);
});

test('amounts show in the currency they were recorded in, with the available credit and the orders placed beyond it', async () => {
  const line = {
    id: 70, order_product_id: 70, order_id: 9, order_number: 'B2B-000009', customer_id: 4, product_id: 5, product_title: 'Tektaş Yüzük', order_line_status_id: 1,
    customer_approval_status_id: null, canceled_at: null, workshop_name: null, total_price: 1250, currency: 'EUR', credit_exceeded: true, created_at: AT,
  };
  mockFetch((_method, url) => {
    if (url === API.b2bCustomers) return [200, { customers: [{ ...CUSTOMER, credit_currency: 'USD' }] }];
    if (url === API.customerInfo(4)) {
      const standing = { currency: 'USD', open_order_amount: 600, available_credit: 400, other_currency_open_amounts: [{ currency: 'EUR', amount: 1250 }] };
      return [200, { customer: { ...CUSTOMER, credit_currency: 'USD', ...FIGURES, ...standing, credit_history: [] } }];
    }
    if (url === API.customerOrders(4)) return [200, { orders: [line] }];
    // The screens' currency setting is lira: it labels no amount recorded in another.
    if (url === API.generalSettings) return [200, SETTINGS];
    return [200, {}];
  });
  const { t } = renderApp(
    <Routes>
      <Route path="/admin/customers/:id" element={<CustomerDetailScreen />} />
    </Routes>,
    '/admin/customers/4',
  );
  expect(await screen.findByTestId('customer-available-credit')).toHaveTextContent('$400,00');
  expect(screen.getByTestId('customer-credit')).toHaveTextContent('$1.000,00');
  expect(screen.getByText(t('customers:fields.other_currency_open_amounts')).nextSibling).toHaveTextContent('€1.250,00');
  const row = await screen.findByRole('row', { name: /B2B-000009/ });
  expect(row).toHaveTextContent('€1.250,00');
  expect(row).toHaveTextContent(t('customers:creditExceeded'));
  expect(screen.queryByText(/₺/)).not.toBeInTheDocument();
});
