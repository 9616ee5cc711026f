import { screen } from '@testing-library/react';
import { API, type AuditEntryDto } from '../../../shared/api';
import type { SystemInfo } from '../settings/slice';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { AuditChange } from '../audit/AuditChange';
import { SystemInfoPanel } from '../settings/SystemInfoPanel';
import { useFormatters } from '.';

const SETTINGS = { settings: { system_email: '', phone: '', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10 } };
const RATE: AuditEntryDto = {
  id: 5,
  user_id: 7,
  username: 'admin',
  kind: 'product_changed',
  entity_id: 12,
  before: { workmanship_rate: 62, workshop_id: 12345 },
  after: { workmanship_rate: 12.5, workshop_id: 23456 },
  created_at: '2026-11-26T11:05:00.000Z',
};
const INFO: SystemInfo = {
  products: 12345,
  workshops: 3,
  customers: 40,
  database: 'sqlite',
  database_size_bytes: 0.55 * 1024 * 1024,
  uptime_seconds: 90061,
  version: '0.1.0',
  users_by_role: [{ role_id: 2, role_name: 'Admin', count: 1200 }],
  order_lines_by_status: [{ status_id: 1, name: 'Bekliyor', count: 4 }],
};

/** A changed record's figures and its date as the audit log shows them, through the screens' formatters. */
function RateChange() {
  const fmt = useFormatters();
  const names = { status: new Map(), step: new Map(), qualityControl: new Map() };
  return (
    <>
      <p aria-label="when">{fmt.date(RATE.created_at)}</p>
      <AuditChange entry={RATE} fmt={fmt} names={names} />
    </>
  );
}

beforeEach(() => storeLogin(2, 'Admin'));

const answer = () => mockFetch((_method, url) => (url === API.generalSettings ? [200, SETTINGS] : url === API.systemInfo ? [200, { system: INFO }] : [200, {}]));

test('a changed figure reads with the Turkish decimal comma, an id as it is, a date and time in numbers', async () => {
  answer();
  const { t } = renderApp(<RateChange />);
  expect(await screen.findByText(/62 → 12,5$/)).toHaveTextContent(`${t('audit:fields.workmanship_rate')}: 62 → 12,5`);
  expect(screen.getByText(/12345 → 23456$/)).toBeInTheDocument();
  expect(screen.getByLabelText('when')).toHaveTextContent(/^26\.11\.2026 14:05$/);
});

test('in English, the same figure and date in English notation', async () => {
  answer();
  renderApp(<RateChange />, '/', { language: 'en' });
  expect(await screen.findByText(/62 → 12\.5$/)).toBeInTheDocument();
  expect(screen.getByLabelText('when')).toHaveTextContent(/^11\/26\/2026, 14:05$/);
});

test('the system info writes its figures in the reader\'s notation: a size of 0,55 MB, counts grouped', async () => {
  answer();
  const { unmount } = renderApp(<SystemInfoPanel />);
  expect(await screen.findByText('0,55 MB')).toBeInTheDocument();
  expect(screen.getByText('12.345')).toBeInTheDocument();
  expect(screen.getByText('1.200')).toBeInTheDocument();
  unmount();
  renderApp(<SystemInfoPanel />, '/', { language: 'en' });
  expect(await screen.findByText('0.55 MB')).toBeInTheDocument();
  expect(screen.getByText('12,345')).toBeInTheDocument();
});
