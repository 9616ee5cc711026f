import { fireEvent, screen, within } from '@testing-library/react';
import { API } from '../../../shared/api';
import { kindsFor, NOTIFICATIONS_PAGE } from '../../../shared/notifications';
import { Role } from '../../../shared/roles';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { AppRoutes } from '../../app/router';
import NotificationPreferences from './NotificationPreferences';

const CUSTOMER = { preferences: { order_received: 'app', line_shipped: 'email', order_canceled: 'email' } };

const group = (t: (key: string) => string, kind: string) => screen.getByRole('group', { name: t(`notifications:preferences.kinds.${kind}.name`) });
const radio = (t: (key: string) => string, kind: string, channel: string) => within(group(t, kind)).getByRole('radio', { name: t(`notifications:preferences.channels.${channel}`) });

test.each([Role.Admin, Role.Office, Role.Workshop, Role.Customer])('role %i sees the kinds it may be told of, each with its explanation and its channel', async (role) => {
  storeLogin(role, 'Rol');
  const kinds = kindsFor(role);
  mockFetch((_method, url) => (url === API.notificationPreferences ? [200, { preferences: Object.fromEntries(kinds.map((kind) => [kind, 'digest'])) }] : [404, {}]));
  const { t } = renderApp(<NotificationPreferences />);
  expect(screen.getByRole('status')).toHaveTextContent(t('notifications:preferences.loading'));
  await screen.findByRole('group', { name: t(`notifications:preferences.kinds.${kinds[0]}.name`) });
  expect(screen.getAllByRole('group').map((fieldset) => fieldset.getAttribute('data-kind'))).toEqual(kinds);
  for (const kind of kinds) {
    expect(group(t, kind)).toHaveAccessibleDescription(t(`notifications:preferences.kinds.${kind}.hint`));
    expect(radio(t, kind, 'digest')).toBeChecked();
  }
});

test('a change is saved with the server and shown as saved', async () => {
  storeLogin(Role.Customer, 'Müşteri');
  const calls = mockFetch((method, url, body) => {
    if (url !== API.notificationPreferences) return [404, {}];
    if (method === 'PUT') return [200, { preferences: { ...CUSTOMER.preferences, ...(body as typeof CUSTOMER).preferences } }];
    return [200, CUSTOMER];
  });
  const { t } = renderApp(<NotificationPreferences />);
  await screen.findByRole('group', { name: t('notifications:preferences.kinds.line_shipped.name') });
  expect(radio(t, 'line_shipped', 'email')).toBeChecked();
  const save = screen.getByRole('button', { name: t('notifications:preferences.save') });
  expect(save).toBeDisabled();

  fireEvent.click(radio(t, 'line_shipped', 'off'));
  expect(radio(t, 'line_shipped', 'off')).toBeChecked();
  fireEvent.click(save);
  // While the server answers, the choices and the button wait.
  expect(screen.getByRole('button', { name: t('notifications:preferences.saving') })).toBeDisabled();
  expect(radio(t, 'order_received', 'off')).toBeDisabled();
  expect(await screen.findByRole('status')).toHaveTextContent(t('notifications:preferences.saved'));
  expect(calls.filter((c) => c.method === 'PUT')).toEqual([expect.objectContaining({ url: API.notificationPreferences, body: { preferences: { line_shipped: 'off' } } })]);
  expect(radio(t, 'line_shipped', 'off')).toBeChecked();
  expect(radio(t, 'order_canceled', 'email')).toBeChecked();
  expect(screen.getByRole('button', { name: t('notifications:preferences.save') })).toBeDisabled();
});

test('a refused save says so and shows the choice kept', async () => {
  storeLogin(Role.Customer, 'Müşteri');
  mockFetch((method, url) => (url !== API.notificationPreferences ? [404, {}] : method === 'PUT' ? [500, {}] : [200, CUSTOMER]));
  const { t } = renderApp(<NotificationPreferences />);
  await screen.findByRole('group', { name: t('notifications:preferences.kinds.order_received.name') });
  fireEvent.click(radio(t, 'order_received', 'email'));
  fireEvent.click(screen.getByRole('button', { name: t('notifications:preferences.save') }));
  expect(await screen.findByRole('alert')).toHaveTextContent(t('notifications:preferences.saveFailed'));
  expect(radio(t, 'order_received', 'app')).toBeChecked();
  expect(radio(t, 'order_received', 'email')).not.toBeChecked();
  expect(screen.queryByText(t('notifications:preferences.saved'))).not.toBeInTheDocument();
});

test('a failed read with its retry', async () => {
  storeLogin(Role.Customer, 'Müşteri');
  let answer: [number, unknown] = [500, {}];
  mockFetch((_method, url) => (url === API.notificationPreferences ? answer : [404, {}]));
  const { t } = renderApp(<NotificationPreferences />);
  expect(await screen.findByRole('alert')).toHaveTextContent(t('notifications:preferences.failed'));
  answer = [200, CUSTOMER];
  fireEvent.click(screen.getByRole('button', { name: t('notifications:retry') }));
  expect(await screen.findByRole('group', { name: t('notifications:preferences.kinds.line_shipped.name') })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test.each([
  [Role.Admin, '/admin/notifications'],
  [Role.Office, '/office/notifications'],
  [Role.Workshop, '/workshop/notifications'],
  [Role.Customer, '/customer/notifications'],
])("the bell's panel of role %i opens its settings at %s", async (role, path) => {
  storeLogin(role, 'Rol');
  const me = { user: { id: 7, username: 'ali', email: 'ali@example.com', role, role_name: 'Rol', status: 'active', created_at: '2026-11-23T08:00:00.000Z' } };
  mockFetch((_method, url) => {
    if (url === API.me) return [200, me];
    if (url === `${API.notifications}?limit=${NOTIFICATIONS_PAGE}`) return [200, { notifications: [], unread: 0 }];
    if (url === API.notificationPreferences) return [200, { preferences: {} }];
    return [200, {}];
  });
  const { t } = renderApp(<AppRoutes />, '/dashboard');
  fireEvent.click(await screen.findByRole('button', { name: t('notifications:bell') }));
  const link = within(screen.getByRole('dialog', { name: t('notifications:title') })).getByRole('link', { name: t('notifications:preferences.link') });
  expect(link).toHaveAttribute('href', path);
  fireEvent.click(link);
  expect(await screen.findByRole('heading', { name: t('notifications:preferences.title') })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
