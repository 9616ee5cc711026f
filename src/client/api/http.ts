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

/** An answer as read: its status, its JSON body (null without one) and its ETag. */
interface Exchange {
  status: number;
  data: unknown;
  etag: string | null;
}

/**
 * One HTTP exchange with the server. `no-store`: an answer is never taken from the browser's cache,
 * and a 304 reaches the caller as it is, for the copy the caller holds (its If-None-Match).
 */
async function exchange(method: string, path: string, body: unknown, token: string | null, headers: Record<string, string> = {}): Promise<Exchange> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal: controller.signal,
      cache: 'no-store',
      headers: {
        ...headers,
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
  const etag = response.headers.get('etag');
  if (response.status === 304) return { status: 304, data: null, etag };
  const data = response.headers.get('content-type')?.includes('json') ? await response.json().catch(() => null) : null;
  if (!response.ok) throw refusalOf(response.status, data);
  return { status: response.status, data, etag };
}

const send = async <T>(method: string, path: string, body: unknown, token: string | null): Promise<T> => (await exchange(method, path, body, token)).data as T;

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

/** Runs a call with the session's bearer token; on 401 one shared refresh and a retry, else the session ends. */
async function withSession<T>(call: (token: string | null) => Promise<T>): Promise<T> {
  const token = session.token();
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !token) throw error;
    if (await refreshOnce()) {
      try {
        return await call(session.token());
      } catch (retryError) {
        if (!(retryError instanceof ApiError) || retryError.status !== 401) throw retryError;
      }
    }
    session.lost();
    throw error;
  }
}

/** A JSON call with the session's bearer token; on 401 one shared refresh and a retry, else the session ends. */
export const request = <T>(method: string, path: string, body?: unknown): Promise<T> => withSession((token) => send<T>(method, path, body, token));

/**
 * A read of what the caller holds a copy of, tagged `etag` (the ETag its answer came with): null
 * when the server answers 304 (the copy is current), else the answer and its tag. As `request`.
 */
export async function readIfChanged<T>(path: string, etag: string | null): Promise<{ data: T; etag: string | null } | null> {
  const answer = await withSession((token) => exchange('GET', path, undefined, token, etag ? { 'if-none-match': etag } : {}));
  return answer.status === 304 ? null : { data: answer.data as T, etag: answer.etag };
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
