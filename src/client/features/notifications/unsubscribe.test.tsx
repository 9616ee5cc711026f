import { fireEvent, screen } from '@testing-library/react';
import { API } from '../../../shared/api';
import { mockFetch, renderApp } from '../../test-utils';
import UnsubscribeScreen from './UnsubscribeScreen';

test("the e-mail's link asks first, then stops the kind's e-mails with the server's sentence, with no session", async () => {
  const calls = mockFetch((method, url) =>
    method === 'POST' && url.startsWith(API.notificationsUnsubscribe) ? [200, { kind: 'line_shipped', message: 'Bu türden bildirimler artık e-postayla gönderilmeyecek.' }] : [200, {}],
  );
  const { t } = renderApp(<UnsubscribeScreen />, '/unsubscribe?u=2&k=line_shipped&t=imza');
  expect(screen.getByText(t('notifications:unsubscribe.question'))).toBeInTheDocument();
  expect(calls).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: t('notifications:unsubscribe.confirm') }));
  await screen.findByText('Bu türden bildirimler artık e-postayla gönderilmeyecek.');
  expect(calls).toEqual([{ method: 'POST', url: `${API.notificationsUnsubscribe}?u=2&k=line_shipped&t=imza`, body: {}, auth: null }]);
  expect(screen.queryByRole('button', { name: t('notifications:unsubscribe.confirm') })).toBeNull();
});

test('a link without its signature says so and offers nothing; a refused one says why', async () => {
  mockFetch(() => [400, { error: 'Bu bağlantı geçerli değil; e-posta ayarlarınızı oturum açarak değiştirebilirsiniz.', code: 'UNSUBSCRIBE_INVALID' }]);
  const first = renderApp(<UnsubscribeScreen />, '/unsubscribe?u=2&k=line_shipped');
  expect(screen.getByText(first.t('notifications:unsubscribe.invalid'))).toBeInTheDocument();
  expect(screen.queryByRole('button')).toBeNull();
  first.unmount();

  const { t } = renderApp(<UnsubscribeScreen />, '/unsubscribe?u=2&k=line_shipped&t=sahte');
  fireEvent.click(screen.getByRole('button', { name: t('notifications:unsubscribe.confirm') }));
  await screen.findByText('Bu bağlantı geçerli değil; e-posta ayarlarınızı oturum açarak değiştirebilirsiniz.');
  expect(screen.getByRole('button', { name: t('notifications:unsubscribe.confirm') })).toBeEnabled();
});
