import { buffers, type Channel, channel, eventChannel, type EventChannel, type Task } from 'redux-saga';
import { call, cancel, delay, fork, put, select, take } from 'redux-saga/effects';
import { readsLines, Role, type RoleId } from '../../../shared/roles';
import { LIVE_BATCH_MS, LIVE_PATHS, LIVE_RECONNECT_ATTEMPTS, LIVE_RECONNECT_STEP_MS, LiveClose } from '../../../shared/live';
import { currentToken, refreshOnce, sessionLost } from '../../api/http';
import { loggedIn, loggedOut, profileLoaded, selectSession, sessionReloaded, type SessionState } from '../session';
import { lineEvent, newTracker, readChanges, seenVersion, sinceLastSeen, type Tracker } from './reads';
import { liveStatusChanged, notificationsHeard, reconnectRequested, selectLiveStatus, type LiveStatus, voucherHeard } from './slice';
import { liveUrl, pageOrigin, type SocketEvent, socketEvents } from './socket';

/** Where and how the channel connects; tests point it at their own server and shorten the waits. */
export interface LiveOptions {
  /** `ws://host` or `wss://host` of the channel. */
  origin: () => string;
  paths: readonly string[];
  /** Reconnects after a drop before the channel counts as offline. */
  attempts: number;
  /** The wait before reconnect n is n times this. */
  stepMs: number;
  /** How long changed ids are gathered, by the reader's role. */
  batchMs: (role: RoleId) => number;
}

const DEFAULTS: LiveOptions = {
  origin: pageOrigin,
  paths: LIVE_PATHS,
  attempts: LIVE_RECONNECT_ATTEMPTS,
  stepMs: LIVE_RECONNECT_STEP_MS,
  // A workshop's tablet list is the screen where a moved piece must show soonest.
  batchMs: (role) => (role === Role.Workshop ? LIVE_BATCH_MS.workshopList : LIVE_BATCH_MS.adminOrders),
};

/** How one socket ended. */
interface Outcome {
  /** It opened (else the next path is tried). */
  opened: boolean;
  /** The server took its token and said ready. */
  ready: boolean;
  code: number;
}

/** One socket, from its opening to its close; a cancelled session closes it. */
function* connection(url: string, tracker: Tracker, wake: Channel<true>) {
  const events: EventChannel<SocketEvent> = yield call(socketEvents, url, currentToken);
  let ready = false;
  try {
    while (true) {
      const event: SocketEvent = yield take(events);
      if (event.kind === 'closed') return { opened: event.opened, ready, code: event.code } satisfies Outcome;
      const { message } = event;
      if (message.type === 'ready') {
        // After a drop, what changed meanwhile is read from the last version seen before this ready
        // (the first ready has none); the batch also reports the new version.
        const resumed = sinceLastSeen(tracker);
        seenVersion(tracker, message.version);
        ready = true;
        yield put(liveStatusChanged('connected'));
        if (resumed) {
          yield put(voucherHeard(null));
          yield put(notificationsHeard());
        }
        wake.put(true);
      } else if (message.type === 'resync') {
        if (sinceLastSeen(tracker)) wake.put(true);
        yield put(voucherHeard(null));
        yield put(notificationsHeard());
      } else if (message.type === 'metal_voucher') {
        yield put(voucherHeard(message));
      } else if (message.type === 'notifications') {
        yield put(notificationsHeard());
      } else {
        lineEvent(tracker, message);
        wake.put(true);
      }
    }
  } finally {
    events.close();
  }
}

/** A page the browser brings back from its back-forward cache: its lines are as old as when it was left. */
function pageRestores(): EventChannel<true> {
  return eventChannel((emit) => {
    const handler = (event: PageTransitionEvent) => event.persisted && emit(true);
    window.addEventListener('pageshow', handler);
    return () => window.removeEventListener('pageshow', handler);
  });
}

/** After Back or Forward restored the page, what changed while it was away is read as after a resync. */
function* watchPageRestores(tracker: Tracker, wake: Channel<true>) {
  const restores: EventChannel<true> = yield call(pageRestores);
  try {
    while (true) {
      yield take(restores);
      if (sinceLastSeen(tracker)) wake.put(true);
      yield put(voucherHeard(null));
    }
  } finally {
    restores.close();
  }
}

/**
 * The channel of one logged-in user: connects, reconnects after a drop (each attempt waits a step
 * longer; a socket that never opened hands over to the next path), refreshes the token once when
 * the server refuses it, and after the last attempt waits offline for the user's word.
 */
function* liveSession(options: LiveOptions, who: SessionState) {
  const tracker = newTracker();
  const wake = channel<true>(buffers.sliding(1));
  yield fork(readChanges, tracker, wake, options.batchMs(who.role));
  yield fork(watchPageRestores, tracker, wake);
  let path = 0;
  let failures = 0;
  let refreshed = false;
  let status: LiveStatus = 'connecting';
  while (true) {
    yield put(liveStatusChanged(status));
    const outcome: Outcome = yield call(connection, liveUrl(options.origin(), options.paths[path], who), tracker, wake);
    // The server turns away a role that reads no line; trying again would only be turned away again.
    if (outcome.code === LiveClose.Forbidden) return void (yield put(liveStatusChanged('idle')));
    status = 'reconnecting';
    if (outcome.ready) {
      failures = 0;
      refreshed = false;
    }
    if (outcome.code === LiveClose.Unauthorized && !refreshed) {
      // One refresh, shared with the HTTP client's; a second refusal in a row counts as a failed attempt.
      refreshed = true;
      const ok: boolean = yield call(refreshOnce);
      if (ok) continue;
      // The session is over, as for a request: the logout that follows ends this task.
      yield call(sessionLost);
      failures = options.attempts;
    }
    if (!outcome.opened) path = (path + 1) % options.paths.length;
    failures++;
    if (failures > options.attempts) {
      yield put(liveStatusChanged('offline'));
      yield take(reconnectRequested.type);
      failures = 0;
      refreshed = false;
      status = 'connecting';
      continue;
    }
    yield put(liveStatusChanged(status));
    yield delay(options.stepMs * failures);
  }
}

const sameUser = (a: SessionState, b: SessionState) => b.loggedIn && a.userId === b.userId && a.role === b.role;

/**
 * Runs the channel while a user is logged in, like the session's own tasks: started at login,
 * cancelled (socket closed) at logout. The address names the user and role, so another user or a
 * new role starts it again.
 */
function* liveLifecycle(options: LiveOptions) {
  while (true) {
    const session: SessionState = yield select(selectSession);
    if (!session.loggedIn || !readsLines(session.role)) {
      if (((yield select(selectLiveStatus)) as LiveStatus) !== 'idle') yield put(liveStatusChanged('idle'));
      yield take([loggedIn.type, sessionReloaded.type, profileLoaded.type]);
      continue;
    }
    const task: Task = yield fork(liveSession, options, session);
    while (sameUser(session, (yield select(selectSession)) as SessionState)) {
      yield take([loggedIn.type, loggedOut.type, sessionReloaded.type, profileLoaded.type]);
    }
    yield cancel(task);
  }
}

/** The live saga with other options (tests); the app runs `liveSaga`. */
export function createLiveSaga(options: Partial<LiveOptions> = {}) {
  const merged = { ...DEFAULTS, ...options };
  return function* liveSaga() {
    yield call(liveLifecycle, merged);
  };
}

export const liveSaga = createLiveSaga();
