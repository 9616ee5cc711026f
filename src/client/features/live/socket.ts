import { buffers, type EventChannel, eventChannel } from 'redux-saga';
import { type AuthMessage, LINE_EVENT_TYPES, type LiveMessage } from '../../../shared/live';

/** What one socket reports: a message, and at last its close (`opened`: whether it ever opened). */
export type SocketEvent = { kind: 'message'; message: LiveMessage } | { kind: 'closed'; code: number; opened: boolean };

/** ws: or wss: and the host of this page: the channel is served where the app is. */
export const pageOrigin = () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}`;

/** The address names who asks; the token goes in the first message instead, since addresses end up in logs. */
export function liveUrl(origin: string, path: string, who: { userId: number; role: number }): string {
  return `${origin}${path}?${new URLSearchParams({ user_id: String(who.userId), role: String(who.role) })}`;
}

const isVersion = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A message of the protocol, or null for anything else (a newer server's message is ignored, not fatal). */
export function parseMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (message === null || typeof message !== 'object') return null;
  if (message.type === 'ready') return isVersion(message.version) ? (message as unknown as LiveMessage) : null;
  if (message.type === 'resync') return { type: 'resync' };
  const isEvent = (LINE_EVENT_TYPES as readonly unknown[]).includes(message.type) && Number.isSafeInteger(message.line_id) && isVersion(message.version);
  return isEvent ? (message as unknown as LiveMessage) : null;
}

/**
 * One browser WebSocket as a channel. It sends the token as soon as it opens; closing the channel
 * closes the socket. Messages are buffered: the saga may be busy when they arrive.
 */
export function socketEvents(url: string, token: () => string | null): EventChannel<SocketEvent> {
  return eventChannel<SocketEvent>((emit) => {
    let opened = false;
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      emit({ kind: 'closed', code: 1006, opened });
      return () => undefined;
    }
    socket.onopen = () => {
      opened = true;
      const auth: AuthMessage = { type: 'auth', token: token() ?? '' };
      socket.send(JSON.stringify(auth));
    };
    socket.onmessage = (event: MessageEvent) => {
      const message = parseMessage(event.data);
      if (message) emit({ kind: 'message', message });
    };
    socket.onclose = (event: CloseEvent) => emit({ kind: 'closed', code: event.code, opened });
    return () => {
      socket.onopen = socket.onmessage = socket.onclose = null;
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(1000);
    };
  }, buffers.expanding());
}
