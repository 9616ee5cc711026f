import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginResponse } from '../../../shared/api';
import { Role, type RoleId } from '../../../shared/roles';
import { readSession, sessionOf, type StoredSession } from './storage';

export interface SessionState {
  loggedIn: boolean;
  /** Without a session, the inactive role: it may do nothing. */
  role: RoleId;
  roleTitle: string;
  userId: number;
  username: string;
  /** Why the last session ended, shown on the login card ('idle'). */
  endedBy: 'idle' | null;
}

const fromStorage = (stored: StoredSession | null): SessionState => ({
  loggedIn: stored !== null,
  role: stored?.role ?? Role.Inactive,
  roleTitle: stored?.roleTitle ?? '',
  userId: stored?.userId ?? 0,
  username: '',
  endedBy: null,
});

export const sessionSlice = createSlice({
  name: 'session',
  initialState: () => fromStorage(readSession()),
  reducers: {
    /** A login answer; the session saga keeps it in storage. */
    loggedIn: (_state, action: PayloadAction<LoginResponse>) => fromStorage(sessionOf(action.payload)),
    /** Storage may have changed in another tab or after a refresh: take what it holds now. */
    sessionReloaded: (state, action: PayloadAction<StoredSession | null>) => ({ ...fromStorage(action.payload), username: action.payload ? state.username : '' }),
    /** The user as the server knows them now; `language` is theirs, null for the product's default (the language feature follows it). */
    profileLoaded: (state, action: PayloadAction<{ role: RoleId; roleTitle: string; username: string; language: string | null }>) => {
      state.role = action.payload.role;
      state.roleTitle = action.payload.roleTitle;
      state.username = action.payload.username;
    },
    logoutRequested: (_state, _action: PayloadAction<{ reason?: 'idle' } | undefined>) => undefined,
    loggedOut: (_state, action: PayloadAction<{ reason?: 'idle' } | undefined>) => ({ ...fromStorage(null), endedBy: action.payload?.reason ?? null }),
  },
});

export const { loggedIn, sessionReloaded, profileLoaded, logoutRequested, loggedOut } = sessionSlice.actions;

export const selectSession = (state: { session: SessionState }) => state.session;
