import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { onSessionEvents } from './api/http';
import { createI18n } from './app/i18n';
import { AppRouter } from './app/router';
import { createStore } from './app/store';
import { loggedOut, sessionReloaded } from './features/session/slice';
import { readSession } from './features/session/storage';

const store = createStore();
onSessionEvents({
  refreshed: () => store.dispatch(sessionReloaded(readSession())),
  lost: () => store.dispatch(loggedOut()),
});
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
