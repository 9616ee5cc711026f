import { fireEvent, screen, waitFor } from '@testing-library/react';
import { API } from '../../shared/api';
import { pseudoText } from '../../shared/pseudo';
import { mockFetch, renderApp, storeLogin } from '../test-utils';
import { languageOverride, startLanguage } from './languages';
import { AppRoutes } from './router';

const ME = { id: 7, username: 'ali', email: 'ali@example.com', role: 2, role_name: 'Admin', status: 'active', language: 'en', created_at: '2026-11-23T08:00:00.000Z' };

beforeAll(() => {
  // The address the page was opened with, before anything reads it.
  window.history.replaceState(null, '', '/dashboard?lng=pseudo');
});

beforeEach(() => {
  storeLogin(2, 'Admin');
});

test("?lng=pseudo opens the page in the pseudo-language, which the user's saved language does not replace", async () => {
  expect(languageOverride()).toBe('pseudo');
  expect(startLanguage()).toBe('pseudo');
  const calls = mockFetch((_method, url) => (url === API.me ? [200, { user: ME }] : [200, {}]));
  renderApp(<AppRoutes />, '/dashboard', { language: startLanguage() });
  expect(await screen.findByRole('button', { name: pseudoText('Çıkış Yap') })).toBeInTheDocument();
  await waitFor(() => expect(calls.some((c) => c.url === API.me)).toBe(true));
  expect(screen.getByRole('button', { name: pseudoText('Çıkış Yap') })).toBeInTheDocument();
  // Named in the menu while shown, by the product language's name in pseudo letters; never saved.
  const menu = screen.getByRole('combobox', { name: pseudoText('Dil') });
  expect(menu).toHaveDisplayValue(pseudoText('Türkçe'));
  expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  fireEvent.change(menu, { target: { value: 'en' } });
  expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument();
});
