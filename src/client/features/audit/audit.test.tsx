import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { API, type AuditEntryDto, type UserDto } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { jsonResponse, mockFetch, renderApp, storeLogin } from '../../test-utils';
import { formatMoney } from '../../../shared/money';
import { AuditChange } from './AuditChange';
import AuditLogScreen from './AuditLogScreen';

const AT = '2026-11-20T09:00:00.000Z';
const SETTINGS = { settings: { system_email: 'a@b.c', phone: '1', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10 } };
const USERS: UserDto[] = [
  { id: 7, username: 'admin', email: 'a@example.com', role: 2, role_name: 'Admin', status: 'active', language: null, created_at: AT },
  { id: 9, username: 'mudur', email: 'm@example.com', role: 2, role_name: 'Admin', status: 'active', language: null, created_at: AT },
];
const CREDIT: AuditEntryDto = { id: 3, user_id: 7, username: 'admin', kind: 'customer_credit', entity_id: 4, before: { credit: 1000 }, after: { credit: 2500.5 }, created_at: AT };
const STORE: AuditEntryDto = {
  id: 2,
  user_id: 9,
  username: 'mudur',
  kind: 'shop_store',
  entity_id: 1,
  before: null,
  after: { user_id: 21, shop_name: 'Kaya Mağaza', shop_domain: null, api_key: 'set', api_secret: 'set', access_token: 'set' },
  created_at: AT,
};
const ROLE: AuditEntryDto = {
  id: 1,
  user_id: 7,
  username: 'admin',
  kind: 'user_role',
  entity_id: 21,
  before: { role_id: 1, role_name: 'Pasif' },
  after: { role_id: 5, role_name: 'B2B Müşteri' },
  created_at: AT,
};

const auditCalls = (calls: Array<{ url: string }>) => calls.filter((c) => c.url.startsWith(API.auditLog)).map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));

function renderScreen() {
  return renderApp(
    <Routes>
      <Route path="/admin/audit-log" element={<AuditLogScreen />} />
    </Routes>,
    '/admin/audit-log',
  );
}

beforeEach(() => storeLogin(Role.Admin, 'Admin'));

test('loading first, then each change readably: when, who, what, which record, before → after, secrets only as given', async () => {
  let answer: (response: Response) => void = () => undefined;
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
    const path = String(url);
    if (path.startsWith(API.auditLog)) return new Promise<Response>((resolve) => (answer = resolve));
    if (path === API.users) return jsonResponse(200, { users: USERS });
    if (path === API.generalSettings) return jsonResponse(200, SETTINGS);
    return jsonResponse(200, {});
  }) as typeof fetch;
  const { t } = renderScreen();
  expect(screen.getByRole('status')).toHaveTextContent(t('common:loading'));

  answer(jsonResponse(200, { audit_log: [CREDIT, STORE, ROLE], total: 3 }));
  const table = await screen.findByRole('table', { name: t('audit:title') });
  expect(screen.queryByText(t('common:loading'))).not.toBeInTheDocument();
  const [credit, store, role] = within(table).getAllByRole('row').slice(1);
  expect(within(credit).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
    expect.stringContaining('2026'),
    'admin',
    t('audit:kinds.customer_credit'),
    t('audit:entities.customer', { id: 4 }),
    expect.stringMatching(/Kredi: ₺?1\.000,00.* → ₺?2\.500,50/),
  ]);
  expect(store).toHaveTextContent(`${t('audit:fields.api_secret')}: ${t('audit:values.set')}`);
  expect(store).toHaveTextContent(`${t('audit:fields.shop_name')}: Kaya Mağaza`);
  // The role is shown by name; its id beside the name is left out.
  expect(within(role).getByRole('listitem')).toHaveTextContent(`${t('audit:fields.role_name')}: Pasif → B2B Müşteri`);
  expect(screen.getByText(t('audit:range', { first: 1, last: 3, total: 3 }))).toBeInTheDocument();
  expect(screen.getByRole('button', { name: t('common:pager.next') })).toBeDisabled();
});

test('a filter sends its query (days as the office day bounds), and paging moves by a page with its counts', async () => {
  const page = (offset: number) => Array.from({ length: offset === 0 ? 50 : 10 }, (_, i) => ({ ...CREDIT, id: 1000 - offset - i }));
  const calls = mockFetch((_method, url) => {
    if (url.startsWith(API.auditLog)) return [200, { audit_log: page(Number(new URL(url, 'http://x').searchParams.get('offset') ?? 0)), total: 60 }];
    if (url === API.users) return [200, { users: USERS }];
    if (url === API.generalSettings) return [200, SETTINGS];
    return [200, {}];
  });
  const { t, store } = renderScreen();
  expect(await screen.findByText(t('audit:range', { first: 1, last: 50, total: 60 }))).toBeInTheDocument();
  expect(auditCalls(calls)).toEqual([{ limit: '50' }]);
  await waitFor(() => expect(store.getState().settings.general).not.toBeNull());
  expect(await screen.findByRole('option', { name: 'mudur' })).toBeInTheDocument();

  fireEvent.change(screen.getByLabelText(t('audit:filters.kind')), { target: { value: 'customer_credit' } });
  fireEvent.change(screen.getByLabelText(t('audit:filters.user')), { target: { value: '9' } });
  // An id is a whole number: a fraction is refused beside the field and filters nothing.
  fireEvent.change(screen.getByLabelText(t('audit:filters.entityId')), { target: { value: '4,5' } });
  expect(screen.getByRole('alert')).toHaveTextContent(t('validation:numberNotWhole'));
  fireEvent.click(screen.getByRole('button', { name: t('audit:filters.apply') }));
  expect(auditCalls(calls)).toEqual([{ limit: '50' }]);
  fireEvent.change(screen.getByLabelText(t('audit:filters.entityId')), { target: { value: '4' } });
  fireEvent.change(screen.getByLabelText(t('audit:filters.from')), { target: { value: '2026-11-20' } });
  fireEvent.change(screen.getByLabelText(t('audit:filters.to')), { target: { value: '2026-11-21' } });
  fireEvent.click(screen.getByRole('button', { name: t('audit:filters.apply') }));
  const filtered = { kind: 'customer_credit', user_id: '9', entity_id: '4', from: '2026-11-19T21:00:00.000Z', to: '2026-11-21T20:59:59.999Z', limit: '50' };
  await waitFor(() => expect(auditCalls(calls).at(-1)).toEqual(filtered));

  await screen.findByText(t('audit:range', { first: 1, last: 50, total: 60 }));
  fireEvent.click(screen.getByRole('button', { name: t('common:pager.next') }));
  expect(await screen.findByText(t('audit:range', { first: 51, last: 60, total: 60 }))).toBeInTheDocument();
  expect(auditCalls(calls).at(-1)).toEqual({ ...filtered, offset: '50' });
  expect(screen.getByRole('button', { name: t('common:pager.next') })).toBeDisabled();
  fireEvent.click(screen.getByRole('button', { name: t('common:pager.previous') }));
  expect(await screen.findByText(t('audit:range', { first: 1, last: 50, total: 60 }))).toBeInTheDocument();
  expect(auditCalls(calls).at(-1)).toEqual(filtered);

  fireEvent.click(screen.getByRole('button', { name: t('audit:filters.clear') }));
  await waitFor(() => expect(auditCalls(calls).at(-1)).toEqual({ limit: '50' }));
  expect(screen.getByLabelText(t('audit:filters.kind'))).toHaveValue('');
});

test('no matching change: the empty sentence, no table; a refused read: the server sentence', async () => {
  let refuse = false;
  mockFetch((_method, url) => {
    if (url.startsWith(API.auditLog)) return refuse ? [400, { error: 'Geçersiz istek.', code: 'VALIDATION' }] : [200, { audit_log: [], total: 0 }];
    if (url === API.users) return [200, { users: USERS }];
    if (url === API.generalSettings) return [200, SETTINGS];
    return [200, {}];
  });
  const { t } = renderScreen();
  expect(await screen.findByText(t('audit:empty'))).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();

  refuse = true;
  fireEvent.click(screen.getByRole('button', { name: t('audit:filters.apply') }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Geçersiz istek.');
  expect(screen.queryByText(t('audit:empty'))).not.toBeInTheDocument();
});

test('an amount of an entry shows in the currency the entry records, which is not repeated while it stays the same', async () => {
  const entry: AuditEntryDto = { ...CREDIT, before: { credit: 1000, credit_currency: 'USD' }, after: { credit: 2500.5, credit_currency: 'USD' } };
  const names = { status: new Map(), step: new Map(), qualityControl: new Map() };
  const { t } = renderApp(<AuditChange entry={entry} fmt={{ money: (value, currency) => formatMoney(value, currency, 'tr'), number: String, gram: String, date: String }} names={names} />);
  const item = await screen.findByRole('listitem');
  expect(item).toHaveTextContent(`${t('audit:fields.credit')}: $1.000,00 → $2.500,50`);
  expect(screen.getAllByRole('listitem')).toHaveLength(1);
});

/* An order line's corrections: a rejection by the admin, a workshop's re-weighing, the shop's cancellation (no user). */
const REJECTED: AuditEntryDto = {
  id: 12,
  user_id: 7,
  username: 'admin',
  kind: 'line_quality',
  entity_id: 41,
  before: { order_line_status_id: 3, current_order_line_process: 6, quality_control_id: null },
  after: { order_line_status_id: 2, current_order_line_process: 5, quality_control_id: 2, reason: 'Taş düştü' },
  created_at: AT,
};
const REWEIGHED: AuditEntryDto = { id: 11, user_id: 8, username: 'usta', kind: 'line_gram', entity_id: 41, before: { product_gram: 4.9 }, after: { product_gram: 5.1 }, created_at: AT };
const SHOP_CANCEL: AuditEntryDto = { id: 10, user_id: null, username: null, kind: 'line_cancel', entity_id: 42, before: {}, after: { reason: 'customer' }, created_at: AT };
const LINE_LOOKUPS: Record<string, unknown> = {
  [API.statuses]: { statuses: [{ id: 2, name: 'Üretimde' }, { id: 3, name: 'Kalite Kontrol' }] },
  [API.productionSteps]: { production_steps: [{ id: 5, step_name: 'Döküm' }, { id: 6, step_name: 'Cila' }] },
  [API.qualityControlStatuses]: { quality_control_statuses: [{ id: 1, name: 'Onaylandı' }, { id: 2, name: 'Reddedildi' }] },
};

test("an order line's corrections: the kinds to filter by, the line, the names behind its ids, the gram, the reason, and the system for the shop", async () => {
  const calls = mockFetch((_method, url) => {
    if (url.startsWith(API.auditLog)) return [200, { audit_log: [REJECTED, REWEIGHED, SHOP_CANCEL], total: 3 }];
    if (url === API.users) return [200, { users: USERS }];
    if (url === API.generalSettings) return [200, SETTINGS];
    return [200, LINE_LOOKUPS[url] ?? {}];
  });
  const { t } = renderScreen();
  const kinds = within(screen.getByLabelText(t('audit:filters.kind'))).getAllByRole('option').map((option) => (option as HTMLOptionElement).value);
  expect(kinds).toEqual(expect.arrayContaining(['line_gram', 'line_quality', 'line_step_back', 'line_cancel']));

  const table = await screen.findByRole('table', { name: t('audit:title') });
  const [rejected, reweighed, canceled] = within(table).getAllByRole('row').slice(1);
  expect(within(rejected).getAllByRole('cell').slice(1, 4).map((cell) => cell.textContent)).toEqual(['admin', t('audit:kinds.line_quality'), t('audit:entities.order_line', { id: 41 })]);
  // The steps' names arrive with the lookups.
  await waitFor(() => expect(within(rejected).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    `${t('audit:fields.order_line_status_id')}: Kalite Kontrol → Üretimde`,
    `${t('audit:fields.current_order_line_process')}: Cila → Döküm`,
    `${t('audit:fields.quality_control_id')}: - → Reddedildi`,
    `${t('audit:fields.reason')}: Taş düştü`,
  ]));
  expect(within(reweighed).getByRole('listitem')).toHaveTextContent(`${t('audit:fields.product_gram')}: 4,9 g → 5,1 g`);
  expect(within(canceled).getAllByRole('cell').slice(1, 4).map((cell) => cell.textContent)).toEqual([t('common:system'), t('audit:kinds.line_cancel'), t('audit:entities.order_line', { id: 42 })]);
  expect(within(canceled).getByRole('listitem')).toHaveTextContent(`${t('audit:fields.reason')}: customer`);

  fireEvent.change(screen.getByLabelText(t('audit:filters.kind')), { target: { value: 'line_cancel' } });
  fireEvent.click(screen.getByRole('button', { name: t('audit:filters.apply') }));
  await waitFor(() => expect(auditCalls(calls).at(-1)).toEqual({ kind: 'line_cancel', limit: '50' }));
});
