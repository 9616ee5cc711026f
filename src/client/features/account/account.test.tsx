import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { jsonResponse, mockFetch, renderApp, storeLogin } from '../../test-utils';
import { selectAllProducts } from '../catalogue';
import { ManualOrderForm } from '../customer-orders/ManualOrderForm';
import { loggedOut } from '../session';
import { AccountPanel } from './AccountPanel';
import { ownCustomerRequested, selectOwnCustomer } from './ownProfile';
import { PasswordChangeForm } from './PasswordChangeForm';

const AT = '2026-11-20T09:00:00.000Z';
const CUSTOMER = {
  id: 3, user_id: 7, name: 'Ayşe Yılmaz', email: 'a@example.com', phone: '0532', address: 'Bağdat Cd. 1', company_name: 'Yılmaz Kuyum', tax_number: '1',
  credit: 1500, credit_currency: 'TRY', product_group: null, country: 'TR', zip_code: '34000', city: 'İstanbul', created_at: AT, updated_at: AT, number_of_orders: 4,
  currency: 'TRY', open_order_amount: 0, available_credit: 1500, other_currency_open_amounts: [],
};

beforeEach(() => storeLogin(Role.Customer, 'Musteri'));

test('panels that open together share one read of the own record', async () => {
  const calls = mockFetch((_method, url) => {
    if (url === API.myCustomer) return [200, { customer: CUSTOMER }];
    if (url === API.products) return [200, { products: [{ id: 5, title: 'Tektaş Yüzük' }] }];
    return [200, {}];
  });
  const { t } = renderApp(
    <>
      <ManualOrderForm />
      <AccountPanel role={Role.Customer} />
    </>,
  );
  expect(await screen.findByRole('region', { name: t('account:customerBlock') })).toHaveTextContent('Yılmaz Kuyum');
  expect(await screen.findByDisplayValue('Bağdat Cd. 1')).toBeInTheDocument();
  expect(calls.filter((c) => c.url === API.myCustomer)).toHaveLength(1);
});

test("a logout forgets the own record and the products, so the next user never sees the last one's", async () => {
  mockFetch((_method, url) => {
    if (url === API.myCustomer) return [200, { customer: CUSTOMER }];
    if (url === API.products) return [200, { products: [{ id: 5, title: 'Tektaş Yüzük' }] }];
    return [200, {}];
  });
  const { store } = renderApp(<ManualOrderForm />);
  await waitFor(() => expect(selectAllProducts(store.getState())).toHaveLength(1));
  expect(selectOwnCustomer(store.getState()).data?.id).toBe(3);
  act(() => {
    store.dispatch(loggedOut());
  });
  expect(selectOwnCustomer(store.getState()).data).toBeNull();
  expect(selectAllProducts(store.getState())).toEqual([]);
});

test('a read of the own record that a logout overtakes is dropped', async () => {
  const answers: Array<(response: Response) => void> = [];
  globalThis.fetch = jest.fn(
    (url: string | URL | Request) =>
      new Promise<Response>((resolve) => {
        if (String(url) === API.myCustomer) answers.push(resolve);
        else resolve(jsonResponse(200, {}));
      }),
  ) as typeof fetch;
  const { store } = renderApp(<p>tab</p>);
  // Every record the store ever held, so a stale one that came and went would still be seen.
  const held: Array<number | undefined> = [];
  store.subscribe(() => held.push(selectOwnCustomer(store.getState()).data?.id));
  act(() => {
    store.dispatch(ownCustomerRequested());
  });
  act(() => {
    store.dispatch(loggedOut());
  });
  expect(selectOwnCustomer(store.getState())).toEqual({ status: 'idle', notice: null, data: null });
  answers[0](jsonResponse(200, { customer: CUSTOMER }));
  // The next user's read, answered after the stale one: once its record is in, the stale answer has had its turn.
  act(() => {
    store.dispatch(ownCustomerRequested());
  });
  await waitFor(() => expect(answers).toHaveLength(2));
  answers[1](jsonResponse(200, { customer: { ...CUSTOMER, id: 4 } }));
  await waitFor(() => expect(selectOwnCustomer(store.getState()).data?.id).toBe(4));
  expect(held).not.toContain(CUSTOMER.id);
});

test('a password change refused keeps what was typed for correcting; one taken empties the form, and the next starts from there', async () => {
  let refuse = true;
  const calls = mockFetch((_method, url) => {
    if (url !== API.changePassword) return [200, {}];
    return refuse ? [400, { error: 'Mevcut şifre hatalı.', code: 'VALIDATION' }] : [200, { message: 'Şifre değiştirildi.' }];
  });
  const { t } = renderApp(<PasswordChangeForm />);
  const fields = [t('account:username'), t('account:oldPassword'), t('account:newPassword'), t('account:newPasswordRepeat')].map((label) => screen.getByLabelText(label));
  const fill = () => ['ayse', 'eski-sifre', 'yeni-sifre', 'yeni-sifre'].forEach((value, i) => fireEvent.change(fields[i], { target: { value } }));
  const submit = () => fireEvent.click(screen.getByRole('button', { name: t('account:submit') }));

  fill();
  submit();
  expect(await screen.findByRole('alert')).toHaveTextContent('Mevcut şifre hatalı.');
  expect(fields.map((field) => (field as HTMLInputElement).value)).toEqual(['ayse', 'eski-sifre', 'yeni-sifre', 'yeni-sifre']);

  refuse = false;
  submit();
  expect(await screen.findByText(t('account:changed'))).toBeInTheDocument();
  await waitFor(() => expect(fields.map((field) => (field as HTMLInputElement).value)).toEqual(['', '', '', '']));

  fill();
  submit();
  await waitFor(() => expect(calls.filter((call) => call.url === API.changePassword)).toHaveLength(3));
  await waitFor(() => expect(fields.map((field) => (field as HTMLInputElement).value)).toEqual(['', '', '', '']));
  expect(calls.at(-1)?.body).toEqual({ username: 'ayse', old_password: 'eski-sifre', new_password: 'yeni-sifre' });
});
