import { type EventChannel, eventChannel } from 'redux-saga';
import { all, call, delay, fork, put, race, select, take, takeLatest } from 'redux-saga/effects';
import { API, type UserDto } from '../../../shared/api';
import { SESSION_IDLE_LIMIT_MS } from '../../../shared/limits';
import { http } from '../../api/http';
import { loggedIn, loggedOut, logoutRequested, profileLoaded, selectSession, sessionReloaded, type SessionState } from './slice';
import { clearSession, readSession, saveRole, SESSION_KEYS } from './storage';

const CHANNEL = 'session';
const watchedKeys = new Set<string>(Object.values(SESSION_KEYS));

/** Tells the app's other tabs that this tab's session changed. */
function announce(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/** Changes of token, role or user id made elsewhere: storage events and other tabs' announcements. */
function sessionChanges(): EventChannel<true> {
  return eventChannel((emit) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || watchedKeys.has(event.key)) emit(true);
    };
    const broadcast = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (broadcast) broadcast.onmessage = () => emit(true);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      broadcast?.close();
    };
  });
}

function windowEvents(names: string[]): EventChannel<true> {
  return eventChannel((emit) => {
    const handler = () => emit(true);
    names.forEach((name) => window.addEventListener(name, handler, { passive: true }));
    return () => names.forEach((name) => window.removeEventListener(name, handler));
  });
}

/** The user's current role comes from the server, so an admin's change shows without a new login. */
function* loadProfile() {
  const session: SessionState = yield select(selectSession);
  if (!session.loggedIn) return;
  try {
    const { user }: { user: UserDto } = yield call(http.get, API.me);
    saveRole(user.role, user.role_name);
    yield put(profileLoaded({ role: user.role, roleTitle: user.role_name, username: user.username }));
  } catch {
    // A lost session is handled by the HTTP client; anything else keeps the stored role.
  }
}

function* watchElsewhere() {
  const changes: EventChannel<true> = yield call(sessionChanges);
  while (true) {
    yield take(changes);
    yield put(sessionReloaded(readSession()));
    yield call(loadProfile);
  }
}

function* watchFocus() {
  const focus: EventChannel<true> = yield call(windowEvents, ['focus']);
  while (true) {
    yield take(focus);
    yield call(loadProfile);
  }
}

/** Thirty minutes without a key press, click, touch or scroll end the session. */
function* watchIdle() {
  const activity: EventChannel<true> = yield call(windowEvents, ['mousedown', 'mousemove', 'keydown', 'touchstart', 'scroll', 'wheel']);
  while (true) {
    const session: SessionState = yield select(selectSession);
    if (!session.loggedIn) {
      yield take(loggedIn.type);
      continue;
    }
    const { idle } = yield race({ active: take(activity), idle: delay(SESSION_IDLE_LIMIT_MS), out: take(loggedOut.type) });
    if (idle) yield put(logoutRequested({ reason: 'idle' }));
  }
}

function* logout(action: ReturnType<typeof logoutRequested>) {
  try {
    yield call(http.post, API.logout);
  } catch {
    // The session may already be gone on the server; the local one ends regardless.
  }
  clearSession();
  announce();
  yield put(loggedOut(action.payload));
}

export function* sessionSaga() {
  yield all([
    fork(watchElsewhere),
    fork(watchFocus),
    fork(watchIdle),
    takeLatest(logoutRequested.type, logout),
    takeLatest(loggedIn.type, function* () {
      announce();
      yield call(loadProfile);
    }),
    call(loadProfile),
  ]);
}
