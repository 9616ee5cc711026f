import { call, race, select, take, takeLeading } from 'redux-saga/effects';
import type { LoadStatus } from '../../api/loadable';
import { loggedIn, loggedOut } from './slice';

/**
 * The one way shared data is loaded: once per session, whichever screens ask. A load under way
 * serves every screen that asks meanwhile (takeLeading); loaded data is not read again; a load
 * that a logout or another login overtakes is dropped, so one user's answer never fills the next
 * user's screens.
 */
export function takeLoadOnce<S>(pattern: string, selectStatus: (state: S) => LoadStatus, load: () => Generator) {
  return takeLeading(pattern, function* loadOnce() {
    const status: LoadStatus = yield select(selectStatus);
    if (status !== 'ready') yield call(untilSessionChanges, load);
  });
}

/** Runs `read` unless the session changes first: the next user must never get this one's data. */
export function* untilSessionChanges(read: () => Generator) {
  yield race([call(read), take([loggedIn.type, loggedOut.type])]);
}
