import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type RoleDto, type UserDto } from '../../../shared/api';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import UsersScreen from './UsersScreen';

const AT = '2026-11-20T09:00:00.000Z';
const ADMIN: UserDto = { id: 1, username: 'admin', email: 'admin@example.com', role: 2, role_name: 'Yönetici', status: 'active', language: null, created_at: AT };
const ROLES: RoleDto[] = [
  { id: 1, role_name: 'Pasif Kullanıcı' },
  { id: 2, role_name: 'Yönetici' },
  { id: 3, role_name: 'Atölye' },
  { id: 4, role_name: 'Ofis Personeli' },
  { id: 5, role_name: 'B2B Müşteri' },
];
const AYSE: UserDto = { id: 2, username: 'ayşe_öz', email: 'ayse@example.com', role: 4, role_name: 'Ofis Personeli', status: 'active', language: null, created_at: AT };

beforeEach(() => storeLogin(2, 'Yönetici'));

function serve(added: { password: string | null; message: string; key: string; values?: Record<string, string> }) {
  return mockFetch((method, url) => {
    if (method === 'GET' && url === API.users) return [200, { users: [ADMIN] }];
    if (method === 'GET' && url === API.roles) return [200, { roles: ROLES }];
    if (method === 'POST' && url === API.users) return [201, { user: AYSE, password: added.password, message: added.message, message_key: { key: added.key, values: added.values ?? {} } }];
    return [200, {}];
  });
}

async function addAyse(t: ReturnType<typeof renderApp>['t']) {
  await screen.findByRole('cell', { name: 'admin' });
  fireEvent.click(screen.getByRole('button', { name: t('users:forms.user.title') }));
  const dialog = screen.getByRole('dialog', { name: t('users:forms.user.title') });
  fireEvent.change(within(dialog).getByLabelText(t('users:forms.fields.username')), { target: { value: 'ayşe_öz' } });
  fireEvent.change(within(dialog).getByLabelText(t('users:forms.fields.email')), { target: { value: 'ayse@example.com' } });
  fireEvent.change(within(dialog).getByLabelText(t('users:forms.fields.fullName')), { target: { value: 'Ayşe Öz' } });
  fireEvent.change(within(dialog).getByLabelText(t('users:forms.fields.role')), { target: { value: '4' } });
  fireEvent.click(within(dialog).getByRole('button', { name: t('users:forms.save') }));
}

test("'Kullanıcı Ekle' adds a user of the chosen role; its one-time password shows once, and never after the dialog is closed", async () => {
  const calls = serve({ password: 'Xy7kP2mQ9rTz', message: 'Kullanıcı eklendi.', key: 'success:userAddedWithPassword' });
  const { t } = renderApp(<UsersScreen />);
  // SPEC's disabled button stays as it is.
  expect(screen.getByRole('button', { name: t('users:addOffice') })).toBeDisabled();
  await addAyse(t);

  const shown = await screen.findByRole('dialog', { name: t('users:added.title') });
  expect(within(shown).getByLabelText(t('users:added.passwordFor', { username: 'ayşe_öz' }))).toHaveTextContent('Xy7kP2mQ9rTz');
  expect(within(shown).getByText(t('success:userAddedWithPassword'))).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: t('users:forms.user.title') })).toBeNull();
  expect(screen.getByRole('cell', { name: 'ayşe_öz' })).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ url: API.users, body: { username: 'ayşe_öz', email: 'ayse@example.com', name: 'Ayşe Öz', role: 4 } })]);

  fireEvent.click(within(shown).getByRole('button', { name: t('users:added.close') }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.queryByText('Xy7kP2mQ9rTz')).toBeNull();
  // The list was read once: the new user came with the answer.
  expect(calls.filter((c) => c.method === 'GET' && c.url === API.users)).toHaveLength(1);
});

test('with an invitation mailed, the dialog says so and shows no password', async () => {
  serve({ password: null, message: 'Davet gönderildi.', key: 'success:userInvited', values: { email: 'ayse@example.com' } });
  const { t } = renderApp(<UsersScreen />);
  await addAyse(t);
  const shown = await screen.findByRole('dialog', { name: t('users:added.title') });
  expect(within(shown).getByText(t('success:userInvited', { email: 'ayse@example.com' }))).toBeInTheDocument();
  expect(within(shown).queryByText(t('users:added.password'))).toBeNull();
});

test('a name that breaks the rule is refused in the form, Turkish letters are not', async () => {
  const calls = serve({ password: 'x', message: '', key: 'success:userAddedWithPassword' });
  const { t } = renderApp(<UsersScreen />);
  await screen.findByRole('cell', { name: 'admin' });
  fireEvent.click(screen.getByRole('button', { name: t('users:forms.user.title') }));
  const dialog = screen.getByRole('dialog', { name: t('users:forms.user.title') });
  fireEvent.change(within(dialog).getByLabelText(t('users:forms.fields.username')), { target: { value: 'a-b' } });
  fireEvent.click(within(dialog).getByRole('button', { name: t('users:forms.save') }));
  expect(await within(dialog).findByText(t('validation:usernameFormat'))).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText(t('users:forms.fields.username')), { target: { value: 'ÇİĞDEM_1' } });
  fireEvent.click(within(dialog).getByRole('button', { name: t('users:forms.save') }));
  await waitFor(() => expect(within(dialog).queryByText(t('validation:usernameFormat'))).toBeNull());
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
});
