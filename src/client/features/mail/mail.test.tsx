import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type FailedMailDto } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { FailedMailsPanel } from './FailedMailsPanel';

beforeEach(() => storeLogin(Role.Admin, 'Admin'));

const MAIL = (id: number, to: string): FailedMailDto => ({ id, to, subject: `Konu ${id}`, attempts: 10, last_error: '451 Try again later', created_at: '2026-11-25T09:00:00.000Z', updated_at: '2026-11-26T13:00:00.000Z' });

test('the admin sees the mails that could not be sent and sends one again; it leaves the list with the server sentence', async () => {
  const calls = mockFetch((method, url) => {
    if (url === API.failedMails) return [200, { mails: [MAIL(4, 'a@example.com'), MAIL(3, 'b@example.com')] }];
    if (method === 'POST' && url === API.failedMailRetry(3)) return [200, { mail: { id: 3, status: 'waiting' }, message: 'E-posta yeniden gönderilecek.' }];
    return [200, {}];
  });
  const { t } = renderApp(<FailedMailsPanel />);
  const table = await screen.findByRole('table', { name: t('mail:title') });
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  expect(within(table).getByRole('row', { name: /b@example\.com/ })).toHaveTextContent('451 Try again later');

  fireEvent.click(screen.getByRole('button', { name: t('mail:retryTo', { to: 'b@example.com' }) }));
  await screen.findByText('E-posta yeniden gönderilecek.');
  expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([API.failedMailRetry(3)]);
  expect(within(table).queryByRole('row', { name: /b@example\.com/ })).toBeNull();
  expect(within(table).getByRole('row', { name: /a@example\.com/ })).toBeInTheDocument();
});

test('nothing waiting says so; a refused retry says why and keeps the row', async () => {
  let mails = [MAIL(5, 'c@example.com')];
  mockFetch((method, url) => {
    if (url === API.failedMails) return [200, { mails }];
    if (method === 'POST') return [409, { error: 'Yalnızca gönderilemeyen bir e-posta yeniden denenebilir.', code: 'MAIL_NOT_FAILED' }];
    return [200, {}];
  });
  const { t } = renderApp(<FailedMailsPanel />);
  fireEvent.click(await screen.findByRole('button', { name: t('mail:retryTo', { to: 'c@example.com' }) }));
  await screen.findByText('Yalnızca gönderilemeyen bir e-posta yeniden denenebilir.');
  expect(screen.getByRole('row', { name: /c@example\.com/ })).toBeInTheDocument();

  mails = [];
  fireEvent.click(screen.getByRole('button', { name: t('mail:refresh') }));
  await waitFor(() => expect(screen.getByText(t('mail:empty'))).toBeInTheDocument());
});
