import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NotificationDto, NotificationPreferencesDto, NotificationsDto } from '../../../shared/api';
import type { NotificationChannel, NotificationKind } from '../../../shared/notifications';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import { loggedOut } from '../session';

/**
 * The signed-in user's newest notifications and their unread count, for the header's bell. Read
 * when the bell first shows and again whenever the live channel says there are new ones; a read
 * again keeps the list shown until its answer replaces it.
 */
export interface NotificationsState extends Loadable {
  items: NotificationDto[];
  unread: number;
  /** Why the last mark failed, shown in the panel until the next mark. */
  markNotice: NoticeLike | null;
  /** The e-mail's unsubscribe page: asked, then its sentence (done or refused). */
  unsubscribe: { busy: boolean; done: boolean; notice: NoticeLike | null };
  preferences: PreferencesState;
}

export type NotificationChannels = Partial<Record<NotificationKind, NotificationChannel>>;

/**
 * The user's channel per kind as the server holds it, read on each visit of the preferences
 * screen. A save changes `channels` only with the server's answer, so a refused one leaves them as
 * they were; `saved` says the last save went through, until the next one starts.
 */
export interface PreferencesState extends Loadable {
  channels: NotificationChannels;
  saving: boolean;
  saved: boolean;
  saveNotice: NoticeLike | null;
}

const initialState: NotificationsState = { ...notLoaded(), items: [], unread: 0, markNotice: null, unsubscribe: { busy: false, done: false, notice: null }, preferences: { ...notLoaded(), channels: {}, saving: false, saved: false, saveNotice: null } };

const readAt = () => new Date().toISOString();

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    /** The signed query of an e-mail's unsubscribe link, confirmed on its page. */
    unsubscribeRequested: (state, _action: PayloadAction<string>) => {
      state.unsubscribe = { busy: true, done: false, notice: null };
    },
    unsubscribed: (state, action: PayloadAction<NoticeLike>) => {
      state.unsubscribe = { busy: false, done: true, notice: action.payload };
    },
    unsubscribeFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.unsubscribe = { busy: false, done: false, notice: action.payload };
    },
    preferencesRequested: (state) => {
      loading(state.preferences);
      state.preferences.saved = false;
      state.preferences.saveNotice = null;
    },
    preferencesLoaded: (state, action: PayloadAction<NotificationPreferencesDto>) => {
      state.preferences.channels = action.payload.preferences;
      loaded(state.preferences);
    },
    preferencesFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state.preferences, action.payload),
    /** The kinds whose channel the user changed, with their new channel. */
    preferencesSaveRequested: (state, _action: PayloadAction<NotificationChannels>) => {
      Object.assign(state.preferences, { saving: true, saved: false, saveNotice: null });
    },
    preferencesSaved: (state, action: PayloadAction<NotificationPreferencesDto>) => {
      Object.assign(state.preferences, { channels: action.payload.preferences, saving: false, saved: true });
    },
    preferencesSaveFailed: (state, action: PayloadAction<NoticeLike>) => {
      Object.assign(state.preferences, { saving: false, saveNotice: action.payload });
    },
    notificationsRequested: (state) => {
      if (state.status === 'ready') return;
      state.status = 'loading';
      state.notice = null;
    },
    notificationsLoaded: (state, action: PayloadAction<NotificationsDto>) => {
      state.items = action.payload.notifications;
      state.unread = action.payload.unread;
      loaded(state);
    },
    notificationsFailed: (state, action: PayloadAction<NoticeLike>) => {
      // A refresh that fails keeps what is shown; only a first read shows its failure.
      if (state.status !== 'ready') loadFailed(state, action.payload);
    },
    /** Marked read at once; the server's count follows. */
    notificationReadRequested: (state, action: PayloadAction<number>) => {
      const item = state.items.find((n) => n.id === action.payload);
      state.markNotice = null;
      if (!item || item.read_at !== null) return;
      item.read_at = readAt();
      state.unread = Math.max(0, state.unread - 1);
    },
    allReadRequested: (state) => {
      state.markNotice = null;
      for (const item of state.items) item.read_at ??= readAt();
      state.unread = 0;
    },
    unreadCounted: (state, action: PayloadAction<number>) => {
      state.unread = action.payload;
    },
    markFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.markNotice = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const {
  notificationsRequested,
  notificationsLoaded,
  notificationsFailed,
  notificationReadRequested,
  allReadRequested,
  unreadCounted,
  markFailed,
  unsubscribeRequested,
  unsubscribed,
  unsubscribeFailed,
  preferencesRequested,
  preferencesLoaded,
  preferencesFailed,
  preferencesSaveRequested,
  preferencesSaved,
  preferencesSaveFailed,
} = notificationsSlice.actions;
export const selectNotifications = (state: { notifications: NotificationsState }) => state.notifications;
