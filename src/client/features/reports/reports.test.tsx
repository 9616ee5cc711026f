import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { API, type OrderReportDto } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { jsonResponse, mockFetch, renderApp, storeLogin } from '../../test-utils';
import { OrderReportPanel } from '.';

const REPORT: OrderReportDto = {
  lines_by_status: [
    { status_id: 1, name: 'Bekliyor', count: 12_345 },
    { status_id: 3, name: 'Kalite Kontrol', count: 2 },
  ],
  late: 3,
  canceled: 1,
  workshops: [
    { workshop_id: 5, workshop_name: 'Usta Kuyum', open: 5, late: 2 },
    { workshop_id: null, workshop_name: null, open: 1, late: 0 },
  ],
};
const EMPTY: OrderReportDto = { lines_by_status: [], late: 0, canceled: 0, workshops: [] };

/** The text of each body row's cells. */
const rows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
/** The figure shown beside a term of the facts. */
const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => storeLogin(Role.Admin, 'Admin'));

test("loading first, then the lines by status, the late and canceled ones, and each workshop's open and late lines", async () => {
  let answer: (response: Response) => void = () => undefined;
  globalThis.fetch = jest.fn(async (url: string | URL | Request) =>
    String(url) === API.orderReport ? new Promise<Response>((resolve) => (answer = resolve)) : jsonResponse(404, {}),
  ) as typeof fetch;
  const { t } = renderApp(<OrderReportPanel />);
  expect(screen.getByRole('heading', { name: t('dashboard:report.title') })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(t('common:loading'));
  expect(screen.queryByRole('table')).not.toBeInTheDocument();

  answer(jsonResponse(200, { report: REPORT }));
  await screen.findByRole('table', { name: t('dashboard:report.byStatus') });
  expect(screen.queryByText(t('common:loading'))).not.toBeInTheDocument();
  expect(rows(t('dashboard:report.byStatus'))).toEqual([
    // Counts in the reader's style: thousands grouped.
    ['Bekliyor', '12.345'],
    ['Kalite Kontrol', '2'],
  ]);
  expect(figure(t('dashboard:report.late'))).toBe('3');
  expect(figure(t('dashboard:report.canceled'))).toBe('1');
  // The lines no workshop has taken yet have a row of their own.
  expect(rows(t('dashboard:report.perWorkshop'))).toEqual([
    ['Usta Kuyum', '5', '2'],
    [t('dashboard:report.noWorkshop'), '1', '0'],
  ]);
});

test('an office without lines: empty tables and zeros; a refused read: the server sentence, else the screen one, and no figures', async () => {
  let read: [number, unknown] = [200, { report: EMPTY }];
  mockFetch((_method, url) => (url === API.orderReport ? read : [404, {}]));
  const { t, unmount } = renderApp(<OrderReportPanel />);
  await screen.findByRole('table', { name: t('dashboard:report.byStatus') });
  expect(rows(t('dashboard:report.byStatus'))).toEqual([]);
  expect(rows(t('dashboard:report.perWorkshop'))).toEqual([]);
  expect([figure(t('dashboard:report.late')), figure(t('dashboard:report.canceled'))]).toEqual(['0', '0']);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  unmount();

  read = [500, {}];
  const failed = renderApp(<OrderReportPanel />);
  expect(await screen.findByRole('alert')).toHaveTextContent(t('dashboard:report.failed'));
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.queryByText(t('common:loading'))).not.toBeInTheDocument();
  failed.unmount();

  read = [403, { error: 'Bu işlem için yetkiniz yok.', code: 'FORBIDDEN' }];
  renderApp(<OrderReportPanel />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Bu işlem için yetkiniz yok.');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('the report is read anew each time it opens, and shows the new figures', async () => {
  let late = 3;
  const calls = mockFetch((_method, url) => (url === API.orderReport ? [200, { report: { ...REPORT, late } }] : [404, {}]));
  function Tab() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <button type="button" onClick={() => setOpen(!open)}>
          tab
        </button>
        {open && <OrderReportPanel />}
      </>
    );
  }
  const { t } = renderApp(<Tab />);
  await screen.findByRole('table', { name: t('dashboard:report.byStatus') });
  expect(figure(t('dashboard:report.late'))).toBe('3');

  late = 4;
  fireEvent.click(screen.getByRole('button', { name: 'tab' }));
  fireEvent.click(screen.getByRole('button', { name: 'tab' }));
  expect(await screen.findByText('4', { selector: 'dd' })).toBeInTheDocument();
  expect(calls.filter((call) => call.url === API.orderReport)).toHaveLength(2);
});
