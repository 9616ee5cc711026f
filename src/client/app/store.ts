import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { authSlice } from '../features/auth/slice';
import { passwordSlice } from '../features/account/slice';
import { catalogueSlice } from '../features/catalogue/slice';
import { stepsSlice } from '../features/production-steps/slice';
import { sessionSlice } from '../features/session/slice';
import { usersSlice } from '../features/users/slice';
import { exportsSlice } from '../features/exports/slice';
import { orderLinesSlice } from '../features/order-lines/slice';
import { connectSession } from '../api/http';
import { sessionAccess } from '../features/session/access';
import { customersSlice } from '../features/customers/slice';
import { lookupsSlice } from '../features/lookups/slice';
import { ownProfileSlice } from '../features/account/ownProfile';
import { languageSlice } from '../features/account/language';
import { manualOrderSlice } from '../features/customer-orders/manualOrder';
import { settingsSlice } from '../features/settings/slice';
import { workshopsSlice } from '../features/workshops/slice';
import { auditSlice } from '../features/audit/slice';
import { liveSlice } from '../features/live/slice';
import { gridViewsSlice } from '../features/grid-views/slice';
import { shopsSlice } from '../features/shops/slice';
import { reportsSlice } from '../features/reports/slice';
import { archiveSlice } from '../features/archive/slice';
import { flowSlice } from '../features/flow/slice';
import { mailSlice } from '../features/mail/slice';
import { creditSummarySlice } from '../features/credit-summary/slice';
import { metalSlice } from '../features/metal/slice';
import { dashboardSlice } from '../features/dashboard/slice';
import { workshopFiguresSlice } from '../features/workshop-orders/slice';
import { ticketsSlice } from '../features/tickets/slice';
import { scorecardSlice } from '../features/scorecard/slice';
import { gridScanSlice } from '../features/orders/gridScan';
import { notificationsSlice } from '../features/notifications/slice';
import { rootSaga } from './rootSaga';

/* The composition root reads each feature's slice from its file; features reach each other through their index. */

export const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  auth: authSlice.reducer,
  password: passwordSlice.reducer,
  users: usersSlice.reducer,
  steps: stepsSlice.reducer,
  catalogue: catalogueSlice.reducer,
  lookups: lookupsSlice.reducer,
  settings: settingsSlice.reducer,
  workshops: workshopsSlice.reducer,
  customers: customersSlice.reducer,
  ownProfile: ownProfileSlice.reducer,
  language: languageSlice.reducer,
  manualOrder: manualOrderSlice.reducer,
  orderLines: orderLinesSlice.reducer,
  exports: exportsSlice.reducer,
  audit: auditSlice.reducer,
  live: liveSlice.reducer,
  gridViews: gridViewsSlice.reducer,
  shops: shopsSlice.reducer,
  reports: reportsSlice.reducer,
  archive: archiveSlice.reducer,
  flow: flowSlice.reducer,
  mail: mailSlice.reducer,
  creditSummary: creditSummarySlice.reducer,
  scorecard: scorecardSlice.reducer,
  metal: metalSlice.reducer,
  dashboard: dashboardSlice.reducer,
  workshopFigures: workshopFiguresSlice.reducer,
  notifications: notificationsSlice.reducer,
  tickets: ticketsSlice.reducer,
  gridScan: gridScanSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createStore() {
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (defaults) => defaults({ thunk: false }).concat(sagas),
  });
  // Before the sagas start: their first requests already carry the session's token.
  connectSession(sessionAccess(store.dispatch));
  const root = sagas.run(rootSaga);
  /** Cancels every saga, which closes their channels and window listeners (tests, teardown). */
  return Object.assign(store, { stop: () => root.cancel() });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
