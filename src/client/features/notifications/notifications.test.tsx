import { act, fireEvent, screen, within } from '@testing-library/react';
import { API, type NotificationDto } from '../../../shared/api';
import { NOTIFICATIONS_PAGE } from '../../../shared/notifications';
import { Role } from '../../../shared/roles';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { notificationsHeard } from '../live';
import { NotificationBell } from '.';

const LIST = `${API.notifications}?limit=${NOTIFICATIONS_PAGE}`;
const note = (id: number, over: Partial<NotificationDto> = {}): NotificationDto => ({
  id,
  kind: 'line_shipped',
  created_at: '2026-11-27T08:00:00.000Z',
  read_at: null,
  title: `Kargoya verildi: sipariş B2B-00000${id}`,
  body: `Takip numarası: TRK-${id}`,
  link: `/customer/orders/${id}`,
  ...over,
});

beforeEach(() => storeLogin(Role.Customer, 'Müşteri'));

const bell = () => screen.getByRole('button', { expanded: false });

test('the count from the server on the bell; its panel lists the newest first, each linking to what it is about', async () => {
  mockFetch((_method, url) => (url === LIST ? [200, { notifications: [note(2), note(1, { read_at: '2026-11-27T09:00:00.000Z', link: null })], unread: 1 }] : [404, {}]));
  const { t } = renderApp(<NotificationBell />);
  expect(await screen.findByRole('button', { name: t('notifications:bellUnread', { count: 1 }) })).toHaveAttribute('data-unread', '1');
  fireEvent.click(bell());
  const panel = screen.getByRole('dialog', { name: t('notifications:title') });
  const items = within(panel).getAllByRole('listitem');
  expect(items.map((item) => item.getAttribute('data-kind'))).toEqual(['line_shipped', 'line_shipped']);
  expect(within(items[0]).getByRole('link', { name: 'Kargoya verildi: sipariş B2B-000002' })).toHaveAttribute('href', '/customer/orders/2');
  expect(items[0]).toHaveTextContent('Takip numarası: TRK-2');
  // A read one offers no mark; one without a link is plain text.
  expect(within(items[1]).queryByRole('button')).not.toBeInTheDocument();
  expect(within(items[1]).queryByRole('link')).not.toBeInTheDocument();
});

test('the count rises live: a notifications event reads the list again', async () => {
  let unread = 0;
  let list: NotificationDto[] = [];
  mockFetch((_method, url) => (url === LIST ? [200, { notifications: list, unread }] : [404, {}]));
  const { t, store } = renderApp(<NotificationBell />);
  expect(await screen.findByRole('button', { name: t('notifications:bell') })).toHaveAttribute('data-unread', '0');
  fireEvent.click(bell());
  expect(await screen.findByText(t('notifications:empty'))).toBeInTheDocument();

  list = [note(3)];
  unread = 1;
  act(() => void store.dispatch(notificationsHeard()));
  expect(await screen.findByRole('button', { name: t('notifications:bellUnread', { count: 1 }) })).toHaveAttribute('data-unread', '1');
  expect(screen.getByRole('link', { name: note(3).title })).toBeInTheDocument();
});

test('one marked read at once, then all; the server is told each time', async () => {
  const calls = mockFetch((method, url) => {
    if (url === LIST) return [200, { notifications: [note(5), note(4)], unread: 2 }];
    if (method === 'PUT' && url === API.notificationRead(5)) return [200, { unread: 1 }];
    if (method === 'PUT' && url === API.notificationsReadAll) return [200, { marked: 1, unread: 0 }];
    return [404, {}];
  });
  const { t } = renderApp(<NotificationBell />);
  await screen.findByRole('button', { name: t('notifications:bellUnread', { count: 2 }) });
  fireEvent.click(bell());
  fireEvent.click(screen.getByRole('button', { name: `${t('notifications:markRead')}: ${note(5).title}` }));
  expect(await screen.findByRole('button', { name: t('notifications:bellUnread', { count: 1 }) })).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'PUT' && c.url === API.notificationRead(5))).toBe(true);

  fireEvent.click(screen.getByRole('button', { name: t('notifications:markAllRead') }));
  expect(await screen.findByRole('button', { name: t('notifications:bell') })).toHaveAttribute('data-unread', '0');
  expect(calls.some((c) => c.method === 'PUT' && c.url === API.notificationsReadAll)).toBe(true);
  expect(screen.queryByRole('button', { name: new RegExp(t('notifications:markRead')) })).not.toBeInTheDocument();
});

test('opening a notification marks it read and closes the panel', async () => {
  const calls = mockFetch((method, url) => (url === LIST ? [200, { notifications: [note(6)], unread: 1 }] : method === 'PUT' ? [200, { unread: 0 }] : [404, {}]));
  const { t } = renderApp(<NotificationBell />);
  await screen.findByRole('button', { name: t('notifications:bellUnread', { count: 1 }) });
  fireEvent.click(bell());
  fireEvent.click(screen.getByRole('link', { name: note(6).title }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(await screen.findByRole('button', { name: t('notifications:bell') })).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'PUT' && c.url === API.notificationRead(6))).toBe(true);
});

test('a failed read with its retry, and Escape closing the panel back to the bell', async () => {
  let answer: [number, unknown] = [500, {}];
  mockFetch((_method, url) => (url === LIST ? answer : [404, {}]));
  const { t } = renderApp(<NotificationBell />);
  fireEvent.click(bell());
  const panel = screen.getByRole('dialog', { name: t('notifications:title') });
  expect(panel).toHaveFocus();
  expect(await within(panel).findByRole('alert')).toHaveTextContent(t('notifications:failed'));

  answer = [200, { notifications: [], unread: 0 }];
  fireEvent.click(within(panel).getByRole('button', { name: t('notifications:retry') }));
  expect(await within(panel).findByText(t('notifications:empty'))).toBeInTheDocument();
  expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();

  fireEvent.keyDown(panel, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(bell()).toHaveFocus();
});

test('an inactive user has no bell', () => {
  storeLogin(Role.Inactive, 'Pasif');
  const calls = mockFetch(() => [404, {}]);
  renderApp(<NotificationBell />);
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
  expect(calls.filter((c) => c.url.startsWith(API.notifications))).toEqual([]);
});
