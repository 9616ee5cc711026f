import WebSocket from 'ws';
import type { BatchMessage, LiveMessage } from '../src/shared/live';

/** A message as a test looks at it: a batch is taken apart into its events. */
type Received = Exclude<LiveMessage, BatchMessage>;

/** A live channel client for tests: what it received, in order (batches as their events), and how it ended. */
export interface LiveClient {
  socket: WebSocket;
  messages: Received[];
  /** How many WebSocket messages arrived (a batch counts once). */
  frames(): number;
  /** Resolves with the first message (from the start) that matches, or rejects after `withinMs`. */
  next(match: (message: Received) => boolean, withinMs?: number): Promise<Received>;
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
  const messages: Received[] = [];
  let frames = 0;
  const waiters = new Set<() => void>();
  let closeCode: number | null = null;
  const wake = () => waiters.forEach((waiter) => waiter());
  socket.on('open', () => {
    if (authMessage !== undefined) socket.send(JSON.stringify({ type: 'auth', token: authMessage }));
  });
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as LiveMessage;
    frames += 1;
    if (message.type === 'batch') messages.push(...message.events);
    else messages.push(message);
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
    frames: () => frames,
    next: (match, withinMs = 5_000) => waitFor(() => messages.find(match), withinMs, 'no matching message'),
    closed: (withinMs = 5_000) => waitFor(() => closeCode ?? undefined, withinMs, 'not closed'),
    refusedWith,
    close: () => socket.close(),
  };
}
