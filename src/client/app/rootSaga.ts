import { all, call, fork } from 'redux-saga/effects';
import { passwordSaga } from '../features/account/sagas';
import { authSaga } from '../features/auth/sagas';
import { catalogueSaga } from '../features/catalogue/sagas';
import { stepsSaga } from '../features/production-steps/sagas';
import { resourcesSaga } from '../features/resources/sagas';
import { sessionSaga } from '../features/session/sagas';
import { usersSaga } from '../features/users/sagas';

/**
 * Each feature's saga runs on its own; one that crashes is started again instead of stopping the
 * rest (the error is caught here, so it never reaches the root). Cancelling the root cancels them all.
 */
export function* rootSaga() {
  const sagas = [sessionSaga, authSaga, passwordSaga, usersSaga, stepsSaga, catalogueSaga, resourcesSaga];
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
