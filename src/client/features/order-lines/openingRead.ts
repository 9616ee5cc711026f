import { LINES_MEDIA_TYPE } from '../../../shared/lineWire';
import { readSession } from '../session/storage';

/*
 * The list a screen reads as it opens, asked for as soon as the page's code starts when the page is
 * opened again on that screen (a reload, a bookmark in the same tab). Otherwise the request waits
 * for the app's code, the store and the screen's lookups, which also take the browser's six
 * connections to the server first: on the order screen about 60 ms, and the whole list arrives
 * that much later. Which list is learnt from this tab's last opening of the screen
 * (`rememberOpeningRead`), so what a screen reads stays declared in one place, the router.
 */

const KEY = 'openingRead';

/** How a list of lines is asked for: the compact format, the session's token, never the browser's cache (the 304 is the store's). */
export function lineRequest(token: string | null, etag: string | null, signal: AbortSignal): RequestInit {
  return {
    method: 'GET',
    signal,
    cache: 'no-store',
    headers: {
      accept: `${LINES_MEDIA_TYPE}, application/json;q=0.5`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(etag ? { 'if-none-match': etag } : {}),
    },
  };
}

interface Started {
  path: string;
  token: string;
  controller: AbortController;
  response: Promise<Response>;
}

let started: Started | null = null;

function remembered(): { page: string; path: string } | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { page?: unknown; path?: unknown } | null;
    return typeof value?.page === 'string' && typeof value.path === 'string' ? { page: value.page, path: value.path } : null;
  } catch {
    return null;
  }
}

/** Asks for the list the screen at this page's path read as it last opened, when the tab has a session. */
export function startOpeningRead(): void {
  const read = remembered();
  const token = readSession()?.token;
  if (!read || read.page !== location.pathname || !token) return;
  const controller = new AbortController();
  const response = fetch(read.path, lineRequest(token, null, controller.signal));
  // Whoever takes it reads its failure; one nobody takes fails unheard.
  response.catch(() => undefined);
  started = { path: read.path, token, controller, response };
}

/**
 * The answer already asked for `path` with `token` and no tag, once; null when there is none (a
 * different list or session: that one is dropped). Aborting `signal` aborts it.
 */
export function takeOpeningRead(path: string, token: string | null, etag: string | null, signal: AbortSignal): Promise<Response> | null {
  const read = started;
  started = null;
  if (!read) return null;
  if (read.path !== path || read.token !== token || etag !== null) {
    read.controller.abort();
    return null;
  }
  if (signal.aborted) read.controller.abort();
  else signal.addEventListener('abort', () => read.controller.abort(), { once: true });
  return read.response;
}

/** The screen opening at this page's path reads `path` first: the next start of the page here asks for it at once. */
export function rememberOpeningRead(path: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ page: location.pathname, path }));
  } catch {
    // A storage that refuses only costs the head start.
  }
}

/** The screen has asked for what it reads: an answer no reading took is dropped. */
export function dropOpeningRead(): void {
  started?.controller.abort();
  started = null;
}
