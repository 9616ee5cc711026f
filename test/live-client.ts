import WebSocket from 'ws';
import type { LiveMessage } from '../src/shared/live';

/** A live channel client for tests: what it received, in order, and how it ended. */
export interface LiveClient {
  socket: WebSocket;
  messages: LiveMessage[];
  /** Resolves with the first message (from the start) that matches, or rejects after `withinMs`. */
  next(match: (message: LiveMessage) => boolean, withinMs?: number): Promise<LiveMessage>;
  /** Resolves with the close code, or rejects after `withinMs`. */
  closed(withinMs?: number): Promise<number>;
  /** The status of a refused handshake (null when it was not refused). */
  refusedWith: Promise<number | null>;
  close(): void;
}

export interface LiveClientOptions {
  /** Sent as the first message `{type: "auth", token}` once open. */
  authMessage?: string;
  headers?: Record<string, string>;
}

export function liveClient(url: string, { authMessage, headers }: LiveClientOptions = {}): LiveClient {
  const socket = new WebSocket(url, { headers, perMessageDeflate: false });
  const messages: LiveMessage[] = [];
  const waiters = new Set<() => void>();
  let closeCode: number | null = null;
  const wake = () => waiters.forEach((waiter) => waiter());
  socket.on('open', () => {
    if (authMessage !== undefined) socket.send(JSON.stringify({ type: 'auth', token: authMessage }));
  });
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as LiveMessage);
    wake();
  });
  socket.on('close', (code) => {
    closeCode = code;
    wake();
  });
  const refusedWith = new Promise<number | null>((resolve) => {
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => resolve(null));
  });
  socket.on('error', () => undefined);

  const waitFor = <T>(found: () => T | undefined, withinMs: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = found();
        if (value === undefined) return;
        cleanUp();
        resolve(value);
      };
      const timer = setTimeout(() => {
        cleanUp();
        reject(new Error(`${what} within ${withinMs} ms; received ${JSON.stringify(messages)}, closed ${closeCode}`));
      }, withinMs);
      const cleanUp = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    socket,
    messages,
    next: (match, withinMs = 5_000) => waitFor(() => messages.find(match), withinMs, 'no matching message'),
    closed: (withinMs = 5_000) => waitFor(() => closeCode ?? undefined, withinMs, 'not closed'),
    refusedWith,
    close: () => socket.close(),
  };
}
