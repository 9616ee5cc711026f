import { buffers, type EventChannel, eventChannel } from 'redux-saga';
import type { OrderLineDto } from '../../../shared/api';
import { type AuthMessage, type BatchMessage, type HeardLineEvent, LINE_EVENT_TYPES, type LiveMessage } from '../../../shared/live';
import type { RoleId } from '../../../shared/roles';

/** A message as the saga sees it: a batch arrives as its events, one by one. */
export type ChannelMessage = Exclude<LiveMessage, BatchMessage>;

/** What one socket reports: a message, and at last its close (`opened`: whether it ever opened). */
export type SocketEvent = { kind: 'message'; message: ChannelMessage } | { kind: 'closed'; code: number; opened: boolean };

/** ws: or wss: and the host of this page: the channel is served where the app is. */
export const pageOrigin = () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}`;

/** The address names who asks; the token goes in the first message instead, since addresses end up in logs. */
export function liveUrl(origin: string, path: string, who: { userId: number; role: RoleId }): string {
  return `${origin}${path}?${new URLSearchParams({ user_id: String(who.userId), role: String(who.role) })}`;
}

const isVersion = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const isEvent = (message: Record<string, unknown>): boolean =>
  (LINE_EVENT_TYPES as readonly unknown[]).includes(message.type) && Number.isSafeInteger(message.line_id) && isVersion(message.version);

/** An event as heard: a carried line is taken only as the line the event names; anything else is read back. */
function heard(message: Record<string, unknown>): HeardLineEvent {
  const { line, gone, ...event } = message;
  const named = line !== null && typeof line === 'object' && (line as { id?: unknown }).id === event.line_id;
  return { ...(event as unknown as HeardLineEvent), ...(named ? { line: line as OrderLineDto } : {}), ...(gone === true ? { gone: true } : {}) };
}

/** The messages of the protocol in a text (a batch gives its events); anything else is ignored, not fatal (a newer server's message). */
export function parseMessages(data: unknown): ChannelMessage[] {
  if (typeof data !== 'string') return [];
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(data);
  } catch {
    return [];
  }
  if (message === null || typeof message !== 'object') return [];
  if (message.type === 'ready') return isVersion(message.version) ? [message as unknown as ChannelMessage] : [];
  if (message.type === 'resync') return [{ type: 'resync' }];
  if (message.type === 'notifications') return [{ type: 'notifications' }];
  if (message.type === 'metal_voucher') {
    return Number.isSafeInteger(message.voucher_id) && Number.isSafeInteger(message.workshop_id)
      ? [{ type: 'metal_voucher', voucher_id: message.voucher_id as number, workshop_id: message.workshop_id as number }]
      : [];
  }
  if (message.type === 'batch' && Array.isArray(message.events)) return (message.events as Record<string, unknown>[]).filter((e) => e !== null && typeof e === 'object' && isEvent(e)).map(heard);
  return isEvent(message) ? [heard(message)] : [];
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
      for (const message of parseMessages(event.data)) emit({ kind: 'message', message });
    };
    socket.onclose = (event: CloseEvent) => emit({ kind: 'closed', code: event.code, opened });
    return () => {
      socket.onopen = socket.onmessage = socket.onclose = null;
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(1000);
    };
  }, buffers.expanding());
}
