import { fireEvent, screen, within } from '@testing-library/react';
import { API } from '../../../shared/api';
import { resetRefreshState } from '../../api/http';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import UserRolesScreen from './UserRolesScreen';

const ROLES = [
  { id: 1, role_name: 'Pasif Kullanıcı' },
  { id: 2, role_name: 'Yönetici' },
  { id: 3, role_name: 'Atölye' },
];
const USERS = [{ id: 9, username: 'usta', email: 'usta@example.com', role: 1, role_name: 'Pasif Kullanıcı', status: 'inactive', created_at: '2026-11-23T08:00:00.000Z' }];

beforeEach(() => {
  sessionStorage.clear();
  resetRefreshState();
  storeLogin(2);
});

test('the assign button is enabled only while the chosen role differs, and a success updates the row', async () => {
  const calls = mockFetch((_method, url) => {
    if (url === API.users) return [200, { users: USERS }];
    if (url === API.roles) return [200, { roles: ROLES }];
    return [200, { message: 'Rol başarıyla atandı!' }];
  });
  const { t } = renderApp(<UserRolesScreen />, '/admin/user-roles');
  const select = await screen.findByLabelText(t('users:roleFor', { username: 'usta' }));
  const row = select.closest('tr')!;
  const assign = within(row).getByRole('button', { name: t('users:assign') });
  expect(assign).toBeDisabled();
  fireEvent.change(select, { target: { value: '3' } });
  expect(assign).toBeEnabled();
  fireEvent.change(select, { target: { value: '1' } });
  expect(assign).toBeDisabled();
  fireEvent.change(select, { target: { value: '3' } });
  fireEvent.click(assign);
  expect(await screen.findByText('Rol başarıyla atandı!')).toBeInTheDocument();
  expect(calls.at(-1)).toMatchObject({ method: 'POST', url: API.changeUserRoles, body: [{ ID: 9, Role: 3 }] });
  expect(within(row).getByText('Atölye', { selector: 'td' })).toBeInTheDocument();
  expect(assign).toBeDisabled();
});

test('a failed assignment shows the server sentence, else the fallback', async () => {
  mockFetch((method, url) => {
    if (url === API.users) return [200, { users: USERS }];
    if (url === API.roles) return [200, { roles: ROLES }];
    return method === 'POST' ? [500, null] : [404, null];
  });
  const { t } = renderApp(<UserRolesScreen />, '/admin/user-roles');
  const select = await screen.findByLabelText(t('users:roleFor', { username: 'usta' }));
  fireEvent.change(select, { target: { value: '2' } });
  fireEvent.click(within(select.closest('tr')!).getByRole('button', { name: t('users:assign') }));
  expect(await screen.findByText('Rol atanamadı.')).toBeInTheDocument();
});

test('a failed load shows the spec sentence', async () => {
  mockFetch(() => [500, null]);
  renderApp(<UserRolesScreen />, '/admin/user-roles');
  expect(await screen.findByText('Kullanıcılar veya roller alınamadı.')).toBeInTheDocument();
});
