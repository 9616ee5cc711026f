import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCALES_ROOT } from '../../../locales/languages';
import { useLocales } from '../../../test/language-files';
import { API } from '../../shared/api';
import { mockFetch, renderApp, storeLogin } from '../test-utils';
import { createI18n, switchLanguage } from './i18n';
import { followLanguage, languageNames } from './languages';
import { AppRoutes } from './router';

const ME = { id: 7, username: 'ali', email: 'ali@example.com', role: 2, role_name: 'Admin', status: 'active', created_at: '2026-11-23T08:00:00.000Z' };
const read = (language: string, namespace: string) => JSON.parse(readFileSync(join(LOCALES_ROOT, language, `${namespace}.json`), 'utf8'));
const tr = read('tr', 'common');
const en = read('en', 'common');

/** The admin's dashboard with the server's answers; the user's saved language is `language`. */
function dashboard(language: string | null) {
  const calls = mockFetch((method, url) => {
    if (url === API.me) return [200, { user: { ...ME, language } }];
    if (method === 'PUT' && url === API.myLanguage) return [200, { language: 'x' }];
    return [200, {}];
  });
  return { calls, ...renderApp(<AppRoutes />, '/dashboard') };
}

const menu = () => screen.getByRole('combobox', { name: tr.language.menu });
const logout = (name: string) => screen.findByRole('button', { name });

beforeEach(() => {
  storeLogin(2, 'Admin');
});

test("after the login the screens switch to the user's saved language", async () => {
  dashboard('en');
  expect(await logout(en.logout)).toBeInTheDocument();
  expect(screen.queryByText(tr.logout)).not.toBeInTheDocument();
});

test('a user with no saved language reads the product in Turkish', async () => {
  const { calls } = dashboard(null);
  await waitFor(() => expect(calls.some((c) => c.url === API.me)).toBe(true));
  expect(await logout(tr.logout)).toBeInTheDocument();
});

test("the header menu lists every language by its own name; a choice switches the screens and is saved to the account", async () => {
  const { calls } = dashboard(null);
  await logout(tr.logout);
  expect(within(menu()).getAllByRole('option').map((o) => o.textContent)).toEqual(['English', 'Türkçe']);
  fireEvent.change(menu(), { target: { value: 'en' } });
  expect(await logout(en.logout)).toBeInTheDocument();
  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toEqual([expect.objectContaining({ url: API.myLanguage, body: { language: 'en' } })]));
});

test('<html lang> follows the language shown, and the language is remembered for the next visit', async () => {
  const i18n = createI18n('tr');
  followLanguage(i18n);
  expect(document.documentElement.lang).toBe('tr');
  await act(() => switchLanguage(i18n, 'en'));
  expect(document.documentElement.lang).toBe('en');
  expect(document.title).toBe(en.appName);
  expect(localStorage.getItem('language')).toBe('en');
  await act(() => switchLanguage(i18n, 'tr'));
});

describe('a language is a folder', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'locales-'));
    cpSync(LOCALES_ROOT, root, { recursive: true });
    cpSync(join(root, 'en'), join(root, 'de'), { recursive: true });
    writeFileSync(join(root, 'de', 'language.json'), JSON.stringify({ name: 'Deutsch' }));
    writeFileSync(join(root, 'de', 'common.json'), JSON.stringify({ ...en, logout: 'Abmelden' }));
    useLocales(root);
  });
  afterAll(() => {
    useLocales(LOCALES_ROOT);
    rmSync(root, { recursive: true, force: true });
  });

  test('a copied folder with its own name is a third language in the menu, and choosing it shows its texts', async () => {
    expect(languageNames()).toEqual({ de: 'Deutsch', en: 'English', tr: 'Türkçe' });
    const { calls } = dashboard(null);
    await logout(tr.logout);
    expect(within(menu()).getAllByRole('option').map((o) => o.textContent)).toEqual(['Deutsch', 'English', 'Türkçe']);
    fireEvent.change(menu(), { target: { value: 'de' } });
    expect(await logout('Abmelden')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.appName })).toBeInTheDocument();
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ language: 'de' }));
  });
});
