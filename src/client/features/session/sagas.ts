import { type EventChannel, eventChannel, type Task } from 'redux-saga';
import { all, call, cancel, delay, fork, put, race, select, take, takeEvery, takeLeading } from 'redux-saga/effects';
import { API, type UserDto } from '../../../shared/api';
import { SESSION_IDLE_LIMIT_MS } from '../../../shared/limits';
import { http } from '../../api/http';
import { loggedIn, loggedOut, logoutRequested, profileLoaded, selectSession, sessionReloaded, type SessionState } from './slice';
import { clearSession, readSession, saveRole, saveSession, SESSION_KEYS, sessionOf } from './storage';

const CHANNEL = 'session';
const watchedKeys = new Set<string>(Object.values(SESSION_KEYS));
/** What counts as the user being there: mouse, keyboard, touch and scrolling. */
const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keydown', 'touchstart', 'scroll', 'wheel'];

/** Tells the app's other tabs that this tab's session changed (login, logout, role change). */
function announceSessionChange(): void {
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
    const changed = user.role !== session.role || user.role_name !== session.roleTitle;
    saveRole(user.role, user.role_name);
    yield put(profileLoaded({ role: user.role, roleTitle: user.role_name, username: user.username, language: user.language ?? null }));
    if (changed) announceSessionChange();
  } catch {
    // A lost session is handled by the HTTP client; anything else keeps the stored role.
  }
}

/** Another tab (or code elsewhere) changed the session: read storage again and ask the server. */
function* watchElsewhere() {
  const changes: EventChannel<true> = yield call(sessionChanges);
  try {
    while (true) {
      yield take(changes);
      yield put(sessionReloaded(readSession()));
      yield call(loadProfile);
    }
  } finally {
    changes.close();
  }
}

function* watchFocus() {
  const focus: EventChannel<true> = yield call(windowEvents, ['focus']);
  try {
    while (true) {
      yield take(focus);
      yield call(loadProfile);
    }
  } finally {
    focus.close();
  }
}

/** Thirty minutes without activity end the session. */
function* watchIdle() {
  const activity: EventChannel<true> = yield call(windowEvents, ACTIVITY_EVENTS);
  try {
    while (true) {
      const { idle } = yield race({ active: take(activity), idle: delay(SESSION_IDLE_LIMIT_MS) });
      if (idle) {
        yield put(logoutRequested({ reason: 'idle' }));
        return;
      }
    }
  } finally {
    activity.close();
  }
}

/** Everything that runs while a user is logged in; cancelled (listeners removed) when the session ends. */
function* activeSession() {
  yield all([call(loadProfile), call(watchFocus), call(watchIdle)]);
}

/** Starts the logged-in tasks when a session begins and cancels them when it ends. */
function* sessionLifecycle() {
  while (true) {
    const session: SessionState = yield select(selectSession);
    if (!session.loggedIn) {
      yield take([loggedIn.type, sessionReloaded.type]);
      continue;
    }
    const task: Task = yield fork(activeSession);
    while (((yield select(selectSession)) as SessionState).loggedIn) {
      yield take([loggedOut.type, sessionReloaded.type]);
    }
    yield cancel(task);
  }
}

/** POST logout, then clear every auth key from session and local storage; the guards go to /login. */
function* logout(action: ReturnType<typeof logoutRequested>) {
  try {
    yield call(http.post, API.logout);
  } catch {
    // The session may already be gone on the server; the local one ends regardless.
  }
  clearSession();
  announceSessionChange();
  yield put(loggedOut(action.payload));
}

/** A new login is kept in the tab's storage and told to the other tabs. */
function keepLogin(action: ReturnType<typeof loggedIn>) {
  saveSession(sessionOf(action.payload));
  announceSessionChange();
}

export function* sessionSaga() {
  yield all([
    fork(sessionLifecycle),
    fork(watchElsewhere),
    takeLeading(logoutRequested.type, logout),
    takeEvery(loggedIn.type, keepLogin),
  ]);
}
