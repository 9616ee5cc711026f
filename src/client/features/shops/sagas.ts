import { all, call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { API, type PendingItemDto, type SaidBody, type ShopConnectionDto, type ShopEventDto, type ShopSubscriptionDto } from '../../../shared/api';
import { http } from '../../api/http';
import { failure } from '../../api/failure';
import { said } from '../../api/said';
import type { NoticeLike } from '../../components/NoticeView';
import {
  connectionTested,
  connectionTestFailed,
  connectionTestRequested,
  eventsFailed,
  eventsLoaded,
  eventsRequested,
  itemMatched,
  itemMatchFailed,
  itemMatchRequested,
  jobRetried,
  jobRetryFailed,
  jobRetryRequested,
  pendingFailed,
  pendingLoaded,
  pendingRequested,
  storesFailed,
  storesLoaded,
  storesRequested,
  subscriptionsFailed,
  subscriptionsLoaded,
  subscriptionsRequested,
} from './slice';

/** The server's sentence when it sent one, else the panel's own. */
function done(answer: Partial<SaidBody>, key: string, params?: Record<string, string>): NoticeLike {
  return answer.message ? { kind: 'success', ...said(answer) } : { kind: 'success', key, params };
}

function* loadStores() {
  try {
    const { shops }: { shops: ShopConnectionDto[] } = yield call(http.get, API.shop);
    yield put(storesLoaded(shops ?? []));
  } catch (error) {
    yield put(storesFailed(failure(error, 'shops:stores.loadFailed')));
  }
}

function* testConnection(action: ReturnType<typeof connectionTestRequested>) {
  const id = action.payload;
  try {
    const answer: Partial<SaidBody> & { shop: { name: string } } = yield call(http.post, API.shopTest(id));
    yield put(connectionTested({ id, notice: done(answer, 'shops:stores.testPassed', { name: answer.shop.name }) }));
  } catch (error) {
    yield put(connectionTestFailed({ id, notice: failure(error, 'shops:stores.testFailed') }));
  }
}

function* loadSubscriptions(action: ReturnType<typeof subscriptionsRequested>) {
  const id = action.payload;
  try {
    const { subscriptions }: { subscriptions: ShopSubscriptionDto[] } = yield call(http.get, API.shopSubscriptions(id));
    yield put(subscriptionsLoaded({ id, list: subscriptions ?? [] }));
  } catch (error) {
    yield put(subscriptionsFailed({ id, notice: failure(error, 'shops:subscriptions.loadFailed') }));
  }
}

function* loadEvents() {
  try {
    const { events }: { events: ShopEventDto[] } = yield call(http.get, API.shopEvents);
    yield put(eventsLoaded(events ?? []));
  } catch (error) {
    yield put(eventsFailed(failure(error, 'shops:events.loadFailed')));
  }
}

function* retryJob(action: ReturnType<typeof jobRetryRequested>) {
  const id = action.payload;
  try {
    const answer: Partial<SaidBody> = yield call(http.post, API.shopJobRetry(id));
    yield put(jobRetried({ id, notice: done(answer, 'shops:events.retried') }));
    // The worker may take the job at once: the list is read again to show what became of it.
    yield put(eventsRequested());
  } catch (error) {
    yield put(jobRetryFailed({ id, notice: failure(error, 'shops:events.retryFailed') }));
  }
}

function* loadPending() {
  try {
    const { items }: { items: PendingItemDto[] } = yield call(http.get, API.shopPendingItems);
    yield put(pendingLoaded(items ?? []));
  } catch (error) {
    yield put(pendingFailed(failure(error, 'shops:pending.loadFailed')));
  }
}

function* matchItem(action: ReturnType<typeof itemMatchRequested>) {
  const { id, productId } = action.payload;
  try {
    const answer: Partial<SaidBody> = yield call(http.post, API.shopPendingItemMatch(id), { product_id: productId });
    yield put(itemMatched({ id, notice: done(answer, 'shops:pending.matched') }));
  } catch (error) {
    yield put(itemMatchFailed({ id, notice: failure(error, 'shops:pending.matchFailed') }));
  }
}

export function* shopsSaga() {
  yield all([
    // A newer read of a list replaces one still under way; row actions each run to their own answer.
    takeLatest(storesRequested.type, loadStores),
    takeEvery(connectionTestRequested.type, testConnection),
    takeEvery(subscriptionsRequested.type, loadSubscriptions),
    takeLatest(eventsRequested.type, loadEvents),
    takeEvery(jobRetryRequested.type, retryJob),
    takeLatest(pendingRequested.type, loadPending),
    takeEvery(itemMatchRequested.type, matchItem),
  ]);
}
