import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { PendingItemDto, RefusedWebhookDto, ShopConnectionDto, ShopEventDto, ShopSubscriptionDto } from '../../../shared/api';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import { loggedIn, loggedOut } from '../session';

/** A list read anew on every visit: stores, events and waiting items all change without this screen. */
interface ListState<T> extends Loadable {
  list: T[];
}

/** One row's action: under way, or its outcome in the server's words. */
export interface RowOutcome {
  status: 'busy' | 'done' | 'failed';
  notice: NoticeLike | null;
}

export type SubscriptionsState = ListState<ShopSubscriptionDto>;

export interface ShopsState {
  stores: ListState<ShopConnectionDto>;
  /** By store id: the last connection test. */
  tests: Record<number, RowOutcome>;
  /** By store id: the webhook subscriptions the store reported, read each time they are shown. */
  subscriptions: Record<number, SubscriptionsState>;
  events: ListState<ShopEventDto>;
  /** By job id: the last 'retry'. */
  retries: Record<number, RowOutcome>;
  /** By job id: a dismissal under way or refused (a dismissed job leaves the list). */
  dismissals: Record<number, RowOutcome>;
  /** The sentence of the last dismissal, whose row is gone. */
  dismissed: NoticeLike | null;
  pending: ListState<PendingItemDto>;
  /** By item id: a match under way or refused (a matched item leaves the list). */
  matches: Record<number, RowOutcome>;
  /** The sentence of the last match, whose row is gone. */
  matched: NoticeLike | null;
  /** Webhooks refused, per sending domain. */
  refusals: ListState<RefusedWebhookDto>;
}

const emptyList = { ...notLoaded(), list: [] };

const initialState: ShopsState = {
  stores: emptyList,
  tests: {},
  subscriptions: {},
  events: emptyList,
  retries: {},
  dismissals: {},
  dismissed: null,
  pending: emptyList,
  matches: {},
  matched: null,
  refusals: emptyList,
};

/** Outcomes of actions still under way survive leaving the panel; their answer is shown on return. */
const busyOnly = (outcomes: Record<number, RowOutcome>) => Object.fromEntries(Object.entries(outcomes).filter(([, outcome]) => outcome.status === 'busy'));

export const shopsSlice = createSlice({
  name: 'shops',
  initialState,
  reducers: {
    storesRequested: (state) => loading(state.stores),
    storesLoaded: (state, action: PayloadAction<ShopConnectionDto[]>) => {
      state.stores.list = action.payload;
      loaded(state.stores);
    },
    storesFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state.stores, action.payload),

    connectionTestRequested: (state, action: PayloadAction<number>) => {
      state.tests[action.payload] = { status: 'busy', notice: null };
    },
    connectionTested: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => {
      state.tests[action.payload.id] = { status: 'done', notice: action.payload.notice };
    },
    connectionTestFailed: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => {
      state.tests[action.payload.id] = { status: 'failed', notice: action.payload.notice };
    },

    subscriptionsRequested: (state, action: PayloadAction<number>) => {
      state.subscriptions[action.payload] = { status: 'loading', notice: null, list: [] };
    },
    subscriptionsLoaded: (state, action: PayloadAction<{ id: number; list: ShopSubscriptionDto[] }>) => {
      state.subscriptions[action.payload.id] = { status: 'ready', notice: null, list: action.payload.list };
    },
    subscriptionsFailed: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => {
      state.subscriptions[action.payload.id] = { status: 'failed', notice: action.payload.notice, list: [] };
    },

    eventsRequested: (state) => loading(state.events),
    eventsLoaded: (state, action: PayloadAction<ShopEventDto[]>) => {
      state.events.list = action.payload;
      loaded(state.events);
    },
    eventsFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state.events, action.payload),

    jobRetryRequested: (state, action: PayloadAction<number>) => {
      state.retries[action.payload] = { status: 'busy', notice: null };
    },
    /** The job waits again from its first try, as the server just set it; the next read says what became of it. */
    jobRetried: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => {
      const { id, notice } = action.payload;
      state.retries[id] = { status: 'done', notice };
      const event = state.events.list.find((e) => e.id === id);
      if (event) {
        event.status = 'waiting';
        event.attempts = 0;
      }
    },
    jobRetryFailed: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => {
      state.retries[action.payload.id] = { status: 'failed', notice: action.payload.notice };
    },

    jobDismissRequested: (state, action: PayloadAction<number>) => {
      state.dismissals[action.payload] = { status: 'busy', notice: null };
      state.dismissed = null;
    },
    /** The failed job is deleted on the server: its row leaves the list. */
    jobDismissed: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => {
      const { id, notice } = action.payload;
      state.events.list = state.events.list.filter((event) => event.id !== id);
      delete state.dismissals[id];
      state.dismissed = notice;
    },
    jobDismissFailed: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => {
      state.dismissals[action.payload.id] = { status: 'failed', notice: action.payload.notice };
    },

    pendingRequested: (state) => loading(state.pending),
    pendingLoaded: (state, action: PayloadAction<PendingItemDto[]>) => {
      state.pending.list = action.payload;
      loaded(state.pending);
    },
    pendingFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state.pending, action.payload),

    itemMatchRequested: (state, action: PayloadAction<{ id: number; productId: number }>) => {
      state.matches[action.payload.id] = { status: 'busy', notice: null };
      state.matched = null;
    },
    itemMatched: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => {
      const { id, notice } = action.payload;
      state.pending.list = state.pending.list.filter((item) => item.id !== id);
      delete state.matches[id];
      state.matched = notice;
    },
    itemMatchFailed: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => {
      state.matches[action.payload.id] = { status: 'failed', notice: action.payload.notice };
    },

    refusalsRequested: (state) => loading(state.refusals),
    refusalsLoaded: (state, action: PayloadAction<RefusedWebhookDto[]>) => {
      state.refusals.list = action.payload;
      loaded(state.refusals);
    },
    refusalsFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state.refusals, action.payload),

    /** The panel was left: its outcomes are not shown again, nor the subscriptions it had open. */
    shopsPanelLeft: (state) => {
      state.tests = busyOnly(state.tests);
      state.retries = busyOnly(state.retries);
      state.dismissals = busyOnly(state.dismissals);
      state.dismissed = null;
      state.matches = busyOnly(state.matches);
      state.subscriptions = {};
      state.matched = null;
    },
  },
  extraReducers: (builder) => builder.addMatcher(isAnyOf(loggedIn, loggedOut), () => initialState),
});

export const {
  storesRequested,
  storesLoaded,
  storesFailed,
  connectionTestRequested,
  connectionTested,
  connectionTestFailed,
  subscriptionsRequested,
  subscriptionsLoaded,
  subscriptionsFailed,
  eventsRequested,
  eventsLoaded,
  eventsFailed,
  jobRetryRequested,
  jobRetried,
  jobRetryFailed,
  jobDismissRequested,
  jobDismissed,
  jobDismissFailed,
  pendingRequested,
  pendingLoaded,
  pendingFailed,
  itemMatchRequested,
  itemMatched,
  itemMatchFailed,
  refusalsRequested,
  refusalsLoaded,
  refusalsFailed,
  shopsPanelLeft,
} = shopsSlice.actions;

type State = { shops: ShopsState };
export const selectStores = (state: State) => state.shops.stores;
export const selectConnectionTest = (state: State, id: number): RowOutcome | undefined => state.shops.tests[id];
export const selectSubscriptions = (state: State, id: number): SubscriptionsState | undefined => state.shops.subscriptions[id];
export const selectEvents = (state: State) => state.shops.events;
export const selectRetry = (state: State, id: number): RowOutcome | undefined => state.shops.retries[id];
export const selectDismissal = (state: State, id: number): RowOutcome | undefined => state.shops.dismissals[id];
export const selectDismissed = (state: State) => state.shops.dismissed;
export const selectPending = (state: State) => state.shops.pending;
export const selectMatch = (state: State, id: number): RowOutcome | undefined => state.shops.matches[id];
export const selectMatched = (state: State) => state.shops.matched;
export const selectRefusals = (state: State) => state.shops.refusals;
