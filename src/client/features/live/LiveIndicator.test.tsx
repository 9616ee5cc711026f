import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createI18n } from '../../app/i18n';
import { rootReducer } from '../../app/store';
import { LiveIndicator } from './LiveIndicator';
import { liveStatusChanged, reconnectRequested } from './slice';

test('the pill names the state, and offline it offers a new round of attempts', () => {
  const seen: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    seen.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({ reducer: rootReducer, middleware: (defaults) => defaults({ thunk: false }).concat(record) });
  const { container } = render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n('tr')}>
        <LiveIndicator />
      </I18nextProvider>
    </Provider>,
  );
  expect(container).toBeEmptyDOMElement();

  const shown = { connecting: 'Bağlanıyor…', connected: 'Canlı', reconnecting: 'Yeniden bağlanıyor…' } as const;
  for (const [state, text] of Object.entries(shown)) {
    act(() => void store.dispatch(liveStatusChanged(state as keyof typeof shown)));
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(screen.getByRole('status')).toHaveAttribute('data-live-state', state);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  }

  act(() => void store.dispatch(liveStatusChanged('offline')));
  expect(screen.getByRole('status')).toHaveTextContent('Çevrimdışı');
  fireEvent.click(screen.getByRole('button', { name: 'Yeniden bağlan' }));
  expect(seen.at(-1)).toEqual(reconnectRequested());
});
