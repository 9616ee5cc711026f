import { all, call, fork } from 'redux-saga/effects';
import { accountSaga } from '../features/account/sagas';
import { authSaga } from '../features/auth/sagas';
import { catalogueSaga } from '../features/catalogue/sagas';
import { stepsSaga } from '../features/production-steps/sagas';
import { sessionSaga } from '../features/session/sagas';
import { usersSaga } from '../features/users/sagas';
import { customersSaga } from '../features/customers/sagas';
import { lookupsSaga } from '../features/lookups/sagas';
import { settingsSaga } from '../features/settings/sagas';
import { workshopsSaga } from '../features/workshops/sagas';
import { customerOrdersSaga } from '../features/customer-orders/sagas';
import { exportsSaga } from '../features/exports/sagas';
import { orderLinesSaga } from '../features/order-lines/sagas';
import { auditSaga } from '../features/audit/sagas';
import { liveSaga } from '../features/live/sagas';
import { gridViewsSaga } from '../features/grid-views/sagas';
import { shopsSaga } from '../features/shops/sagas';
import { reportsSaga } from '../features/reports/sagas';
import { archiveSaga } from '../features/archive/sagas';
import { flowSaga } from '../features/flow/sagas';
import { mailSaga } from '../features/mail/sagas';
import { creditSummarySaga } from '../features/credit-summary/sagas';
import { scorecardSaga } from '../features/scorecard/sagas';
import { metalSaga } from '../features/metal/sagas';
import { dashboardSaga } from '../features/dashboard/sagas';
import { workshopOrdersSaga } from '../features/workshop-orders/sagas';
import { ticketsSaga } from '../features/tickets/sagas';
import { gridScanSaga } from '../features/orders/gridScanSaga';
import { notificationsSaga } from '../features/notifications/sagas';

/**
 * Each feature's saga runs on its own; one that crashes is started again instead of stopping the
 * rest (the error is caught here, so it never reaches the root). Cancelling the root cancels them all.
 */
export function* rootSaga() {
  const sagas = [sessionSaga, authSaga, accountSaga, usersSaga, stepsSaga, catalogueSaga, lookupsSaga, settingsSaga, workshopsSaga, customersSaga, orderLinesSaga, customerOrdersSaga, exportsSaga, auditSaga, liveSaga, gridViewsSaga, shopsSaga, reportsSaga, metalSaga, dashboardSaga, workshopOrdersSaga, archiveSaga, ticketsSaga, flowSaga, creditSummarySaga, mailSaga, scorecardSaga, gridScanSaga, notificationsSaga];
  yield all(
    sagas.map((saga) =>
      fork(function* keepAlive() {
        while (true) {
          try {
            yield call(saga);
            break;
          } catch (error) {
            console.error(error);
          }
        }
      }),
    ),
  );
}
