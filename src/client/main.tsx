import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createI18n } from './app/i18n';
import { AppRouter } from './app/router';
import { createStore } from './app/store';

const store = createStore();
const i18n = createI18n('tr');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <AppRouter />
      </I18nextProvider>
    </Provider>
  </StrictMode>,
);
