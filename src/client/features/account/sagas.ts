import { call, put, takeLatest } from 'redux-saga/effects';
import { API } from '../../../shared/api';
import { http } from '../../api/http';
import { failure } from '../../api/failure';
import { passwordChanged, passwordChangeFailed, passwordChangeRequested } from './slice';

function* changePassword(action: ReturnType<typeof passwordChangeRequested>) {
  try {
    yield call(http.post, API.changePassword, action.payload);
    yield put(passwordChanged());
  } catch (error) {
    yield put(passwordChangeFailed(failure(error, 'account:failed')));
  }
}

export function* passwordSaga() {
  yield takeLatest(passwordChangeRequested.type, changePassword);
}
