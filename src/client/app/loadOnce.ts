import { call, race, select, take, takeLeading } from 'redux-saga/effects';
import { loggedIn, loggedOut } from '../features/session';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * The one way a shared list is loaded: once per session, whichever screens ask. A load under way
 * serves every screen that asks meanwhile (takeLeading); a loaded list is not read again; a load
 * that a logout or another login overtakes is dropped, so one user's answer never fills the next
 * user's screens.
 */
export function takeLoadOnce<S>(pattern: string, selectStatus: (state: S) => LoadStatus, load: () => Generator) {
  return takeLeading(pattern, function* loadOnce() {
    const status: LoadStatus = yield select(selectStatus);
    if (status !== 'ready') yield race([call(load), take([loggedIn.type, loggedOut.type])]);
  });
}

/** The reducer's side of a screen asking: a loaded list stays as it is. */
export function loadAsked(state: { status: LoadStatus; notice?: unknown }): void {
  if (state.status === 'ready') return;
  state.status = 'loading';
  if ('notice' in state) state.notice = null;
}
