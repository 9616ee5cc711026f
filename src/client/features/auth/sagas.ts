import { all, call, put, takeLatest } from 'redux-saga/effects';
import { API, type LoginResponse } from '../../../shared/api';
import { ApiError, http } from '../../api/http';
import { loggedIn } from '../session/slice';
import { saveLogin } from '../session/storage';
import {
  forgotRequested,
  forgotSucceeded,
  loginRequested,
  loginSucceeded,
  type Notice,
  registerRequested,
  registerSucceeded,
  requestFailed,
  resetRequested,
  resetSucceeded,
} from './slice';

/** The server's sentence when it sent one, else the screen's own fallback (SPEC section 8). */
export function failure(error: unknown, fallbackKey: string): Notice {
  const text = error instanceof ApiError ? error.serverMessage : null;
  return text ? { kind: 'error', text } : { kind: 'error', key: fallbackKey };
}

function* login(action: ReturnType<typeof loginRequested>) {
  try {
    const response: LoginResponse = yield call(http.post, API.login, action.payload);
    yield put(loginSucceeded());
    yield put(loggedIn(saveLogin(response)));
  } catch (error) {
    yield put(requestFailed(failure(error, 'auth:loginFailed')));
  }
}

function* register(action: ReturnType<typeof registerRequested>) {
  try {
    const response: { message: string } = yield call(http.post, API.register, action.payload);
    yield put(registerSucceeded({ username: action.payload.username, message: response.message }));
  } catch (error) {
    yield put(requestFailed(failure(error, 'auth:registerFailed')));
  }
}

function* forgot(action: ReturnType<typeof forgotRequested>) {
  try {
    const response: { message?: string } = yield call(http.post, API.forgotPassword, action.payload);
    yield put(forgotSucceeded({ message: response?.message ?? null }));
  } catch (error) {
    // The spec's own sentences for these two, whatever the server says.
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 503) yield put(requestFailed({ kind: 'error', key: 'auth:forgotUnavailable' }));
    else if (status === 404) yield put(requestFailed({ kind: 'error', key: 'auth:forgotUnknown' }));
    else yield put(requestFailed(failure(error, 'auth:forgotFailed')));
  }
}

function* reset(action: ReturnType<typeof resetRequested>) {
  try {
    const response: { message: string } = yield call(http.post, API.resetPassword, action.payload);
    yield put(resetSucceeded({ message: response.message }));
  } catch (error) {
    yield put(requestFailed(failure(error, 'auth:resetFailed')));
  }
}

export function* authSaga() {
  yield all([
    takeLatest(loginRequested.type, login),
    takeLatest(registerRequested.type, register),
    takeLatest(forgotRequested.type, forgot),
    takeLatest(resetRequested.type, reset),
  ]);
}
