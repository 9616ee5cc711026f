import { fireEvent, screen, waitFor } from '@testing-library/react';
import { API } from '../../../shared/api';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { resourceRequested } from '../resources/slice';
import { ManualOrderForm } from './ManualOrderForm';

const CUSTOMER = { id: 3, name: 'Ayşe Yılmaz', email: 'a@example.com', phone: '0532', address: 'Bağdat Cd. 1', country: 'TR', zip_code: null, credit: 0 };

test('the form is prefilled from the profile once; loading the profile again keeps what was typed', async () => {
  storeLogin(5, 'Musteri');
  let loads = 0;
  mockFetch((_method, url) => {
    if (url === API.myCustomer) return [200, { customer: { ...CUSTOMER, loads: ++loads } }];
    if (url === API.products) return [200, { products: [] }];
    return [200, {}];
  });
  const { store } = renderApp(<ManualOrderForm />);
  const address = await screen.findByDisplayValue('Bağdat Cd. 1');
  fireEvent.change(address, { target: { value: 'Yeni adres 5' } });
  store.dispatch(resourceRequested({ key: 'me:customer', path: API.myCustomer, fallback: 'account:profileFailed' }));
  await waitFor(() => expect(loads).toBe(2));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.getByDisplayValue('Yeni adres 5')).toBeInTheDocument();
});
