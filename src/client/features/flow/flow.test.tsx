import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type FlowStepDto } from '../../../shared/api';
import { dayBounds, dayIn } from '../../../shared/days';
import { Role } from '../../../shared/roles';
import { saveFile } from '../../components/excel';
import { keepWrittenRows, mockFetch, renderApp, storeLogin } from '../../test-utils';
import { liveVersionSeen } from '../live';
import FlowScreen from './FlowScreen';
import { FLOW_REREAD_MS } from './sagas';

/* jsdom draws no canvas: the chart stands for itself by what it is given. */
jest.mock('./FlowChart', () => ({
  __esModule: true,
  default: ({ title, bars }: { title: string; bars: Array<{ name: string; hours: number }> }) => (
    <ul aria-label={title}>
      {bars.map((bar) => (
        <li key={bar.name}>{`${bar.name}: ${bar.hours}`}</li>
      ))}
    </ul>
  ),
}));
/* The file itself is not written: what matters is which rows reach it. */
jest.mock('../../components/excel', () => ({ ...jest.requireActual('../../components/excel'), saveFile: jest.fn() }));
jest.mock('../../components/sheetWriter', () => ({ openSheetWriter: jest.fn() }));
const written = keepWrittenRows();
beforeEach(() => {
  storeLogin(Role.Admin, 'Admin');
});

const step = (row: Partial<FlowStepDto>): FlowStepDto => ({ workshop_id: 5, step_id: null, phase: 'waiting', step_name: null, pieces: 0, median_hours: null, p90_hours: null, waiting_now: 0, ...row });
const STEPS: FlowStepDto[] = [
  step({ workshop_id: null, phase: 'unassigned', pieces: 4, median_hours: 2, p90_hours: 5, waiting_now: 2 }),
  step({ phase: 'step', step_id: 12, step_name: 'Cila', pieces: 10, median_hours: 30.25, p90_hours: 70, waiting_now: 1_250 }),
  step({ phase: 'step', step_id: 11, step_name: 'Döküm', pieces: 3, median_hours: 4, p90_hours: 8, waiting_now: 0 }),
  step({ phase: 'waiting', pieces: 20, median_hours: 1.5, p90_hours: 3, waiting_now: 4 }),
  step({ workshop_id: 6, phase: 'quality_control', pieces: 6, median_hours: 12, p90_hours: 20, waiting_now: 1 }),
  step({ workshop_id: 6, phase: 'packing', pieces: 0, waiting_now: 3 }),
];
const WORKSHOPS = [
  { id: 5, name: 'Usta Kuyum' },
  { id: 6, name: 'Parlak Atölye' },
];

/** The text of each body row's cells (a row's header first). */
const rows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
const header = (name: string) => [...within(screen.getByRole('table', { name })).getAllByRole('columnheader')].map((cell) => cell.textContent);
const isFlow = (url: string) => url.startsWith(API.flowReport);

test('the board of pieces waiting now, the dwell table, the bottleneck in words and the chart, from the last 30 days', async () => {
  const calls = mockFetch((_method, url) => (isFlow(url) ? [200, { steps: STEPS }] : url === API.workshops ? [200, { workshops: WORKSHOPS }] : [200, {}]));
  const { t } = renderApp(<FlowScreen />, '/admin/flow');
  expect(screen.getByRole('status')).toHaveTextContent(t('common:loading'));
  const board = t('flow:board');
  await screen.findByRole('table', { name: board });

  // Places in the order a piece passes them, steps by id; step names as stored, phases from the catalogue.
  expect(header(board)).toEqual([t('flow:columns.workshop'), t('flow:phases.unassigned'), t('flow:phases.waiting'), 'Döküm', 'Cila', t('flow:phases.quality_control'), t('flow:phases.packing')]);
  await waitFor(() =>
    expect(rows(board)).toEqual([
      [t('flow:noWorkshop'), '2', '0', '0', '0', '0', '0'],
      ['Usta Kuyum', '0', '4', '0', '1.250', '0', '0'],
      ['Parlak Atölye', '0', '0', '0', '0', '1', '3'],
    ]),
  );

  // Every cell opens its pieces in the grid, filtered to its workshop and place.
  expect(within(screen.getByRole('table', { name: board })).getAllByRole('link')).toHaveLength(3 * 6);
  const cell = (count: string, workshop: string, place: string) => screen.getByRole('link', { name: t('flow:openInGrid', { count, workshop, place }) });
  expect(cell('2', t('flow:noWorkshop'), t('flow:phases.unassigned'))).toHaveAttribute('href', '/admin/orders?workshop=none&phase=unassigned');
  expect(cell('1.250', 'Usta Kuyum', 'Cila')).toHaveAttribute('href', '/admin/orders?workshop=5&phase=step&step=12');
  expect(cell('3', 'Parlak Atölye', t('flow:phases.packing'))).toHaveAttribute('href', '/admin/orders?workshop=6&phase=packing');

  // Longest median first; the packing place without a stay in the period has no dwell row.
  const dwell = t('flow:dwell');
  expect(rows(dwell)).toEqual([
    ['Usta Kuyum', 'Cila', '10', '30,3', '70,0', t('flow:bottleneckMark')],
    ['Parlak Atölye', t('flow:phases.quality_control'), '6', '12,0', '20,0', t('flow:bottleneckMark')],
    ['Usta Kuyum', 'Döküm', '3', '4,0', '8,0', ''],
    [t('flow:noWorkshop'), t('flow:phases.unassigned'), '4', '2,0', '5,0', ''],
    ['Usta Kuyum', t('flow:phases.waiting'), '20', '1,5', '3,0', t('flow:bottleneckMark')],
  ]);
  expect(within(screen.getByRole('table', { name: dwell })).getAllByRole('row')[1]).toHaveClass('bottleneck');
  // Median hours by pieces: Cila 302.5, quality control 72, waiting 30 (Döküm 12, unassigned 8).
  expect(screen.getByRole('note')).toHaveTextContent(`${t('flow:bottleneck', { places: 'Cila (Usta Kuyum), Kalite Kontrol (Parlak Atölye), Başlamayı bekliyor (Usta Kuyum)' })}`);

  fireEvent.click(screen.getByRole('button', { name: t('flow:columns.pieces') }));
  expect(rows(dwell).map((row) => row[2])).toEqual(['20', '10', '6', '4', '3']);
  fireEvent.click(screen.getByRole('button', { name: t('flow:columns.pieces') }));
  expect(rows(dwell).map((row) => row[2])).toEqual(['3', '4', '6', '10', '20']);

  expect(await screen.findByRole('list', { name: t('flow:chart') })).toHaveTextContent('Cila (Usta Kuyum): 30.25');

  // The default period: the last 30 days up to today, whole days in the office's time zone.
  const zone = 'Europe/Istanbul';
  const today = dayIn(Date.now(), zone);
  const read = new URL(calls.find((call) => isFlow(call.url))?.url ?? '', 'http://x').searchParams;
  expect(read.get('to')).toBe(new Date(dayBounds(today, zone).end).toISOString());
  expect(Date.parse(read.get('to') ?? '') - Date.parse(read.get('from') ?? '')).toBeGreaterThan(30 * 24 * 3600_000 - 2 * 3600_000);
  expect(read.has('workshop_id')).toBe(false);
});

test('the office asks for a workshop and a period; the export writes the dwell rows as shown', async () => {
  storeLogin(Role.Office, 'Ofis');
  const calls = mockFetch((_method, url) => (isFlow(url) ? [200, { steps: STEPS }] : url === API.workshops ? [200, { workshops: WORKSHOPS }] : [200, {}]));
  const { t } = renderApp(<FlowScreen />, '/office/flow');
  await screen.findByRole('table', { name: t('flow:dwell') });

  expect(screen.getByRole('link', { name: t('flow:openInGrid', { count: '4', workshop: 'Usta Kuyum', place: t('flow:phases.waiting') }) })).toHaveAttribute('href', '/office/orders?workshop=5&phase=waiting');

  fireEvent.click(screen.getByRole('button', { name: t('flow:export') }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  expect(written).toEqual([
    ['Usta Kuyum', 'Cila', 10, 30.25, 70],
    ['Parlak Atölye', 'Kalite Kontrol', 6, 12, 20],
    ['Usta Kuyum', 'Döküm', 3, 4, 8],
    [t('flow:noWorkshop'), t('flow:phases.unassigned'), 4, 2, 5],
    ['Usta Kuyum', t('flow:phases.waiting'), 20, 1.5, 3],
  ]);

  await screen.findByRole('option', { name: 'Parlak Atölye' });
  fireEvent.change(screen.getByLabelText(t('flow:workshop')), { target: { value: '6' } });
  fireEvent.change(screen.getByLabelText(t('flow:from')), { target: { value: '2026-11-01' } });
  fireEvent.change(screen.getByLabelText(t('flow:to')), { target: { value: '2026-11-07' } });
  fireEvent.click(screen.getByRole('button', { name: t('flow:show') }));
  await waitFor(() => expect(calls.filter((call) => isFlow(call.url))).toHaveLength(2));
  const read = new URL(calls.filter((call) => isFlow(call.url))[1].url, 'http://x').searchParams;
  expect(Object.fromEntries(read)).toEqual({ from: '2026-10-31T21:00:00.000Z', to: '2026-11-07T20:59:59.999Z', workshop_id: '6' });
});

test('a period without stays says so; a refused read shows the sentence and no tables', async () => {
  let answer: [number, unknown] = [200, { steps: [] }];
  mockFetch((_method, url) => (isFlow(url) ? answer : [200, {}]));
  const { t, unmount } = renderApp(<FlowScreen />, '/admin/flow');
  expect(await screen.findByText(t('flow:empty'))).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  unmount();

  answer = [403, { error: 'Bu işlem için yetkiniz yok.', code: 'FORBIDDEN' }];
  renderApp(<FlowScreen />, '/admin/flow');
  expect(await screen.findByRole('alert')).toHaveTextContent('Bu işlem için yetkiniz yok.');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();

  answer = [500, {}];
  fireEvent.click(screen.getByRole('button', { name: 'Göster' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(t('flow:failed')));
});

test('lines moving while the board is open read it again once, after the moves settle', async () => {
  jest.useFakeTimers();
  try {
    let waiting = 4;
    const calls = mockFetch((_method, url) => (isFlow(url) ? [200, { steps: [step({ waiting_now: waiting, pieces: 1, median_hours: 1 })] }] : [200, {}]));
    const { t, store } = renderApp(<FlowScreen />, '/admin/flow');
    const board = t('flow:board');
    await screen.findByRole('table', { name: board });
    waiting = 5;
    store.dispatch(liveVersionSeen(7));
    store.dispatch(liveVersionSeen(9));
    jest.advanceTimersByTime(FLOW_REREAD_MS);
    await waitFor(() => expect(rows(board)).toEqual([[`Atölye #5`, '5']]));
    expect(calls.filter((call) => isFlow(call.url))).toHaveLength(2);
  } finally {
    jest.useRealTimers();
  }
});
