import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../../shared/api';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { GeneralSettingsPanel } from './GeneralSettingsPanel';
import { cityOf, offsetOf, zoneGroups } from './timeZones';

test('zone names read as cities with their region and offset', () => {
  expect(cityOf('America/Argentina/Buenos_Aires')).toBe('Buenos Aires (Argentina)');
  expect(cityOf('Europe/Istanbul')).toBe('Istanbul');
  expect(offsetOf('Europe/Istanbul', new Date('2026-07-01T00:00:00Z'))).toBe('+03:00');
  expect(offsetOf('Africa/Abidjan', new Date('2026-07-01T00:00:00Z'))).toBe('+00:00');
  expect(offsetOf('America/New_York', new Date('2026-01-15T00:00:00Z'))).toBe('-05:00');
  const groups = zoneGroups(['Europe/Paris', 'Asia/Tokyo', 'Europe/Istanbul', 'UTC', 'Europe/Amsterdam'], new Date('2026-01-15T00:00:00Z'), 'tr');
  expect(groups.map((group) => [group.region, group.zones.map((zone) => zone.value)])).toEqual([
    ['Europe', ['Europe/Amsterdam', 'Europe/Istanbul', 'Europe/Paris']],
    ['Asia', ['Asia/Tokyo']],
    ['other', ['UTC']],
  ]);
});

test('the time zone list is grouped by region, Istanbul first, and saves the IANA name', async () => {
  storeLogin(2, 'Admin');
  const settings = { system_email: 'ofis@example.com', phone: '0212', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10, gram_confirm_percent: 50, gram_max_factor: 10, working_set_days: 30 };
  const calls = mockFetch((method, url, body) => (url === API.generalSettings ? [200, { settings: method === 'GET' ? settings : body }] : [200, {}]));
  const { t } = renderApp(<GeneralSettingsPanel />);
  const zone = screen.getByLabelText(t('settings:general.time_zone')) as HTMLSelectElement;
  await screen.findByDisplayValue('ofis@example.com');
  const groups = within(zone).getAllByRole('group');
  expect(groups[0]).toHaveAttribute('label', t('settings:general.zoneCommon'));
  expect(within(groups[0]).getByRole('option')).toHaveTextContent(/^İstanbul, Türkiye \(UTC\+03:00\)$/);
  expect(groups.some((group) => group.getAttribute('label') === t('settings:general.regions.Europe'))).toBe(true);
  expect(zone.value).toBe('Europe/Istanbul');
  expect(screen.queryByText('Africa/Abidjan')).toBeNull();
  expect(screen.getByRole('option', { name: /^Abidjan \(UTC\+00:00\)$/ })).toHaveValue('Africa/Abidjan');

  fireEvent.change(zone, { target: { value: 'Asia/Tokyo' } });
  fireEvent.click(screen.getByRole('button', { name: t('settings:general.save') }));
  await waitFor(() => expect(calls.find((call) => call.method === 'PUT' && call.url === API.generalSettings)?.body).toMatchObject({ time_zone: 'Asia/Tokyo' }));
});

test('the gram tolerance is read as the admin writes percentages: the stored one shown that way, a point refused with the percentage written right, a comma saved', async () => {
  storeLogin(2, 'Admin');
  const settings = { system_email: 'ofis@example.com', phone: '0212', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 2.5, gram_confirm_percent: 50, gram_max_factor: 10, working_set_days: 30 };
  const calls = mockFetch((method, url, body) => (url === API.generalSettings ? [200, { settings: method === 'GET' ? settings : body }] : [200, {}]));
  const { t } = renderApp(<GeneralSettingsPanel />);
  const tolerance = await screen.findByDisplayValue('2,5');
  expect(tolerance).toHaveAccessibleName(t('settings:general.gram_tolerance_percent'));
  fireEvent.change(tolerance, { target: { value: '6.2' } });
  expect(screen.getByRole('alert')).toHaveTextContent(t('validation:numberDecimalMark', { suggestion: '6,2' }));
  fireEvent.click(screen.getByRole('button', { name: t('settings:general.save') }));
  // Refused on saving too, with its own sentence, not the range's.
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(t('validation:numberDecimalMark', { suggestion: '6,2' })));
  expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  fireEvent.change(tolerance, { target: { value: '6,2' } });
  expect(await screen.findByText('Kaydedilecek: 6,20')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: t('settings:general.save') }));
  await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ gram_tolerance_percent: 6.2 }));
});

test('the bounds of a typed gram stand beside the tolerance, checked before they are saved', async () => {
  storeLogin(2, 'Admin');
  const settings = { system_email: 'ofis@example.com', phone: '0212', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10, gram_confirm_percent: 50, gram_max_factor: 10, working_set_days: 30 };
  const calls = mockFetch((method, url, body) => (url === API.generalSettings ? [200, { settings: method === 'GET' ? settings : body }] : [200, {}]));
  const { t } = renderApp(<GeneralSettingsPanel />);
  const band = (await screen.findByLabelText(t('settings:general.gram_confirm_percent'))) as HTMLInputElement;
  const bound = screen.getByLabelText(t('settings:general.gram_max_factor')) as HTMLInputElement;
  await waitFor(() => expect([band.value, bound.value]).toEqual(['50', '10']));
  expect(screen.getByText(t('settings:general.gram_max_hint', { gram: '1.000 g' }))).toBeInTheDocument();
  const saved = () => calls.filter((call) => call.method === 'PUT' && call.url === API.generalSettings);

  fireEvent.change(bound, { target: { value: '1' } });
  fireEvent.click(screen.getByRole('button', { name: t('settings:general.save') }));
  expect(await screen.findByText(t('validation:gramMaxFactorInvalid'))).toBeInTheDocument();
  expect(saved()).toEqual([]);

  fireEvent.change(band, { target: { value: '30' } });
  fireEvent.change(bound, { target: { value: '4,5' } });
  fireEvent.click(screen.getByRole('button', { name: t('settings:general.save') }));
  await waitFor(() => expect(saved().at(-1)?.body).toMatchObject({ gram_tolerance_percent: 10, gram_confirm_percent: 30, gram_max_factor: 4.5 }));
});

test('how long closed lines stay in the everyday lists is a whole number of days from 0 to 3650', async () => {
  storeLogin(2, 'Admin');
  const settings = { system_email: 'ofis@example.com', phone: '0212', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10, gram_confirm_percent: 50, gram_max_factor: 10, working_set_days: 30 };
  const calls = mockFetch((method, url, body) => (url === API.generalSettings ? [200, { settings: method === 'GET' ? settings : body }] : [200, {}]));
  const { t } = renderApp(<GeneralSettingsPanel />);
  const days = (await screen.findByLabelText(t('settings:general.working_set_days'))) as HTMLInputElement;
  await waitFor(() => expect(days.value).toBe('30'));
  expect(screen.getByText(t('settings:general.working_set_hint'))).toBeInTheDocument();
  const saved = () => calls.filter((call) => call.method === 'PUT' && call.url === API.generalSettings);

  fireEvent.change(days, { target: { value: '3651' } });
  fireEvent.click(screen.getByRole('button', { name: t('settings:general.save') }));
  expect(await screen.findByText(t('validation:workingSetDaysInvalid'))).toBeInTheDocument();
  expect(saved()).toEqual([]);

  fireEvent.change(days, { target: { value: '90' } });
  fireEvent.click(screen.getByRole('button', { name: t('settings:general.save') }));
  await waitFor(() => expect(saved().at(-1)?.body).toMatchObject({ working_set_days: 90 }));
});

test('the system e-mail and phone may be left empty: the settings save without them', async () => {
  storeLogin(2, 'Admin');
  const settings = { system_email: 'ofis@example.com', phone: '0212', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10, gram_confirm_percent: 50, gram_max_factor: 10, working_set_days: 30 };
  const calls = mockFetch((method, url, body) => (url === API.generalSettings ? [200, { settings: method === 'GET' ? settings : body }] : [200, {}]));
  const { t } = renderApp(<GeneralSettingsPanel />);
  fireEvent.change(await screen.findByDisplayValue('ofis@example.com'), { target: { value: '' } });
  fireEvent.change(screen.getByDisplayValue('0212'), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: t('settings:general.save') }));
  await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ system_email: '', phone: '', time_zone: 'Europe/Istanbul' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
