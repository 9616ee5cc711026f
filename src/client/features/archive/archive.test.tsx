import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { API, type ArchiveLineDto, type LineArchiveDto } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { line, LOOKUPS } from '../../../../test/orders-screen';
import { saveFile } from '../../components/excel';
import { openSheetWriter } from '../../components/sheetWriter';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { ArchiveLink } from './ArchiveLink';
import ArchiveScreen from './ArchiveScreen';
import { archiveQuery, NEWEST_FIRST, NO_FILTERS, toggledOrder } from './query';

/* jsdom has no Worker: the export writes on this thread; the file is only handed to saveFile. */
jest.mock('../../components/excel', () => ({ ...jest.requireActual('../../components/excel'), saveFile: jest.fn() }));
jest.mock('../../components/sheetWriter', () => {
  const actual = jest.requireActual('../../components/sheetWriter');
  return { ...actual, openSheetWriter: jest.fn(actual.openSheetWriter) };
});

const archived = (id: number, patch: Partial<ArchiveLineDto> = {}): ArchiveLineDto => ({ ...line(id), closed_at: null, ...patch });
const page = (orders: ArchiveLineDto[], next: string | null = null): LineArchiveDto => ({ orders, has_more: next !== null, next });

const MASTER: Record<string, unknown> = {
  ...LOOKUPS,
  [API.b2bCustomers]: { customers: [{ id: 1, name: 'Alıcı' }, { id: 2, name: 'Başka Alıcı' }] },
  [API.workshops]: { workshops: [{ id: 4, name: 'Usta' }] },
  [API.products]: { products: [{ id: 9, title: 'Yüzük' }] },
};

/** Opens the archive of `role`; `pages` answers the archive's requests by their query (URLSearchParams). */
function open(role: number, path: string, pages: (query: URLSearchParams) => [number, unknown]) {
  storeLogin(role, 'role');
  const calls = mockFetch((_method, url) => {
    const [route, query] = url.split('?');
    return route === API.lineArchive ? pages(new URLSearchParams(query)) : [200, MASTER[route] ?? {}];
  });
  const view = renderApp(
    <Routes>
      <Route path={path} element={<ArchiveScreen />} />
      <Route path="/customer/orders/:id" element={<p>detail</p>} />
    </Routes>,
    path,
  );
  const archiveCalls = () => calls.filter((c) => c.url.startsWith(API.lineArchive)).map((c) => new URLSearchParams(c.url.split('?')[1]));
  return { ...view, archiveCalls };
}

const bodyRows = (t: (key: string) => string) => within(screen.getByRole('table', { name: t('archive:results') })).getAllByRole('row').slice(1);

beforeEach(() => jest.mocked(saveFile).mockClear());

test('the query: typed days become their instants in the office zone, empty fields ask nothing, a header sorts', () => {
  expect(archiveQuery(NO_FILTERS, NEWEST_FIRST, 'Europe/Istanbul')).toBe('sort=created_at&dir=desc');
  const query = new URLSearchParams(
    archiveQuery({ date: 'closed', from: '2026-11-01', to: '2026-11-02', customerId: 3, workshopId: 4, statusId: 5, productId: 6, q: ' B2B-1 ' }, { sort: 'order_number', dir: 'asc' }, 'Europe/Istanbul'),
  );
  expect(Object.fromEntries(query)).toEqual({
    from: '2026-10-31T21:00:00.000Z',
    to: '2026-11-02T20:59:59.999Z',
    date: 'closed',
    customer_id: '3',
    workshop_id: '4',
    product_id: '6',
    status_id: '5',
    q: 'B2B-1',
    sort: 'order_number',
    dir: 'asc',
  });
  expect(toggledOrder(NEWEST_FIRST, 'created_at')).toEqual({ sort: 'created_at', dir: 'asc' });
  expect(toggledOrder({ sort: 'created_at', dir: 'asc' }, 'closed_at')).toEqual({ sort: 'closed_at', dir: 'desc' });
});

test("the office's form asks the server with its filters and search; the results are the archive's own, not the everyday lines", async () => {
  const { t, store, archiveCalls } = open(Role.Office, '/office/archive', (query) => [200, page(query.get('q') === 'B2B-000007' ? [archived(7, { canceled_at: '2026-11-01T09:00:00.000Z', closed_at: '2026-11-01T09:00:00.000Z' })] : [archived(1)])]);
  await screen.findByRole('table', { name: t('archive:results') });
  fireEvent.change(screen.getByLabelText(t('archive:filters.search')), { target: { value: 'B2B-000007' } });
  await screen.findByRole('option', { name: 'Başka Alıcı' });
  fireEvent.change(screen.getByLabelText(t('archive:filters.customer')), { target: { value: '2' } });
  fireEvent.change(screen.getByLabelText(t('archive:filters.workshop')), { target: { value: '4' } });
  fireEvent.change(screen.getByLabelText(t('archive:filters.status')), { target: { value: '3' } });
  fireEvent.change(screen.getByLabelText(t('archive:filters.date')), { target: { value: 'closed' } });
  fireEvent.change(screen.getByLabelText(t('archive:filters.from')), { target: { value: '2026-11-01' } });
  fireEvent.click(screen.getByRole('button', { name: t('archive:search') }));
  await waitFor(() => expect(bodyRows(t)[0]).toHaveTextContent('B2B-000007'));
  expect(Object.fromEntries(archiveCalls().at(-1)!)).toEqual({
    from: '2026-10-31T21:00:00.000Z',
    date: 'closed',
    customer_id: '2',
    workshop_id: '4',
    status_id: '3',
    q: 'B2B-000007',
    sort: 'created_at',
    dir: 'desc',
  });
  expect(bodyRows(t)[0]).toHaveTextContent(t('common:lineStatus.canceled'));
  expect(store.getState().orderLines.ids).toEqual([]);
});

test("'Daha fazla' reads the page after the last one and adds it; the last page offers no more", async () => {
  const { t, archiveCalls } = open(Role.Admin, '/admin/archive', (query) => [200, query.get('after') === 'p2' ? page([archived(3)]) : page([archived(1), archived(2)], 'p2')]);
  await screen.findByRole('table', { name: t('archive:results') });
  expect(bodyRows(t)).toHaveLength(2);
  fireEvent.click(screen.getByRole('button', { name: t('archive:more') }));
  await waitFor(() => expect(bodyRows(t)).toHaveLength(3));
  expect(archiveCalls().at(-1)!.get('after')).toBe('p2');
  expect(screen.queryByRole('button', { name: t('archive:more') })).not.toBeInTheDocument();
});

test('a column header sorts on the server, newest first, then the other way; aria-sort tells', async () => {
  const { t, archiveCalls } = open(Role.Admin, '/admin/archive', () => [200, page([archived(1)])]);
  await screen.findByRole('table', { name: t('archive:results') });
  const header = () => screen.getByRole('columnheader', { name: t('archive:columns.order_number') });
  expect(screen.getByRole('columnheader', { name: t('archive:columns.created_at') })).toHaveAttribute('aria-sort', 'descending');
  expect(header()).toHaveAttribute('aria-sort', 'none');
  fireEvent.click(within(header()).getByRole('button'));
  await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'descending'));
  expect(archiveCalls().at(-1)!.get('sort')).toBe('order_number');
  expect(archiveCalls().at(-1)!.get('dir')).toBe('desc');
  fireEvent.click(within(header()).getByRole('button'));
  await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'ascending'));
  expect(archiveCalls().at(-1)!.get('dir')).toBe('asc');
});

test("a refused query shows the server's sentence under the form; nothing found says so", async () => {
  const refusal = { error: 'Arama metni en çok 100 karakter olmalıdır.', code: 'VALIDATION', message: { key: 'validation:archiveSearchInvalid' } };
  const { t } = open(Role.Admin, '/admin/archive', (query) => (query.get('q') ? [400, refusal] : [200, page([])]));
  expect(await screen.findByText(t('archive:empty'))).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText(t('archive:filters.search')), { target: { value: 'x' } });
  fireEvent.click(screen.getByRole('button', { name: t('archive:search') }));
  expect(await screen.findByRole('alert')).toHaveTextContent(t('validation:archiveSearchInvalid'));
});

test("a customer's lines lead to the customer's line screen; no customer or workshop picker", async () => {
  const { t } = open(Role.Customer, '/customer/archive', () => [200, page([archived(5)])]);
  await screen.findByRole('table', { name: t('archive:results') });
  expect(screen.queryByLabelText(t('archive:filters.customer'))).not.toBeInTheDocument();
  expect(screen.queryByLabelText(t('archive:filters.workshop'))).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('link', { name: /B2B-000005/ }));
  expect(await screen.findByText('detail')).toBeInTheDocument();
});

test('the export reads every page of the query, the largest the server gives, until there is no more, and writes them all', async () => {
  const pages: Record<string, LineArchiveDto> = {
    '': page([archived(1), archived(2)], 'a'),
    a: page([archived(3)], 'b'),
    b: page([archived(4)]),
  };
  const { t, archiveCalls } = open(Role.Admin, '/admin/archive', (query) => [200, query.get('limit') ? pages[query.get('after') ?? ''] : page([archived(1)])]);
  await screen.findByRole('table', { name: t('archive:results') });
  fireEvent.click(screen.getByRole('button', { name: t('archive:export.button') }));
  await waitFor(() => expect(saveFile).toHaveBeenCalled());
  const exported = archiveCalls().filter((query) => query.get('limit'));
  expect(exported.map((query) => query.get('after'))).toEqual([null, 'a', 'b']);
  expect(exported.every((query) => query.get('limit') === '500')).toBe(true);
  expect(jest.mocked(saveFile).mock.calls[0][1]).toMatch(/^arsiv_\d{4}-\d{2}-\d{2}\.xlsx$/);
});

test('the export writes each page as it arrives: the first page is in the sheet before the next one is answered', async () => {
  const written: number[][] = [];
  jest.mocked(openSheetWriter).mockImplementationOnce(async () => ({
    write: async (rows) => void written.push(rows.map((row) => Number(String(row[0]).slice(-1)))),
    written: () => written.flat().length,
    finish: async () => new Blob(['xlsx']),
    close: () => undefined,
  }));
  const { t } = open(Role.Admin, '/admin/archive', (query) =>
    [200, !query.get('limit') ? page([archived(1)]) : query.get('after') === 'a' ? page([archived(3), archived(4)]) : page([archived(1), archived(2)], 'a')],
  );
  const answered = globalThis.fetch;
  let release: () => void = () => undefined;
  // The export's second page waits until the test lets it through.
  globalThis.fetch = jest.fn((url: string | URL | Request, init?: RequestInit) =>
    String(url).includes('after=a') ? new Promise<Response>((resolve) => (release = () => resolve(answered(url, init) as unknown as Response))) : answered(url, init),
  ) as typeof fetch;
  await screen.findByRole('table', { name: t('archive:results') });
  fireEvent.click(screen.getByRole('button', { name: t('archive:export.button') }));
  // Written while the next page is still on its way (a read-all-then-write export would wait for it).
  await waitFor(() => expect(written.flat()).toEqual([1, 2]));
  expect(jest.mocked(globalThis.fetch).mock.calls.some(([url]) => String(url).includes('after=a'))).toBe(true);
  expect(screen.getByRole('status')).toHaveTextContent(t('common:export.rows', { rows: 2 }));
  expect(saveFile).not.toHaveBeenCalled();
  release();
  await waitFor(() => expect(saveFile).toHaveBeenCalled());
  expect(written.flat()).toEqual([1, 2, 3, 4]);
});

test("the office's rows open the line's history over the archive", async () => {
  const { t, archiveCalls } = open(Role.Office, '/office/archive', () => [200, page([archived(6)])]);
  await screen.findByRole('table', { name: t('archive:results') });
  fireEvent.click(screen.getByRole('button', { name: t('archive:history', { order: 'B2B-000006', id: 6 }) }));
  expect(await screen.findByRole('dialog', { name: t('archive:historyTitle', { order: 'B2B-000006', id: 6 }) })).toBeInTheDocument();
  expect(archiveCalls()).toHaveLength(1);
});

test.each([
  [Role.Admin, '/admin/archive'],
  [Role.Office, '/office/archive'],
  [Role.Workshop, '/workshop/archive'],
  [Role.Customer, '/customer/archive'],
])("role %i's lists link to its archive at %s", (role, path) => {
  storeLogin(role, 'role');
  mockFetch(() => [200, {}]);
  const { t } = renderApp(<ArchiveLink />);
  expect(screen.getByRole('link', { name: t('archive:link') })).toHaveAttribute('href', path);
});

test('an export stopped while its pages are read asks for no more pages and writes nothing', async () => {
  let release: () => void = () => undefined;
  const { t, archiveCalls } = open(Role.Admin, '/admin/archive', (query) => [200, page([archived(1)], query.get('limit') ? 'a' : null)]);
  const answered = globalThis.fetch;
  // The export's second page waits until the test lets it through, after the stop.
  globalThis.fetch = jest.fn((url: string | URL | Request, init?: RequestInit) =>
    String(url).includes('after=a') ? new Promise<Response>((resolve) => (release = () => resolve(answered(url, init) as unknown as Response))) : answered(url, init),
  ) as typeof fetch;
  await screen.findByRole('table', { name: t('archive:results') });
  fireEvent.click(screen.getByRole('button', { name: t('archive:export.button') }));
  fireEvent.click(await screen.findByRole('button', { name: t('common:export.cancel') }));
  await waitFor(() => expect(screen.getByRole('button', { name: t('archive:export.button') })).toBeEnabled());
  release();
  const asked = archiveCalls().map((query) => query.get('after'));
  expect(asked).toEqual([null, null, 'a']);
  expect(saveFile).not.toHaveBeenCalled();
});
