import type { LoginResponse } from '../../../shared/api';
import { Role, type RoleId } from '../../../shared/roles';

/*
 * The tab's session storage (SPEC section 3), written only here and used only by the session
 * feature: the rest of the client reads the session from the store or through the HTTP client.
 * One exception: a screen's opening read (order-lines/openingRead.ts) takes the token from here,
 * as it leaves before there is a store. The token is kept base64-encoded.
 */
export const SESSION_KEYS = {
  token: 'authToken',
  refreshToken: 'refreshToken',
  role: 'userRole',
  roleTitle: 'userRoleTitle',
  userId: 'userId',
} as const;

export interface StoredSession {
  token: string;
  refreshToken: string | null;
  role: RoleId;
  roleTitle: string;
  userId: number;
}

function decodeToken(encoded: string | null): string | null {
  if (!encoded) return null;
  try {
    const token = atob(encoded);
    return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token) ? token : null;
  } catch {
    return null;
  }
}

/** The stored session, or null when the token is missing or cannot be decoded. */
export function readSession(): StoredSession | null {
  const token = decodeToken(sessionStorage.getItem(SESSION_KEYS.token));
  if (!token) return null;
  return {
    token,
    refreshToken: sessionStorage.getItem(SESSION_KEYS.refreshToken),
    // Written below from a login or profile answer; a session without one waits as the inactive role.
    role: Number(sessionStorage.getItem(SESSION_KEYS.role) ?? Role.Inactive) as RoleId,
    roleTitle: sessionStorage.getItem(SESSION_KEYS.roleTitle) ?? '',
    userId: Number(sessionStorage.getItem(SESSION_KEYS.userId) ?? 0),
  };
}

/** The session a login (or refresh) answer starts. */
export function sessionOf(login: LoginResponse): StoredSession {
  return { token: login.token, refreshToken: login.refresh_token, role: login.user_role_id, roleTitle: login.user_role_title, userId: login.user_id };
}

export function saveSession(session: StoredSession): void {
  sessionStorage.setItem(SESSION_KEYS.token, btoa(session.token));
  if (session.refreshToken !== null) sessionStorage.setItem(SESSION_KEYS.refreshToken, session.refreshToken);
  sessionStorage.setItem(SESSION_KEYS.role, String(session.role));
  sessionStorage.setItem(SESSION_KEYS.roleTitle, session.roleTitle);
  sessionStorage.setItem(SESSION_KEYS.userId, String(session.userId));
}

export function saveRole(role: RoleId, roleTitle: string): void {
  sessionStorage.setItem(SESSION_KEYS.role, String(role));
  sessionStorage.setItem(SESSION_KEYS.roleTitle, roleTitle);
}

/** Logout clears every auth value from both session and local storage. */
export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) {
    sessionStorage.removeItem(key);
    localStorage.removeItem(key);
  }
}
