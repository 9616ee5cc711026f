import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { API, type NotificationPreferencesDto, type NotificationsDto, type SaidBody } from '../../../shared/api';
import { NOTIFICATIONS_PAGE } from '../../../shared/notifications';
import { http } from '../../api/http';
import { callAndStore, FAILED } from '../../api/callAndStore';
import { notificationsHeard } from '../live';
import { said } from '../../api/said';
import {
  allReadRequested,
  markFailed,
  notificationReadRequested,
  notificationsFailed,
  notificationsLoaded,
  notificationsRequested,
  preferencesFailed,
  preferencesLoaded,
  preferencesRequested,
  preferencesSaved,
  preferencesSaveFailed,
  preferencesSaveRequested,
  unreadCounted,
  unsubscribed,
  unsubscribeFailed,
  unsubscribeRequested,
} from './slice';

function* readNotifications() {
  yield* callAndStore(call(http.get, `${API.notifications}?limit=${NOTIFICATIONS_PAGE}`), (answer: NotificationsDto) => notificationsLoaded(answer), notificationsFailed, 'notifications:failed');
}

function* markRead(action: ReturnType<typeof notificationReadRequested>) {
  const answer: { unread: number } | typeof FAILED = yield* callAndStore(call(http.put, API.notificationRead(action.payload)), (done: { unread: number }) => unreadCounted(done.unread), markFailed, 'notifications:markFailed');
  // A refused mark: the list is read again, so it shows what the server holds.
  if (answer === FAILED) yield put(notificationsRequested());
}

function* markAllRead() {
  const answer: { unread: number } | typeof FAILED = yield* callAndStore(call(http.put, API.notificationsReadAll), (done: { unread: number }) => unreadCounted(done.unread), markFailed, 'notifications:markFailed');
  if (answer === FAILED) yield call(readNotifications);
}

/** Confirmed on the e-mail's unsubscribe page: no session, the link's signature is the permission. */
function* unsubscribe(action: ReturnType<typeof unsubscribeRequested>) {
  yield* callAndStore(call(http.post, `${API.notificationsUnsubscribe}?${action.payload}`, {}), (answer: SaidBody) => unsubscribed({ kind: 'success', ...said(answer) }), unsubscribeFailed, 'notifications:unsubscribe.invalid');
}

function* readPreferences() {
  yield* callAndStore(call(http.get, API.notificationPreferences), (answer: NotificationPreferencesDto) => preferencesLoaded(answer), preferencesFailed, 'notifications:preferences.failed');
}

function* savePreferences(action: ReturnType<typeof preferencesSaveRequested>) {
  yield* callAndStore(
    call(http.put, API.notificationPreferences, { preferences: action.payload }),
    (answer: NotificationPreferencesDto) => preferencesSaved(answer),
    preferencesSaveFailed,
    'notifications:preferences.saveFailed',
  );
}

export function* notificationsSaga() {
  yield takeLatest(preferencesRequested.type, readPreferences);
  yield takeLatest(preferencesSaveRequested.type, savePreferences);
  yield takeLatest(unsubscribeRequested.type, unsubscribe);
  yield takeLatest([notificationsRequested.type, notificationsHeard.type], readNotifications);
  yield takeEvery(notificationReadRequested.type, markRead);
  yield takeLatest(allReadRequested.type, markAllRead);
}
