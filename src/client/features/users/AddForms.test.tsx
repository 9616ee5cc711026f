import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type UserDto, type WorkshopDto } from '../../../shared/api';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import WorkshopListScreen from '../workshops/WorkshopListScreen';
import { AddForm } from './AddForms';
import UsersScreen from './UsersScreen';

const AT = '2026-11-20T09:00:00.000Z';
const FIRST: WorkshopDto = {
  id: 1, user_id: 8, name: 'Usta Ali', code: 'W1', address: 'x', company_name: 'Ali Kuyum', phone_number: '1', tax_number: '1', is_deleted: false,
  created_at: AT, updated_at: AT, processes: [],
};
const MASTER: UserDto = { id: 9, username: 'usta_iki', email: 'usta@example.com', role: 3, role_name: 'Atölye', status: 'active', language: null, created_at: AT };

beforeEach(() => storeLogin(2, 'Admin'));

test('a workshop made with the add form joins the loaded list without reading it again', async () => {
  const calls = mockFetch((method, url, body) => {
    if (method === 'GET' && url === API.workshops) return [200, { workshops: [FIRST] }];
    if (method === 'POST' && url === API.workshops) return [201, { workshop: { ...FIRST, ...(body as object), id: 2 }, message: 'Atölye oluşturuldu.' }];
    return [200, {}];
  });
  const onClose = jest.fn();
  const { t } = renderApp(
    <>
      <WorkshopListScreen />
      <AddForm form="workshop" users={[MASTER]} onClose={onClose} />
    </>,
  );
  expect(await screen.findByRole('link', { name: 'Usta Ali' })).toBeInTheDocument();
  const dialog = screen.getByRole('dialog', { name: t('users:forms.workshop.title') });
  fireEvent.change(within(dialog).getByLabelText(t('users:forms.fields.user_id')), { target: { value: '9' } });
  const fields: Record<string, string> = { name: 'Usta Veli', code: 'W2', phone_number: '0312', company_name: 'Veli Kuyum', tax_number: '22', address: 'Ankara' };
  for (const [name, value] of Object.entries(fields)) {
    fireEvent.change(within(dialog).getByLabelText(t(`users:forms.fields.${name}`), { exact: true }), { target: { value } });
  }
  fireEvent.click(within(dialog).getByRole('button', { name: t('users:forms.save') }));

  expect(await screen.findByRole('link', { name: 'Usta Veli' })).toBeInTheDocument();
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ url: API.workshops, body: { user_id: 9, ...fields } })]);
  expect(calls.filter((c) => c.method === 'GET' && c.url === API.workshops)).toHaveLength(1);
});

test("a refused record keeps the form open with the server's sentence", async () => {
  mockFetch((method) => (method === 'POST' ? [409, { error: 'Bu kullanıcının zaten bir atölyesi var.', code: 'USER_HAS_WORKSHOP' }] : [200, {}]));
  const onClose = jest.fn();
  const { t } = renderApp(<AddForm form="workshop" users={[MASTER]} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: t('users:forms.workshop.title') });
  fireEvent.change(within(dialog).getByLabelText(t('users:forms.fields.user_id')), { target: { value: '9' } });
  for (const name of ['name', 'code', 'phone_number', 'company_name', 'tax_number', 'address']) {
    fireEvent.change(within(dialog).getByLabelText(t(`users:forms.fields.${name}`), { exact: true }), { target: { value: 'x' } });
  }
  fireEvent.click(within(dialog).getByRole('button', { name: t('users:forms.save') }));
  expect(await within(dialog).findByText('Bu kullanıcının zaten bir atölyesi var.')).toBeInTheDocument();
  expect(onClose).not.toHaveBeenCalled();
});

test("a new customer's credit is read as the admin writes amounts and shown in the settings currency before it is sent", async () => {
  const BUYER: UserDto = { ...MASTER, id: 21, username: 'firma_a', email: 'firma@example.com', role: 5 };
  const calls = mockFetch((method, url, body) => {
    if (url === API.generalSettings) return [200, { settings: { system_email: 'a@b.c', phone: '1', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10 } }];
    if (method === 'POST' && url === API.customers) return [201, { customer: { id: 4, ...(body as object) }, message: 'Müşteri oluşturuldu.' }];
    return [200, {}];
  });
  const onClose = jest.fn();
  const { t } = renderApp(<AddForm form="customer" users={[BUYER]} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: t('users:forms.customer.title') });
  fireEvent.change(within(dialog).getByLabelText(t('users:forms.fields.user_id')), { target: { value: '21' } });
  const fields: Record<string, string> = { name: 'Zeynep Kaya', email: 'z@example.com', phone: '0532', address: 'İzmir', company_name: 'Kaya Mücevher', tax_number: '44' };
  for (const [name, value] of Object.entries(fields)) {
    fireEvent.change(within(dialog).getByLabelText(t(`users:forms.fields.${name}`), { exact: true }), { target: { value } });
  }
  const credit = within(dialog).getByLabelText(t('users:forms.fields.credit'), { exact: true });
  fireEvent.change(credit, { target: { value: '6.2' } });
  fireEvent.click(within(dialog).getByRole('button', { name: t('users:forms.save') }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(t('validation:numberDecimalMark', { suggestion: '6,2' }));
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  fireEvent.change(credit, { target: { value: '75.000' } });
  expect(await within(dialog).findByText('Kaydedilecek: ₺75.000,00')).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: t('users:forms.save') }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ user_id: 21, ...fields, credit: 75000, zip_code: '', city: '' }]);
});

test("'Mağaza Ekle' takes the store's webhook secret and is the only way to add a store", async () => {
  const BUYER: UserDto = { ...MASTER, id: 21, username: 'firma_a', email: 'firma@example.com', role: 5 };
  const calls = mockFetch((method, url, body) => {
    if (url === API.b2bCustomers) return [200, { customers: [{ id: 4, user_id: 21, name: 'Ayşe Kaya', company_name: 'Kaya Takı' }] }];
    if (method === 'POST' && url === API.shop) return [201, { shop: { id: 1, ...(body as object) }, message: 'Mağaza eklendi.' }];
    return [200, {}];
  });
  const onClose = jest.fn();
  const { t } = renderApp(<AddForm form="store" users={[BUYER]} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: t('users:forms.store.title') });
  await within(dialog).findByRole('option', { name: 'Kaya Takı - Ayşe Kaya' });
  fireEvent.change(within(dialog).getByLabelText(t('users:forms.fields.customer')), { target: { value: '21' } });
  const fields: Record<string, string> = { shop_name: 'kaya', api_key: 'key', api_secret: 'secret', access_token: 'shpat_x', webhook_secret: 'whsec' };
  for (const [name, value] of Object.entries(fields)) {
    fireEvent.change(within(dialog).getByLabelText(t(`users:forms.fields.${name}`), { exact: true }), { target: { value } });
  }
  fireEvent.click(within(dialog).getByRole('button', { name: t('users:forms.save') }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ url: API.shop, body: { user_id: 21, ...fields } })]);

  // The users screen offers no separate webhook form.
  mockFetch((_method, url) => (url === API.users ? [200, { users: [BUYER] }] : url === API.roles ? [200, { roles: [] }] : [200, {}]));
  renderApp(<UsersScreen />);
  await screen.findByRole('cell', { name: 'firma_a' });
  expect(screen.getByRole('button', { name: t('users:forms.store.title') })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /webhook/i })).not.toBeInTheDocument();
});
