import { act, screen, waitFor } from '@testing-library/react';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { FlowScorecard } from './FlowScorecard';
import { flowRequested } from './slice';

test("the flow screen's scorecard asks for a workshop, then shows the one the report is asked about", async () => {
  storeLogin(Role.Office, 'Ofis');
  const month = { month: '2026-11', delivered: 3, on_time_rate: 1, lead_days: 4, inspected: 0, rejected: 0, rejection_rate: null, issued_g: '0.000', loss_per_mille: null, norm_per_mille: null, above_norm: false };
  const calls = mockFetch((_method, url) => (url.startsWith(API.workshopScorecard) ? [200, { workshop_id: 6, months: [month] }] : [200, { steps: [] }]));
  const { t, store } = renderApp(<FlowScorecard />);
  expect(screen.getByText(t('scorecard:chooseWorkshop'))).toBeInTheDocument();
  act(() => {
    store.dispatch(flowRequested('from=2026-11-01T00%3A00%3A00.000Z&workshop_id=6'));
  });
  expect(await screen.findByRole('table', { name: t('scorecard:title') })).toHaveTextContent('Kasım 2026');
  await waitFor(() => expect(calls.filter((call) => call.url.startsWith(API.workshopScorecard)).map((call) => call.url)).toEqual([`${API.workshopScorecard}?workshop_id=6`]));
  expect(screen.queryByText(t('scorecard:chooseWorkshop'))).toBeNull();
});
