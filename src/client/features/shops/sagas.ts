import { all, call, takeEvery, takeLatest } from 'redux-saga/effects';
import { API, type PendingItemDto, type RefusedWebhookDto, type SaidBody, type ShopConnectionDto, type ShopEventDto, type ShopSubscriptionDto } from '../../../shared/api';
import { http } from '../../api/http';
import { callAndStore } from '../../api/callAndStore';
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
  jobDismissed,
  jobDismissFailed,
  jobDismissRequested,
  jobRetried,
  jobRetryFailed,
  jobRetryRequested,
  pendingFailed,
  pendingLoaded,
  pendingRequested,
  refusalsFailed,
  refusalsLoaded,
  refusalsRequested,
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
  yield* callAndStore(call(http.get, API.shop), (answer: { shops: ShopConnectionDto[] }) => storesLoaded(answer.shops ?? []), storesFailed, 'shops:stores.loadFailed');
}

function* testConnection(action: ReturnType<typeof connectionTestRequested>) {
  const id = action.payload;
  yield* callAndStore(
    call(http.post, API.shopTest(id)),
    (answer: Partial<SaidBody> & { shop: { name: string } }) => connectionTested({ id, notice: done(answer, 'shops:stores.testPassed', { name: answer.shop.name }) }),
    (notice) => connectionTestFailed({ id, notice }),
    'shops:stores.testFailed',
  );
}

function* loadSubscriptions(action: ReturnType<typeof subscriptionsRequested>) {
  const id = action.payload;
  yield* callAndStore(
    call(http.get, API.shopSubscriptions(id)),
    (answer: { subscriptions: ShopSubscriptionDto[] }) => subscriptionsLoaded({ id, list: answer.subscriptions ?? [] }),
    (notice) => subscriptionsFailed({ id, notice }),
    'shops:subscriptions.loadFailed',
  );
}

function* loadEvents() {
  yield* callAndStore(call(http.get, API.shopEvents), (answer: { events: ShopEventDto[] }) => eventsLoaded(answer.events ?? []), eventsFailed, 'shops:events.loadFailed');
}

function* retryJob(action: ReturnType<typeof jobRetryRequested>) {
  const id = action.payload;
  yield* callAndStore(
    call(http.post, API.shopJobRetry(id)),
    // The worker may take the job at once: the list is read again to show what became of it.
    (answer: Partial<SaidBody>) => [jobRetried({ id, notice: done(answer, 'shops:events.retried') }), eventsRequested()],
    (notice) => jobRetryFailed({ id, notice }),
    'shops:events.retryFailed',
  );
}

function* dismissJob(action: ReturnType<typeof jobDismissRequested>) {
  const id = action.payload;
  yield* callAndStore(
    call(http.post, API.shopJobDismiss(id)),
    (answer: Partial<SaidBody>) => jobDismissed({ id, notice: done(answer, 'success:shopifyJobDismissed') }),
    (notice) => jobDismissFailed({ id, notice }),
    'shops:events.dismissFailed',
  );
}

function* loadPending() {
  yield* callAndStore(call(http.get, API.shopPendingItems), (answer: { items: PendingItemDto[] }) => pendingLoaded(answer.items ?? []), pendingFailed, 'shops:pending.loadFailed');
}

function* matchItem(action: ReturnType<typeof itemMatchRequested>) {
  const { id, productId } = action.payload;
  yield* callAndStore(
    call(http.post, API.shopPendingItemMatch(id), { product_id: productId }),
    (answer: Partial<SaidBody>) => itemMatched({ id, notice: done(answer, 'shops:pending.matched') }),
    (notice) => itemMatchFailed({ id, notice }),
    'shops:pending.matchFailed',
  );
}

function* loadRefusals() {
  yield* callAndStore(call(http.get, API.shopRefusedWebhooks), (answer: { refusals: RefusedWebhookDto[] }) => refusalsLoaded(answer.refusals ?? []), refusalsFailed, 'shops:refusals.loadFailed');
}

export function* shopsSaga() {
  yield all([
    // A newer read of a list replaces one still under way; row actions each run to their own answer.
    takeLatest(storesRequested.type, loadStores),
    takeEvery(connectionTestRequested.type, testConnection),
    takeEvery(subscriptionsRequested.type, loadSubscriptions),
    takeLatest(eventsRequested.type, loadEvents),
    takeEvery(jobRetryRequested.type, retryJob),
    takeEvery(jobDismissRequested.type, dismissJob),
    takeLatest(pendingRequested.type, loadPending),
    takeEvery(itemMatchRequested.type, matchItem),
    takeLatest(refusalsRequested.type, loadRefusals),
  ]);
}
