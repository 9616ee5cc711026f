import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { API } from '../../../shared/api';
import { useAppSelector } from '../../app/hooks';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { ownCustomerRequested, selectOwnCustomer } from '../account';
import { ManualOrderForm } from './ManualOrderForm';

const CUSTOMER = { id: 3, name: 'Ayşe Yılmaz', email: 'a@example.com', phone: '0532', address: 'Bağdat Cd. 1', country: 'TR', zip_code: null, credit: 0 };
/* The customer's catalogue: the server leaves out the workshop's terms. */
const CATALOGUE = [{ id: 5, title: 'Tektaş Yüzük' }, { id: 6, title: 'Zincir Kolye' }];

/** Shows the address of the profile as the store holds it, as any other panel of the tab would. */
function ProfileAddress() {
  const customer = useAppSelector(selectOwnCustomer).data;
  return <output aria-label="profile">{customer?.address}</output>;
}

test('the form is prefilled from the profile once; loading the profile again keeps what was typed', async () => {
  storeLogin(5, 'Musteri');
  let loads = 0;
  mockFetch((_method, url) => {
    if (url === API.myCustomer) return [200, { customer: { ...CUSTOMER, address: ++loads === 1 ? 'Bağdat Cd. 1' : 'Moda Cd. 2' } }];
    if (url === API.products) return [200, { products: [] }];
    return [200, {}];
  });
  const { store } = renderApp(
    <>
      <ManualOrderForm />
      <ProfileAddress />
    </>,
  );
  const address = await screen.findByDisplayValue('Bağdat Cd. 1');
  fireEvent.change(address, { target: { value: 'Yeni adres 5' } });
  act(() => {
    store.dispatch(ownCustomerRequested());
  });
  // The second profile has reached the screen: the same render gave the form the new profile too.
  expect(await screen.findByText('Moda Cd. 2')).toBeInTheDocument();
  expect(loads).toBe(2);
  expect(screen.getByDisplayValue('Yeni adres 5')).toBeInTheDocument();
  expect(screen.queryByDisplayValue('Moda Cd. 2')).toBeNull();
});

test("the order is sent as the customer filled it, without the city, and the orders list opens", async () => {
  storeLogin(5, 'Musteri');
  const calls = mockFetch((method, url) => {
    if (url === API.myCustomer) return [200, { customer: CUSTOMER }];
    if (url === API.products) return [200, { products: CATALOGUE }];
    if (method === 'POST' && url === API.manualOrder) return [201, { order: { id: 1 }, message: 'Sipariş oluşturuldu.' }];
    return [200, {}];
  });
  const { t } = renderApp(
    <Routes>
      <Route path="/customer/new-order" element={<ManualOrderForm />} />
      <Route path="/customer/orders" element={<p>orders</p>} />
    </Routes>,
    '/customer/new-order',
  );
  await screen.findByDisplayValue('Bağdat Cd. 1');
  fireEvent.change(screen.getByLabelText(t('customerOrders:form.city')), { target: { value: 'İstanbul' } });
  fireEvent.change(screen.getByLabelText(t('customerOrders:form.zip_code')), { target: { value: '34000' } });
  const product = screen.getByLabelText(`${t('customerOrders:form.product')} 1`);
  await screen.findByRole('option', { name: '6 - Zincir Kolye' });
  fireEvent.change(product, { target: { value: '6' } });
  fireEvent.change(screen.getByLabelText(`${t('customerOrders:form.quantity')} 1`), { target: { value: '2' } });
  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:form.submit') }));
  expect(await screen.findByText('orders')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')).toEqual([
    expect.objectContaining({
      url: API.manualOrder,
      body: {
        first_name: 'Ayşe', last_name: 'Yılmaz', email: 'a@example.com', phone_number: '0532', address: 'Bağdat Cd. 1', country: 'TR', zip_code: '34000',
        notes: '', products: [{ product_id: 6, quantity: 2 }],
      },
    }),
  ]);
});

test("a refused order shows the server's sentence and stays on the form", async () => {
  storeLogin(5, 'Musteri');
  mockFetch((method, url) => {
    if (url === API.myCustomer) return [200, { customer: { ...CUSTOMER, zip_code: '34000' } }];
    if (url === API.products) return [200, { products: CATALOGUE }];
    if (method === 'POST') return [400, { error: 'Ürün bulunamadı.', code: 'UNKNOWN_PRODUCT' }];
    return [200, {}];
  });
  const { t } = renderApp(<ManualOrderForm />);
  await screen.findByDisplayValue('Bağdat Cd. 1');
  await screen.findByRole('option', { name: '5 - Tektaş Yüzük' });
  fireEvent.change(screen.getByLabelText(`${t('customerOrders:form.product')} 1`), { target: { value: '5' } });
  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:form.submit') }));
  expect(await screen.findByText('Ürün bulunamadı.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: t('customerOrders:form.submit') })).toBeEnabled();
});
