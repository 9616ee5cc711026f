import { API, type LoginResponse } from '../../../shared/api';
import { type SessionAccess, withoutSession } from '../../api/http';
import { loggedOut, sessionReloaded } from './slice';
import { clearSession, readSession, saveSession, sessionOf } from './storage';

type Dispatch = (action: ReturnType<typeof sessionReloaded> | ReturnType<typeof loggedOut>) => unknown;

/** What the HTTP client needs of the session: the token, a refresh that keeps its answer, the end. */
export function sessionAccess(dispatch: Dispatch): SessionAccess {
  return {
    token: () => readSession()?.token ?? null,
    refresh: async () => {
      const refreshToken = readSession()?.refreshToken;
      if (!refreshToken) return false;
      try {
        const login = await withoutSession<LoginResponse>('POST', API.refresh, { refresh_token: refreshToken });
        saveSession(sessionOf(login));
        dispatch(sessionReloaded(readSession()));
        return true;
      } catch {
        return false;
      }
    },
    lost: () => {
      clearSession();
      dispatch(loggedOut());
    },
  };
}
