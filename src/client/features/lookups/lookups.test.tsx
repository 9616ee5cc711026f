import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { API } from '../../../shared/api';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { stepSaved } from '../production-steps/slice';
import { GeneralSettingsPanel } from '../settings/GeneralSettingsPanel';
import { selectLookups, useFormatters, useLookups } from '.';

const LISTS: Record<string, unknown> = {
  [API.statuses]: { statuses: [{ id: 1, name: 'Bekliyor' }] },
  [API.qualityControlStatuses]: { quality_control_statuses: [{ id: 1, name: 'Onaylandı' }] },
  [API.packingStatuses]: { packing_statuses: [{ id: 1, name: 'Hazırlanıyor' }] },
  [API.productOptionValues]: { product_option_values: [{ id: 31, option_id: 1, value_name: 'Altın' }] },
  [API.productionSteps]: { production_steps: [{ id: 5, step_name: 'Döküm', description: '', created_at: '2026-11-20T09:00:00.000Z' }] },
};
const SETTINGS = { system_email: 'ofis@example.com', phone: '0212', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10 };

/** A line's names and an amount recorded in lira, as any order screen shows them. */
function LineNames({ label }: { label: string }) {
  const { status, step, optionValue } = useLookups();
  const fmt = useFormatters();
  return <p aria-label={label}>{[status.get(1), step.get(5), optionValue.get(31), fmt.money(10, 'TRY')].join(' | ')}</p>;
}

/** Two screens at once, and a third that opens later. */
function Screens() {
  const [third, setThird] = useState(false);
  return (
    <>
      <LineNames label="first" />
      <LineNames label="second" />
      {third ? <LineNames label="third" /> : <button onClick={() => setThird(true)}>open</button>}
    </>
  );
}

beforeEach(() => storeLogin(2, 'Admin'));

test('screens that need names and formatters share one read of each list, also when one opens later', async () => {
  const calls = mockFetch((_method, url) => (url === API.generalSettings ? [200, { settings: SETTINGS }] : [200, LISTS[url] ?? {}]));
  renderApp(<Screens />);
  expect(await screen.findByLabelText('first')).toHaveTextContent('Bekliyor | Döküm | Altın | ₺10,00');
  expect(screen.getByLabelText('second')).toHaveTextContent('Bekliyor | Döküm | Altın');
  fireEvent.click(screen.getByRole('button', { name: 'open' }));
  expect(screen.getByLabelText('third')).toHaveTextContent('Bekliyor | Döküm | Altın | ₺10,00');
  const reads = calls.map((c) => c.url).sort();
  expect(reads).toEqual([API.me, ...Object.keys(LISTS), API.generalSettings].sort());
});

test('the name maps are built once and rebuilt only when a list changes', async () => {
  mockFetch((_method, url) => [200, LISTS[url] ?? { settings: SETTINGS }]);
  const { store } = renderApp(<LineNames label="names" />);
  await screen.findByText(/Döküm/);
  const before = selectLookups(store.getState());
  act(() => {
    store.dispatch({ type: 'unrelated/happened' });
  });
  expect(selectLookups(store.getState())).toBe(before);
  act(() => {
    store.dispatch(stepSaved({ step: { id: 6, step_name: 'Cila', description: '', built_in: null, created_at: '2026-11-20T09:00:00.000Z' }, message: { text: 'ok' } }));
  });
  const after = selectLookups(store.getState());
  expect(after).not.toBe(before);
  expect(after.step.get(6)).toBe('Cila');
  expect(after.status).toBe(before.status);
});

test('saved settings are read once; a new currency setting leaves an amount in the currency it was recorded in', async () => {
  const calls = mockFetch((method, url, body) => {
    if (url === API.generalSettings) return [200, { settings: method === 'PUT' ? body : SETTINGS }];
    return [200, LISTS[url] ?? {}];
  });
  const { t } = renderApp(
    <>
      <GeneralSettingsPanel />
      <LineNames label="amounts" />
    </>,
  );
  await screen.findByDisplayValue('ofis@example.com');
  expect(screen.getByLabelText('amounts')).toHaveTextContent('₺10,00');
  fireEvent.change(screen.getByLabelText(t('settings:general.currency')), { target: { value: 'USD' } });
  fireEvent.click(screen.getByRole('button', { name: t('settings:general.save') }));
  expect(await screen.findByText(t('settings:general.saved'))).toBeInTheDocument();
  // The new currency is for prices and credits recorded from now on: ten lira stay ten lira.
  expect(screen.getByLabelText('amounts')).toHaveTextContent('₺10,00');
  expect(screen.getByLabelText('amounts')).not.toHaveTextContent('$');
  expect(calls.filter((c) => c.url === API.generalSettings).map((c) => c.method)).toEqual(['GET', 'PUT']);
});
