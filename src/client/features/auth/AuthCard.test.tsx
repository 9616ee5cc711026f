import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { API } from '../../../shared/api';
import { jsonResponse, mockFetch, renderApp } from '../../test-utils';
import { AuthCard } from './AuthCard';


function setup() {
  const view = renderApp(<AuthCard />, '/login');
  const { t } = view;
  const field = (key: string) => screen.getByLabelText(t(`auth:${key}`));
  const button = (key: string) => screen.getByRole('button', { name: t(`auth:${key}`) });
  return { ...view, field, button };
}

test('switches between login, register and forgot password with the links', () => {
  const { t, button } = setup();
  expect(screen.getByRole('heading', { name: t('auth:loginTitle') })).toBeInTheDocument();
  fireEvent.click(button('toRegister'));
  expect(screen.getByLabelText(t('auth:email'))).toBeInTheDocument();
  expect(screen.getByLabelText(t('auth:passwordConfirmation'))).toBeInTheDocument();
  fireEvent.click(button('toLogin'));
  fireEvent.click(button('toForgot'));
  expect(screen.getByRole('heading', { name: t('auth:forgotTitle') })).toBeInTheDocument();
  expect(screen.queryByLabelText(t('auth:password'))).toBeNull();
});

test('register shows the spec messages and sends nothing while invalid', async () => {
  const calls = mockFetch(() => [500, {}]);
  const { t, field, button } = setup();
  fireEvent.click(button('toRegister'));
  fireEvent.change(field('email'), { target: { value: 'not-mail' } });
  fireEvent.change(field('password'), { target: { value: '123' } });
  fireEvent.change(field('passwordConfirmation'), { target: { value: '124' } });
  fireEvent.click(screen.getAllByRole('button', { name: t('auth:registerButton') }).at(-1)!);
  expect(await screen.findByText('Kullanıcı adı gereklidir')).toBeInTheDocument();
  expect(screen.getByText('Geçerli bir e-posta adresi girin')).toBeInTheDocument();
  expect(screen.getByText('Şifre en az 6 karakter olmalıdır')).toBeInTheDocument();
  expect(screen.getByText('Şifreler eşleşmiyor')).toBeInTheDocument();
  expect(calls).toEqual([]);
});

test('after registering, the login form opens with the username filled in and the success alert', async () => {
  const calls = mockFetch(() => [201, { message: 'Kayıt başarılı.' }]);
  const { t, field, button } = setup();
  fireEvent.click(button('toRegister'));
  fireEvent.change(field('username'), { target: { value: '  ayse_k ' } });
  fireEvent.change(field('email'), { target: { value: ' ayse@example.com ' } });
  fireEvent.change(field('password'), { target: { value: 'secret1' } });
  fireEvent.change(field('passwordConfirmation'), { target: { value: 'secret1' } });
  fireEvent.click(screen.getAllByRole('button', { name: t('auth:registerButton') }).at(-1)!);
  expect(await screen.findByText('Kayıt başarılı. Artık giriş yapabilirsiniz')).toBeInTheDocument();
  expect(calls[0]).toMatchObject({ url: API.register, body: { username: 'ayse_k', email: 'ayse@example.com', password: 'secret1' } });
  expect(screen.getByRole('heading', { name: t('auth:loginTitle') })).toBeInTheDocument();
  expect(field('username')).toHaveValue('ayse_k');
});

test('a server error is shown and cleared as soon as a field is edited', async () => {
  mockFetch(() => [401, { error: 'Kullanıcı adı veya şifre hatalı.', code: 'INVALID_CREDENTIALS' }]);
  const { field, button } = setup();
  fireEvent.change(field('username'), { target: { value: 'ali' } });
  fireEvent.change(field('password'), { target: { value: 'wrong-1' } });
  fireEvent.click(button('loginButton'));
  expect(await screen.findByText('Kullanıcı adı veya şifre hatalı.')).toBeInTheDocument();
  fireEvent.change(field('password'), { target: { value: 'wrong-12' } });
  await waitFor(() => expect(screen.queryByText('Kullanıcı adı veya şifre hatalı.')).toBeNull());
});

test('without a server sentence the fallback of the spec is shown', async () => {
  mockFetch(() => [502, null]);
  const { field, button } = setup();
  fireEvent.change(field('username'), { target: { value: 'ali' } });
  fireEvent.change(field('password'), { target: { value: 'secret1' } });
  fireEvent.click(button('loginButton'));
  expect(await screen.findByText('Giriş yapılırken bir hata oluştu')).toBeInTheDocument();
});

test('forgot password shows the 503 and 404 sentences of the spec', async () => {
  let status = 503;
  mockFetch(() => [status, { error: 'other text', code: 'X' }]);
  const { field, button } = setup();
  fireEvent.click(button('toForgot'));
  fireEvent.change(field('email'), { target: { value: 'ali@example.com' } });
  fireEvent.click(button('forgotButton'));
  expect(await screen.findByText('E-posta servisi şu anda kullanılamıyor. Lütfen sistem yöneticisi ile iletişime geçin.')).toBeInTheDocument();
  status = 404;
  fireEvent.click(button('forgotButton'));
  expect(await screen.findByText('Bu e-posta adresi ile kayıtlı kullanıcı bulunamadı.')).toBeInTheDocument();
});

test('the password toggle shows and hides the password', async () => {
  const { t, field } = setup();
  expect(field('password')).toHaveAttribute('type', 'password');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: t('common:showPassword') })));
  expect(field('password')).toHaveAttribute('type', 'text');
});

test('leaving the login form while the login call runs cancels it: a late answer logs nobody in', async () => {
  let answer: (response: Response) => void = () => undefined;
  globalThis.fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve))) as typeof fetch;
  const { t, field, button, store } = setup();
  fireEvent.change(field('username'), { target: { value: 'ali' } });
  fireEvent.change(field('password'), { target: { value: 'secret1' } });
  fireEvent.click(button('loginButton'));
  await waitFor(() => expect(button('loginButton')).toBeDisabled());

  fireEvent.click(button('toRegister'));
  await act(async () => answer(jsonResponse(200, { token: 'aaa.bbb.ccc', refresh_token: 'r', user_role_id: 2, user_role_title: 'Admin', user_id: 1 })));
  expect(store.getState().session.loggedIn).toBe(false);
  expect(sessionStorage.getItem('authToken')).toBeNull();
  expect(screen.getAllByRole('button', { name: t('auth:registerButton') }).at(-1)).toBeEnabled();
});
