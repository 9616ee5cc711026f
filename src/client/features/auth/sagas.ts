import type { Task } from 'redux-saga';
import { all, call, cancel, cancelled, fork, put, take, takeLatest } from 'redux-saga/effects';
import { API, type LoginResponse, type SaidBody } from '../../../shared/api';
import { failure } from '../../api/failure';
import { callAndStore } from '../../api/callAndStore';
import { said } from '../../api/said';
import { ApiError, http } from '../../api/http';
import { loggedIn } from '../session';
import {
  forgotRequested,
  forgotSucceeded,
  loginCancelled,
  loginRequested,
  loginSucceeded,
  modeChanged,
  registerRequested,
  registerSucceeded,
  requestFailed,
  resetRequested,
  resetSucceeded,
} from './slice';

function* authorize(credentials: { username: string; password: string }) {
  try {
    yield* callAndStore(call(http.post, API.login, credentials), (response: LoginResponse) => [loginSucceeded(), loggedIn(response)], requestFailed, 'auth:loginFailed');
  } finally {
    const wasCancelled: boolean = yield cancelled();
    if (wasCancelled) yield put(loginCancelled());
  }
}

/**
 * The login flow: take a request, fork the call, then wait for its outcome. Leaving the login
 * mode (the register or forgot-password link) while the call runs cancels it, so a late answer
 * cannot log the user in behind their back.
 */
function* loginFlow() {
  while (true) {
    const asked: ReturnType<typeof loginRequested> = yield take(loginRequested.type);
    const task: Task = yield fork(authorize, asked.payload);
    const outcome: { type: string } = yield take([loginSucceeded.type, requestFailed.type, modeChanged.type]);
    if (outcome.type === modeChanged.type) yield cancel(task);
  }
}

function* register(action: ReturnType<typeof registerRequested>) {
  yield* callAndStore(
    call(http.post, API.register, action.payload),
    (answer: SaidBody) => registerSucceeded({ username: action.payload.username, message: said(answer) }),
    requestFailed,
    'auth:registerFailed',
  );
}

function* forgot(action: ReturnType<typeof forgotRequested>) {
  try {
    const answer: Partial<SaidBody> | null = yield call(http.post, API.forgotPassword, action.payload);
    yield put(forgotSucceeded({ message: answer?.message ? said(answer) : null }));
  } catch (error) {
    // The spec's own sentences for these two, whatever the server says.
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 503) yield put(requestFailed({ kind: 'error', key: 'auth:forgotUnavailable' }));
    else if (status === 404) yield put(requestFailed({ kind: 'error', key: 'auth:forgotUnknown' }));
    else yield put(requestFailed(failure(error, 'auth:forgotFailed')));
  }
}

function* reset(action: ReturnType<typeof resetRequested>) {
  yield* callAndStore(call(http.post, API.resetPassword, action.payload), (answer: SaidBody) => resetSucceeded({ message: said(answer) }), requestFailed, 'auth:resetFailed');
}

export function* authSaga() {
  yield all([
    fork(loginFlow),
    takeLatest(registerRequested.type, register),
    takeLatest(forgotRequested.type, forgot),
    takeLatest(resetRequested.type, reset),
  ]);
}
