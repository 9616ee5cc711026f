import { fireEvent, screen, within } from '@testing-library/react';
import { API, type FlowStepDto, type FlowWeekDto } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import FlowScreen from './FlowScreen';
import type { TrendPoint } from './FlowTrendChart';

/* jsdom draws no canvas: each chart stands for itself by what it is given. */
jest.mock('./FlowChart', () => ({ __esModule: true, default: () => null }));
jest.mock('./FlowTrendChart', () => ({
  __esModule: true,
  default: ({ title, points }: { title: string; points: TrendPoint[] }) => (
    <ul aria-label={title}>
      {points.map((point) => (
        <li key={point.week}>{`${point.week}: ${point.median} h, ${point.pieces}`}</li>
      ))}
    </ul>
  ),
}));
beforeEach(() => storeLogin(Role.Admin, 'Admin'));

const STEPS: FlowStepDto[] = [{ workshop_id: 5, step_id: 12, phase: 'step', step_name: 'Cila', pieces: 9, median_hours: 30, p90_hours: 70, waiting_now: 1 }];
const week = (row: Partial<FlowWeekDto>): FlowWeekDto => ({ workshop_id: 5, step_id: null, phase: 'waiting', step_name: null, week_start: '2026-10-31T21:00:00.000Z', pieces: 1, median_hours: 1, ...row });
// Weeks from the office's midnight (Istanbul, three hours ahead of UTC).
const WEEKS: FlowWeekDto[] = [
  week({ pieces: 2, median_hours: 1.5 }),
  week({ step_id: 12, phase: 'step', step_name: 'Cila', pieces: 4, median_hours: 20 }),
  week({ step_id: 12, phase: 'step', step_name: 'Cila', week_start: '2026-11-07T21:00:00.000Z', pieces: 5, median_hours: 32.5 }),
  week({ week_start: '2026-11-14T21:00:00.000Z', pieces: 3, median_hours: 2 }),
];
const WORKSHOPS = [{ id: 5, name: 'Usta Kuyum' }];
const path = (url: string) => url.split('?')[0];

test('the dwell by week of the same period: the place with the most pieces first, another chosen, its median hours and pieces week by week', async () => {
  const calls = mockFetch((_method, url) =>
    path(url) === API.flowReport ? [200, { steps: STEPS }] : path(url) === API.flowTrend ? [200, { weeks: WEEKS }] : url === API.workshops ? [200, { workshops: WORKSHOPS }] : [200, {}],
  );
  const { t } = renderApp(<FlowScreen />, '/admin/flow');
  const cila = t('flow:bottleneckPlace', { place: 'Cila', workshop: 'Usta Kuyum' });
  const waiting = t('flow:bottleneckPlace', { place: t('flow:phases.waiting'), workshop: 'Usta Kuyum' });

  const chart = await screen.findByRole('list', { name: t('flow:trendChart', { place: cila }) });
  expect(within(chart).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['01.11.2026: 20 h, 4', '08.11.2026: 32.5 h, 5']);
  const place = screen.getByRole('combobox', { name: t('flow:trendPlace') });
  expect(within(place).getAllByRole('option').map((option) => option.textContent)).toEqual([cila, waiting]);

  fireEvent.change(place, { target: { value: within(place).getByRole('option', { name: waiting }).getAttribute('value') } });
  const other = await screen.findByRole('list', { name: t('flow:trendChart', { place: waiting }) });
  expect(within(other).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['01.11.2026: 1.5 h, 2', '15.11.2026: 2 h, 3']);

  // Asked with the report's own period and workshop.
  const query = (of: string) => calls.find((call) => path(call.url) === of)?.url.split('?')[1];
  expect(query(API.flowTrend)).toBe(query(API.flowReport));
});

test('a refused trend says so in its sentence, and the report stays shown', async () => {
  mockFetch((_method, url) =>
    path(url) === API.flowReport ? [200, { steps: STEPS }] : path(url) === API.flowTrend ? [500, {}] : url === API.workshops ? [200, { workshops: WORKSHOPS }] : [200, {}],
  );
  const { t } = renderApp(<FlowScreen />, '/admin/flow');
  expect(await screen.findByText(t('flow:trendFailed'))).toBeInTheDocument();
  expect(screen.getByRole('table', { name: t('flow:dwell') })).toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: t('flow:trendPlace') })).not.toBeInTheDocument();
});
