import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Sentence } from '../../components/NoticeView';

export type AuthMode = 'login' | 'register' | 'forgot';

/** A message to show: a catalogue key to translate, or the server's own sentence. */
export interface Notice extends Sentence {
  kind: 'error' | 'success';
}

export interface AuthState {
  mode: AuthMode;
  busy: boolean;
  notice: Notice | null;
  /** Username put into the login form after a successful registration. */
  prefill: string;
  resetDone: boolean;
}

const initialState: AuthState = { mode: 'login', busy: false, notice: null, prefill: '', resetDone: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    modeChanged: (state, action: PayloadAction<AuthMode>) => {
      state.mode = action.payload;
      state.notice = null;
    },
    noticeCleared: (state) => {
      if (state.notice?.kind === 'error') state.notice = null;
    },
    loginRequested: (state, _action: PayloadAction<{ username: string; password: string }>) => {
      state.busy = true;
      state.notice = null;
    },
    registerRequested: (state, _action: PayloadAction<{ username: string; email: string; password: string }>) => {
      state.busy = true;
      state.notice = null;
    },
    forgotRequested: (state, _action: PayloadAction<{ email: string }>) => {
      state.busy = true;
      state.notice = null;
    },
    resetRequested: (state, _action: PayloadAction<{ token: string; password: string }>) => {
      state.busy = true;
      state.notice = null;
    },
    loginCancelled: (state) => {
      state.busy = false;
    },
    loginSucceeded: (state) => {
      state.busy = false;
      state.notice = null;
      state.prefill = '';
    },
    registerSucceeded: (state, action: PayloadAction<{ username: string; message: Sentence }>) => {
      state.busy = false;
      state.mode = 'login';
      state.prefill = action.payload.username;
      state.notice = { kind: 'success', key: 'auth:registered', params: { message: action.payload.message } };
    },
    forgotSucceeded: (state, action: PayloadAction<{ message: Sentence | null }>) => {
      state.busy = false;
      state.notice = action.payload.message ? { kind: 'success', ...action.payload.message } : { kind: 'success', key: 'auth:forgotSent' };
    },
    resetSucceeded: (state, action: PayloadAction<{ message: Sentence }>) => {
      state.busy = false;
      state.resetDone = true;
      state.mode = 'login';
      state.notice = { kind: 'success', ...action.payload.message };
    },
    requestFailed: (state, action: PayloadAction<Notice>) => {
      state.busy = false;
      state.notice = action.payload;
    },
  },
});

export const {
  modeChanged,
  noticeCleared,
  loginRequested,
  registerRequested,
  forgotRequested,
  resetRequested,
  loginCancelled,
  loginSucceeded,
  registerSucceeded,
  forgotSucceeded,
  resetSucceeded,
  requestFailed,
} = authSlice.actions;

export const selectAuth = (state: { auth: AuthState }) => state.auth;
