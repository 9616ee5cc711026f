import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NoticeLike } from '../../components/NoticeView';

export interface PasswordState {
  busy: boolean;
  notice: NoticeLike | null;
  /** The last change succeeded, until the next starts: the form empties on it. */
  written: boolean;
}

const initialState: PasswordState = { busy: false, notice: null, written: false };

export const passwordSlice = createSlice({
  name: 'password',
  initialState,
  reducers: {
    passwordChangeRequested: (state, _action: PayloadAction<{ username: string; old_password: string; new_password: string }>) => {
      state.busy = true;
      state.notice = null;
      state.written = false;
    },
    passwordChanged: (state) => {
      state.busy = false;
      state.written = true;
      state.notice = { kind: 'success', key: 'account:changed' };
    },
    passwordChangeFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.busy = false;
      state.notice = action.payload;
    },
    passwordNoticeCleared: (state) => {
      state.notice = null;
    },
  },
});

export const { passwordChangeRequested, passwordChanged, passwordChangeFailed, passwordNoticeCleared } = passwordSlice.actions;
export const selectPassword = (state: { password: PasswordState }) => state.password;
