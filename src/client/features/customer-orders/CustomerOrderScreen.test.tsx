import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { API, type OrderLineDto } from '../../../shared/api';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import CustomerOrderScreen from './CustomerOrderScreen';

const AT = '2026-11-20T09:00:00.000Z';
const line = (approved: boolean) =>
  ({
    id: 5, order_id: 2, order_number: 'B2B-000002', product_id: 9, product_title: 'Yüzük', order_line_status_id: 1, current_order_line_process: -1,
    customer_approval_status_id: approved ? 2 : null, workshop_started_process_id: null, quality_control_id: null, product_gram: null, packing_status_id: null,
    total_price: 1000, created_at: AT, updated_at: AT, production_expected_date: null, delivery_to_office: null, canceled_at: null, customer_id: 1, workshop_id: 4,
  }) as unknown as OrderLineDto;

/** Where the app is: the address bar of a test. */
function Address() {
  return <output aria-label="adres">{useLocation().pathname}</output>;
}

test('after approving an order the customer goes back to the orders, not to the approval', async () => {
  storeLogin(5, 'Müşteri');
  mockFetch((method, url) => {
    if (method === 'PATCH' && url === API.myCustomerApprove(5)) return [200, { order: line(true) }];
    if (url === API.myCustomerOrder(5)) return [200, { order: line(false) }];
    return [200, {}];
  });
  const { t } = renderApp(
    <>
      <Address />
      <Routes>
        <Route path="/customer/orders" element={<p>siparişlerim</p>} />
        <Route path="/order/:id" element={<CustomerOrderScreen />} />
        <Route path="/customer/orders/:id" element={<CustomerOrderScreen />} />
      </Routes>
    </>,
    '/order/5',
  );
  fireEvent.click(await screen.findByRole('button', { name: t('customerOrders:approve') }));
  expect(await screen.findByText(t('customerOrders:approveDone'))).toBeInTheDocument();
  // The approved order takes the approval's place in the history.
  await waitFor(() => expect(screen.getByRole('status', { name: 'adres' })).toHaveTextContent('/customer/orders/5'));
  fireEvent.click(screen.getByRole('link', { name: t('customerOrders:back') }));
  expect(await screen.findByText('siparişlerim')).toBeInTheDocument();
});

test('a canceled line reads İptal edildi with its reason and time as its status, not the state it stopped in, and offers no approval', async () => {
  storeLogin(5, 'Müşteri');
  const canceled = { ...line(false), order_line_status_id: 4, current_order_line_process: 7, canceled_at: '2026-11-21T10:30:00.000Z', cancel_reason: 'Müşteri vazgeçti' };
  mockFetch((_method, url) => {
    if (url === API.myCustomerOrder(5)) return [200, { order: canceled }];
    if (url === API.statuses) return [200, { statuses: [{ id: 4, name: 'Paketleme' }] }];
    return [200, {}];
  });
  const { t } = renderApp(
    <Routes>
      <Route path="/customer/orders/:id" element={<CustomerOrderScreen />} />
    </Routes>,
    '/customer/orders/5',
  );
  const status = (await screen.findByText(t('customerOrders:fields.order_line_status_id'))).nextElementSibling;
  await waitFor(() => expect(status).toHaveTextContent(/^İptal edildi: Müşteri vazgeçti \(21\.11\.2026 \d\d:30\)$/));
  expect(screen.queryByText('Paketleme')).toBeNull();
  expect(screen.queryByRole('button')).toBeNull();
});
