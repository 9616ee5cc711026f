import { screen, within } from '@testing-library/react';
import { API, type ScorecardMonthDto } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { Scorecard } from './Scorecard';

beforeEach(() => {
  storeLogin(Role.Admin, 'Admin');
});

const month = (name: string, figures: Partial<ScorecardMonthDto> = {}): ScorecardMonthDto => ({
  month: name,
  delivered: 0,
  on_time_rate: null,
  lead_days: null,
  inspected: 0,
  rejected: 0,
  rejection_rate: null,
  issued_g: '0.000',
  loss_per_mille: null,
  norm_per_mille: null,
  above_norm: false,
  ...figures,
});

const MONTHS = [
  month('2026-09'),
  month('2026-10', { delivered: 2, on_time_rate: 0.5, lead_days: 5.5, inspected: 3, rejected: 2, rejection_rate: 0.6667, issued_g: '100.000', loss_per_mille: '1.00', norm_per_mille: '1.50' }),
  month('2026-11', { delivered: 1, on_time_rate: 1, lead_days: 2, issued_g: '10.000', loss_per_mille: '10.00', norm_per_mille: '1.50', above_norm: true }),
];

const isScorecard = (url: string) => url.startsWith(API.workshopScorecard);
const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

test("shows loading, then the workshop's months newest first (a month with nothing left out): on time, lead days, rejections and metal loss against its norm, in words when above it", async () => {
  const calls = mockFetch((_method, url) => (isScorecard(url) ? [200, { workshop_id: 4, months: MONTHS }] : [200, {}]));
  const { t } = renderApp(<Scorecard workshopId={4} />);
  expect(screen.getByRole('status')).toHaveTextContent(t('common:loading'));
  const table = await screen.findByRole('table', { name: t('scorecard:title') });
  expect(calls.filter((c) => isScorecard(c.url)).map((c) => c.url)).toEqual([`${API.workshopScorecard}?workshop_id=4`]);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map(cells)).toEqual([
    ['Kasım 2026', '1', '%100,0', '2,0', '-', t('scorecard:lossAboveNorm', { loss: '10,00', norm: '1,50' })],
    ['Ekim 2026', '2', '%50,0', '5,5', t('scorecard:rejection', { rate: '%66,7', rejected: 2, inspected: 3 }), t('scorecard:lossWithinNorm', { loss: '1,00', norm: '1,50' })],
  ]);
  expect(within(rows[0]).getByText(/normun/)).toHaveClass('above-norm');
  expect(screen.queryByRole('status')).toBeNull();
});

test('says so when no month has anything to show, and gives the sentence when the scorecard cannot be read', async () => {
  mockFetch((_method, url) => (isScorecard(url) ? [200, { workshop_id: 4, months: [month('2026-10'), month('2026-11')] }] : [200, {}]));
  const first = renderApp(<Scorecard workshopId={4} />);
  expect(await screen.findByText(first.t('scorecard:empty'))).toBeInTheDocument();
  expect(screen.queryByRole('table')).toBeNull();
  first.unmount();

  mockFetch((_method, url) => (isScorecard(url) ? [500, {}] : [200, {}]));
  const { t } = renderApp(<Scorecard workshopId={4} />, '/', { language: 'en' });
  expect(await screen.findByText(t('scorecard:failed'))).toBeInTheDocument();
  expect(screen.queryByRole('table')).toBeNull();
});

test('reads in English too', async () => {
  mockFetch((_method, url) => (isScorecard(url) ? [200, { workshop_id: 4, months: MONTHS }] : [200, {}]));
  const { t } = renderApp(<Scorecard workshopId={4} />, '/', { language: 'en' });
  const table = await screen.findByRole('table', { name: t('scorecard:title') });
  expect(cells(within(table).getAllByRole('row')[1])).toEqual(['November 2026', '1', '100.0%', '2.0', '-', '10.00‰: above the norm (1.50‰)']);
});
