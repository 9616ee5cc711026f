import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { Route, Routes } from 'react-router-dom';
import { API } from '../../../shared/api';
import { useAppSelector } from '../../app/hooks';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { ownCustomerRequested, selectOwnCustomer } from '../account';
import { CustomerOrdersPanel } from './CustomerOrdersPanel';
import { ManualOrderForm } from './ManualOrderForm';

const CUSTOMER = {
  id: 3, name: 'Ayşe Yılmaz', email: 'a@example.com', phone: '0532', address: 'Bağdat Cd. 1', city: 'İstanbul', country: 'TR', zip_code: '34728',
  credit: 5000, credit_currency: 'TRY', currency: 'TRY', open_order_amount: 0, available_credit: 5000, other_currency_open_amounts: [],
};
/* The customer's catalogue: the server leaves out the workshop's terms. */
const CATALOGUE = [{ id: 5, title: 'Tektaş Yüzük', price: 2000, currency: 'TRY' }, { id: 6, title: 'Zincir Kolye', price: 500, currency: 'TRY' }];
const LINE = { id: 41, order_id: 1, order_number: 'B2B-000001', product_id: 6, product_title: 'Zincir Kolye', total_price: 500, currency: 'TRY', order_line_status_id: 1, current_order_line_process: -1, created_at: '2026-11-20T09:00:00.000Z' };
const OTHER_ORDER_LINE = { ...LINE, id: 7, order_id: 0, order_number: 'B2B-000000' };

/** Chooses a product for the first row by typing its title and clicking it, once the catalogue is there, and its quantity. */
async function choose(t: TFunction, productId: string, quantity: string) {
  const title = CATALOGUE.find((p) => String(p.id) === productId)!.title;
  fireEvent.change(screen.getByRole('combobox', { name: `${t('customerOrders:form.product')} 1` }), { target: { value: title } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: new RegExp(`^${productId} - ${title}`) }));
  fireEvent.change(screen.getByLabelText(`${t('customerOrders:form.quantity')} 1`), { target: { value: quantity } });
}

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

test.each([
  ['opens once the catalogue is in', 200],
  ['stays closed, with the reason, when the catalogue cannot be read', 500],
])('the product box is closed while the catalogue is on its way (a title typed and Enter would find nothing), and %s', async (_, status) => {
  storeLogin(5, 'Musteri');
  mockFetch((_method, url) => {
    if (url === API.myCustomer) return [200, { customer: CUSTOMER }];
    if (url === API.products) return status === 200 ? [200, { products: CATALOGUE }] : [500, { error: 'Sunucu hatası', code: 'INTERNAL' }];
    return [200, {}];
  });
  const { t } = renderApp(<ManualOrderForm />);
  const picker = screen.getByRole('combobox', { name: `${t('customerOrders:form.product')} 1` });
  expect(picker).toBeDisabled();
  if (status === 200) await waitFor(() => expect(picker).toBeEnabled());
  else {
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(picker).toBeDisabled();
  }
});

test('postcode and city are prefilled from the profile and sent; the placed order of several pieces opens the list filtered to it, with the success sentence', async () => {
  storeLogin(5, 'Musteri');
  const calls = mockFetch((method, url) => {
    if (url === API.myCustomer) return [200, { customer: CUSTOMER }];
    if (url === API.products) return [200, { products: CATALOGUE }];
    if (method === 'POST' && url === API.manualOrder) return [201, { order: { id: 1, order_number: 'B2B-000001', first_line_id: 41, lines: 2 }, message: 'Sipariş oluşturuldu.' }];
    if (url === API.myCustomerOrders) return [200, { orders: [LINE, { ...LINE, id: 42 }, OTHER_ORDER_LINE] }];
    return [200, {}];
  });
  const { t, container } = renderApp(
    <Routes>
      <Route path="/customer/new-order" element={<ManualOrderForm />} />
      <Route path="/customer/orders" element={<CustomerOrdersPanel />} />
    </Routes>,
    '/customer/new-order',
  );
  await screen.findByDisplayValue('Bağdat Cd. 1');
  expect(screen.getByLabelText(t('customerOrders:form.zip_code'))).toHaveValue('34728');
  expect(screen.getByLabelText(t('customerOrders:form.city'))).toHaveValue('İstanbul');
  await choose(t, '6', '2');
  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:form.submit') }));
  expect(await screen.findByText('Sipariş oluşturuldu.')).toBeInTheDocument();
  // Both pieces of the new order, and no other order's line.
  await waitFor(() => expect([...container.querySelectorAll('tbody tr')].map((row) => row.children[0].textContent)).toEqual(['B2B-000001', 'B2B-000001']));
  expect(screen.getByText(t('customerOrders:filter.showing', { number: 'B2B-000001' }))).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:filter.all') }));
  await waitFor(() => expect(container.querySelectorAll('tbody tr')).toHaveLength(3));
  expect(screen.queryByText('Sipariş oluşturuldu.')).toBeNull();
  expect(calls.filter((c) => c.method === 'POST')).toEqual([
    expect.objectContaining({
      url: API.manualOrder,
      body: {
        first_name: 'Ayşe', last_name: 'Yılmaz', email: 'a@example.com', phone_number: '0532', address: 'Bağdat Cd. 1', city: 'İstanbul', country: 'TR', zip_code: '34728',
        notes: '', products: [{ product_id: 6, quantity: 2 }],
      },
    }),
  ]);
});

test('the available credit is shown; an order beyond it asks first, with the figures, and is sent confirmed only after the yes', async () => {
  storeLogin(5, 'Musteri');
  const calls = mockFetch((method, url) => {
    if (url === API.myCustomer) return [200, { customer: { ...CUSTOMER, open_order_amount: 4000, available_credit: 1000, other_currency_open_amounts: [{ currency: 'USD', amount: 80 }] } }];
    if (url === API.products) return [200, { products: CATALOGUE }];
    if (method === 'POST' && url === API.manualOrder) return [201, { order: { id: 2, order_number: 'B2B-000002', first_line_id: 42, lines: 1 }, message: 'Sipariş oluşturuldu.' }];
    return [200, {}];
  });
  const { t } = renderApp(
    <Routes>
      <Route path="/customer/new-order" element={<ManualOrderForm />} />
      <Route path="/customer/orders" element={<p>order</p>} />
    </Routes>,
    '/customer/new-order',
  );
  expect(await screen.findByTestId('available-credit')).toHaveTextContent('₺1.000,00');
  expect(screen.getByText(t('customerOrders:form.otherCurrencies')).nextSibling).toHaveTextContent('$80,00');
  await choose(t, '6', '3');
  expect(screen.getByTestId('order-amount')).toHaveTextContent('₺1.500,00');
  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:form.submit') }));
  const dialog = await screen.findByRole('dialog', { name: t('customerOrders:form.creditExceededTitle') });
  expect(dialog).toHaveTextContent(t('errors:creditExceeded', { total: '₺1.500,00', available: '₺1.000,00' }));
  fireEvent.click(within(dialog).getByRole('button', { name: t('customerOrders:form.declineExceeded') }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:form.submit') }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t('customerOrders:form.confirmExceeded') }));
  expect(await screen.findByText('order')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([expect.objectContaining({ products: [{ product_id: 6, quantity: 3 }], credit_exceeded_confirmed: true })]);
});

test("the server's 409 asks for the yes with its own figures, and the yes sends the same order confirmed", async () => {
  storeLogin(5, 'Musteri');
  const refusal = 'Siparişin tutarı (₺500,00) kullanılabilir krediyi (₺100,00) aşıyor.';
  const calls = mockFetch((method, url, body) => {
    if (url === API.myCustomer) return [200, { customer: CUSTOMER }];
    if (url === API.products) return [200, { products: CATALOGUE }];
    if (method === 'POST' && url === API.manualOrder) {
      if ((body as { credit_exceeded_confirmed?: boolean }).credit_exceeded_confirmed !== true) return [409, { error: refusal, code: 'CREDIT_EXCEEDED' }];
      return [201, { order: { id: 3, order_number: 'B2B-000003', first_line_id: 43, lines: 1 }, message: 'Sipariş oluşturuldu.' }];
    }
    return [200, {}];
  });
  const { t } = renderApp(
    <Routes>
      <Route path="/customer/new-order" element={<ManualOrderForm />} />
      <Route path="/customer/orders" element={<p>order</p>} />
    </Routes>,
    '/customer/new-order',
  );
  await screen.findByDisplayValue('Bağdat Cd. 1');
  await choose(t, '6', '1');
  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:form.submit') }));
  const dialog = await screen.findByRole('dialog', { name: t('customerOrders:form.creditExceededTitle') });
  expect(dialog).toHaveTextContent(refusal);
  fireEvent.click(within(dialog).getByRole('button', { name: t('customerOrders:form.confirmExceeded') }));
  expect(await screen.findByText('order')).toBeInTheDocument();
  const posted = calls.filter((c) => c.method === 'POST').map((c) => c.body as Record<string, unknown>);
  expect(posted).toHaveLength(2);
  expect(posted[1]).toEqual({ ...posted[0], credit_exceeded_confirmed: true });
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
  fireEvent.change(screen.getByRole('combobox', { name: `${t('customerOrders:form.product')} 1` }), { target: { value: 'tektaş' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: /Tektaş Yüzük/ }));
  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:form.submit') }));
  expect(await screen.findByText('Ürün bulunamadı.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: t('customerOrders:form.submit') })).toBeEnabled();
});

test('a quantity is a whole number: a fraction counts in no total and is refused with its own sentence, before and on sending', async () => {
  storeLogin(5, 'Musteri');
  const calls = mockFetch((method, url) => {
    if (url === API.myCustomer) return [200, { customer: CUSTOMER }];
    if (url === API.products) return [200, { products: CATALOGUE }];
    if (method === 'POST' && url === API.manualOrder) return [201, { order: { id: 1, order_number: 'B2B-000001', first_line_id: 41, lines: 2 }, message: 'Sipariş oluşturuldu.' }];
    return [200, {}];
  });
  const { t } = renderApp(
    <Routes>
      <Route path="/customer/new-order" element={<ManualOrderForm />} />
      <Route path="/customer/orders" element={<p>order</p>} />
    </Routes>,
    '/customer/new-order',
  );
  await screen.findByDisplayValue('Bağdat Cd. 1');
  await choose(t, '6', '2.5');
  expect(screen.getByTestId('order-amount')).toHaveTextContent('-');
  expect(screen.getByRole('alert')).toHaveTextContent(t('validation:numberNotWhole'));
  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:form.submit') }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(t('validation:numberNotWhole')));
  expect(screen.queryByText(t('validation:orderProductsRequired'))).toBeNull();
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  fireEvent.change(screen.getByLabelText(`${t('customerOrders:form.quantity')} 1`), { target: { value: '2' } });
  expect(screen.getByTestId('order-amount')).toHaveTextContent('₺1.000,00');
  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:form.submit') }));
  expect(await screen.findByText('order')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as { products: unknown }).products)).toEqual([[{ product_id: 6, quantity: 2 }]]);
});

test('each piece takes its own note: a field per piece of the quantity, sent in order; none sent when all are empty', async () => {
  storeLogin(5, 'Musteri');
  const calls = mockFetch((method, url) => {
    if (url === API.myCustomer) return [200, { customer: CUSTOMER }];
    if (url === API.products) return [200, { products: CATALOGUE }];
    if (method === 'POST' && url === API.manualOrder) return [201, { order: { id: 1, order_number: 'B2B-000001', first_line_id: 41, lines: 3 }, message: 'Sipariş oluşturuldu.' }];
    return [200, {}];
  });
  const { t } = renderApp(
    <Routes>
      <Route path="/customer/new-order" element={<ManualOrderForm />} />
      <Route path="/customer/orders" element={<p>order</p>} />
    </Routes>,
    '/customer/new-order',
  );
  await screen.findByDisplayValue('Bağdat Cd. 1');
  const note = (row: number, piece: number) => screen.queryByLabelText(t('customerOrders:form.pieceNote', { row, piece }));
  await choose(t, '6', '3');
  expect([note(1, 1), note(1, 2), note(1, 3), note(1, 4)].map(Boolean)).toEqual([true, true, true, false]);
  fireEvent.change(note(1, 1)!, { target: { value: ' İç yüzey: Ali & Ayşe ' } });
  fireEvent.change(note(1, 3)!, { target: { value: '17 numara' } });
  // A second row of its own pieces; its notes left empty send none.
  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:form.addRow') }));
  fireEvent.change(screen.getByRole('combobox', { name: `${t('customerOrders:form.product')} 2` }), { target: { value: 'yüzük' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: /Tektaş Yüzük/ }));
  expect(note(2, 1)).toBeInTheDocument();
  expect(note(2, 2)).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:form.submit') }));
  expect(await screen.findByText('order')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as { products: unknown }).products)).toEqual([
    [
      { product_id: 6, quantity: 3, notes: ['İç yüzey: Ali & Ayşe', '', '17 numara'] },
      { product_id: 5, quantity: 1 },
    ],
  ]);
});

test('a quantity lowered after notes were typed sends only the notes of the pieces left', async () => {
  storeLogin(5, 'Musteri');
  const calls = mockFetch((method, url) => {
    if (url === API.myCustomer) return [200, { customer: CUSTOMER }];
    if (url === API.products) return [200, { products: CATALOGUE }];
    if (method === 'POST') return [201, { order: { id: 1, order_number: 'B2B-000001', first_line_id: 41, lines: 1 }, message: 'Sipariş oluşturuldu.' }];
    return [200, {}];
  });
  const { t } = renderApp(<ManualOrderForm />);
  await screen.findByDisplayValue('Bağdat Cd. 1');
  await choose(t, '6', '2');
  fireEvent.change(screen.getByLabelText(t('customerOrders:form.pieceNote', { row: 1, piece: 1 })), { target: { value: 'A' } });
  fireEvent.change(screen.getByLabelText(t('customerOrders:form.pieceNote', { row: 1, piece: 2 })), { target: { value: 'B' } });
  fireEvent.change(screen.getByLabelText(`${t('customerOrders:form.quantity')} 1`), { target: { value: '1' } });
  expect(screen.queryByLabelText(t('customerOrders:form.pieceNote', { row: 1, piece: 2 }))).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: t('customerOrders:form.submit') }));
  await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  expect((calls.find((c) => c.method === 'POST')!.body as { products: unknown }).products).toEqual([{ product_id: 6, quantity: 1, notes: ['A'] }]);
});
