import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { API } from '../../../shared/api';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import PhoneOrderScreen from './PhoneOrderScreen';

/* The office's phone order: a customer found by typing, the form with that customer's details and credit, the order sent for that customer. */

const CUSTOMERS = [
  { id: 3, name: 'Ayşe Yılmaz', company_name: 'Yılmaz Kuyum', email: 'ayse@example.com', phone: '0532', address: 'Bağdat Cd. 1', city: 'İstanbul', country: 'TR', zip_code: '34728', credit: 1000, credit_currency: 'TRY' },
  { id: 4, name: 'Mehmet Işık', company_name: 'Işık Takı', email: 'mehmet@example.com', phone: '0533', address: 'Moda Cd. 2', city: 'İstanbul', country: 'TR', zip_code: '34710', credit: 9000, credit_currency: 'TRY' },
];
const infoOf = (customer: (typeof CUSTOMERS)[number], available: number) => ({
  ...customer, currency: 'TRY', open_order_amount: customer.credit - available, available_credit: available, other_currency_open_amounts: [], credit_history: [],
});
const CATALOGUE = [{ id: 5, title: 'Tektaş Yüzük', price: 2000, currency: 'TRY', picture_url: null, sku: null }];

function start() {
  storeLogin(4, 'Ofis');
  let placed = false;
  const calls = mockFetch((method, url, body) => {
    if (url === API.b2bCustomers) return [200, { customers: CUSTOMERS }];
    if (url === API.customerInfo(3)) return [200, { customer: infoOf(CUSTOMERS[0], placed ? -1000 : 1000) }];
    if (url === API.customerInfo(4)) return [200, { customer: infoOf(CUSTOMERS[1], 9000) }];
    if (url === API.products) return [200, { products: CATALOGUE }];
    if (method === 'POST' && url === API.customerOrders(3)) {
      if ((body as { credit_exceeded_confirmed?: boolean }).credit_exceeded_confirmed !== true) return [409, { error: 'Kredi aşıldı.', code: 'CREDIT_EXCEEDED' }];
      placed = true;
      return [201, { order: { id: 9, order_number: 'B2B-000009', first_line_id: 90, lines: 1 }, message: 'Sipariş oluşturuldu.' }];
    }
    return [200, {}];
  });
  const rendered = renderApp(
    <Routes>
      <Route path="/office/phone-order" element={<PhoneOrderScreen />} />
    </Routes>,
    '/office/phone-order',
  );
  return { ...rendered, calls };
}

test("the office finds a customer by typing, orders on the customer's details and credit, confirms beyond it, and the order is sent for that customer", async () => {
  const { t, calls } = start();
  const customerBox = screen.getByRole('combobox', { name: t('customerOrders:phone.customer') });
  // Closed until the customers are in: a name typed before would find no one.
  expect(customerBox).toBeDisabled();
  await waitFor(() => expect(customerBox).toBeEnabled());
  fireEvent.change(customerBox, { target: { value: 'ışık' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: /Mehmet Işık \(Işık Takı\)/ }));
  // Mehmet's details, then Ayşe's once chosen instead: nothing typed for one stays for the other.
  expect(await screen.findByDisplayValue('Moda Cd. 2')).toBeInTheDocument();
  fireEvent.change(customerBox, { target: { value: 'YILMAZ' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: /Ayşe Yılmaz/ }));
  expect(await screen.findByDisplayValue('Bağdat Cd. 1')).toBeInTheDocument();
  expect(screen.queryByDisplayValue('Moda Cd. 2')).toBeNull();
  expect(screen.getByTestId('available-credit')).toHaveTextContent('₺1.000,00');

  fireEvent.change(screen.getByRole('combobox', { name: `${t('customerOrders:form.product')} 1` }), { target: { value: 'tektaş' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: /Tektaş Yüzük/ }));
  fireEvent.change(screen.getByLabelText(t('customerOrders:form.pieceNote', { row: 1, piece: 1 })), { target: { value: 'Ayşe' } });
  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:form.submit') }));
  // The customer's own question, asked from the customer's figures.
  const dialog = await screen.findByRole('dialog', { name: t('customerOrders:form.creditExceededTitle') });
  expect(dialog).toHaveTextContent(t('errors:creditExceeded', { total: '₺2.000,00', available: '₺1.000,00' }));
  fireEvent.click(within(dialog).getByRole('button', { name: t('customerOrders:form.confirmExceeded') }));

  expect(await screen.findByText(t('customerOrders:phone.placed', { number: 'B2B-000009', name: 'Ayşe Yılmaz' }))).toBeInTheDocument();
  const posted = calls.filter((c) => c.method === 'POST');
  expect(posted.map((c) => c.url)).toEqual([API.customerOrders(3)]);
  expect(posted[0].body).toEqual({
    first_name: 'Ayşe', last_name: 'Yılmaz', email: 'ayse@example.com', phone_number: '0532', address: 'Bağdat Cd. 1', city: 'İstanbul', country: 'TR', zip_code: '34728',
    notes: '', products: [{ product_id: 5, quantity: 1, notes: ['Ayşe'] }], credit_exceeded_confirmed: true,
  });
  // The customer's standing is read again, and the form starts again for the next call.
  await waitFor(() => expect(screen.getByTestId('available-credit')).toHaveTextContent('-₺1.000,00'));
  await waitFor(() => expect(screen.getByRole('combobox', { name: `${t('customerOrders:form.product')} 1` })).toHaveValue(''));
  expect(screen.queryByLabelText(t('customerOrders:form.pieceNote', { row: 1, piece: 1 }))).toBeInTheDocument();
});
