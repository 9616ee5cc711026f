import './app/openingRead';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { DEFAULT_LANGUAGE } from '../shared/locale';
import { createI18n } from './app/i18n';
import { loadCatalogue } from './app/languageChunks';
import { followLanguage, startLanguage } from './app/languages';
import { AppRouter, preloadScreen } from './app/router';
import { createStore } from './app/store';
import { dropOpeningRead } from './features/order-lines/openingRead';

/** The page's language is loaded before the first render, so no key ever shows in its place. */
async function languageLoaded(): Promise<string> {
  const language = startLanguage();
  try {
    await loadCatalogue(language);
    return language;
  } catch {
    await loadCatalogue(DEFAULT_LANGUAGE);
    return DEFAULT_LANGUAGE;
  }
}

const language = languageLoaded();
const store = createStore();
// The screen's code and its reads go out beside the catalogue, not after it, and the first render
// waits for both: a screen still loading would show its fallback, and React then holds the screen
// back until 300 ms after the fallback appeared (preloadable.tsx).
const screen = preloadScreen(location.pathname, store);
// The screen's reads are out, its list with them: a list asked for as the page started and not taken is dropped.
dropOpeningRead();

void Promise.all([language, screen]).then(([language]) => {
  const i18n = createI18n(language);
  followLanguage(i18n);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <AppRouter />
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
});
