import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { authSlice } from '../features/auth/slice';
import { passwordSlice } from '../features/account/slice';
import { catalogueSlice } from '../features/catalogue/slice';
import { stepsSlice } from '../features/production-steps/slice';
import { resourcesSlice } from '../features/resources/slice';
import { sessionSlice } from '../features/session/slice';
import { usersSlice } from '../features/users/slice';
import { rootSaga } from './rootSaga';

export const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  auth: authSlice.reducer,
  password: passwordSlice.reducer,
  users: usersSlice.reducer,
  steps: stepsSlice.reducer,
  catalogue: catalogueSlice.reducer,
  resources: resourcesSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createStore() {
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (defaults) => defaults({ thunk: false }).concat(sagas),
  });
  const root = sagas.run(rootSaga);
  /** Cancels every saga, which closes their channels and window listeners (tests, teardown). */
  return Object.assign(store, { stop: () => root.cancel() });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
