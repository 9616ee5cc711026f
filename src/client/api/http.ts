import type { MessageKey } from '../../shared/api';
import { REFRESH_THROTTLE_MS, REQUEST_TIMEOUT_MS } from '../../shared/limits';
import { messageKeyOf } from './said';

/**
 * A failed call: the HTTP status (0 when no answer came), the server's Turkish sentence (`error` of
 * its `{error, code, message}` body) if it sent one, its stable code (or TIMEOUT / NETWORK), and the
 * catalogue key and values of that sentence (`message`), which a reader of another language is shown.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string | null,
    readonly code: string | null,
    readonly messageKey: MessageKey | null = null,
  ) {
    super(error ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/** The refusal an answer's JSON body (or null) describes, whatever of `{error, code, message}` it holds. */
function refusalOf(status: number, data: { error?: unknown; code?: unknown; message?: unknown } | null): ApiError {
  return new ApiError(status, typeof data?.error === 'string' ? data.error : null, typeof data?.code === 'string' ? data.code : null, messageKeyOf(data?.message));
}

/** What the client needs of the session; the session feature provides it at start-up. */
export interface SessionAccess {
  /** The current access token, or null when logged out. */
  token(): string | null;
  /** Exchanges the refresh token for new tokens and keeps them; false when that failed. */
  refresh(): Promise<boolean>;
  /** The session is over (the refresh failed or was refused). */
  lost(): void;
}

let session: SessionAccess = { token: () => null, refresh: async () => false, lost: () => undefined };

/** Connects the client to the session without this module knowing where the session is kept. */
export function connectSession(access: SessionAccess): void {
  session = access;
}

async function send<T>(method: string, path: string, body: unknown, token: string | null): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal: controller.signal,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, null, (error as Error).name === 'AbortError' ? 'TIMEOUT' : 'NETWORK');
  } finally {
    clearTimeout(timer);
  }
  const data = response.headers.get('content-type')?.includes('json') ? await response.json().catch(() => null) : null;
  if (!response.ok) throw refusalOf(response.status, data);
  return data as T;
}

/*
 * One refresh serves every request that got a 401 at the same time; within the throttle window
 * the last outcome is reused instead of refreshing again.
 */
let refreshing: Promise<boolean> | null = null;
let lastRefresh = { at: -Infinity, ok: false };

/** Also the live channel's refresh, when the server refused its socket's token (close 4401). */
export function refreshOnce(): Promise<boolean> {
  if (refreshing) return refreshing;
  if (Date.now() - lastRefresh.at < REFRESH_THROTTLE_MS) return Promise.resolve(lastRefresh.ok);
  refreshing = (async () => {
    const ok = await session.refresh().catch(() => false);
    lastRefresh = { at: Date.now(), ok };
    refreshing = null;
    return ok;
  })();
  return refreshing;
}

/** The session's current access token, for the live channel's auth message (null when logged out). */
export const currentToken = (): string | null => session.token();

/** The session is over: what `request` does when the refresh failed, for the live channel. */
export const sessionLost = (): void => session.lost();

/** Test hook: forget the last refresh so each test starts unthrottled. */
export function resetRefreshState(): void {
  refreshing = null;
  lastRefresh = { at: -Infinity, ok: false };
}

/** A JSON call with the session's bearer token; on 401 one shared refresh and a retry, else the session ends. */
export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = session.token();
  try {
    return await send<T>(method, path, body, token);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !token) throw error;
    if (await refreshOnce()) {
      try {
        return await send<T>(method, path, body, session.token());
      } catch (retryError) {
        if (!(retryError instanceof ApiError) || retryError.status !== 401) throw retryError;
      }
    }
    session.lost();
    throw error;
  }
}

/** A call made without the session's token and without its refresh (the refresh itself). */
export const withoutSession = <T>(method: string, path: string, body?: unknown) => send<T>(method, path, body, null);

export const http = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
