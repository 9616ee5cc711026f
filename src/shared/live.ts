import type { OrderLineDto } from './api';

/*
 * The live channel of order lines (/ws/orders), as both ends speak it. Messages are JSON with a
 * `type` field (SPEC section 7). An event names a changed line and who may see it, and carries the
 * line as its reader may see it (read once per change batch, shaped once per audience by the same
 * ownership rule and answer as the HTTP routes), so a client reads nothing back; only what a burst
 * too large to carry names, or what changed while it was away, is read through the HTTP route.
 * The metal ledger's vouchers are told on the same channel, by id only, and a user's new
 * notifications to that user alone, without their content.
 */

/** Where the channel answers; the admin screen tries them in this order (SPEC section 7). */
export const LIVE_PATHS = ['/ws/orders', '/ws', '/api/ws/orders'] as const;

/** Kinds of line change, by the names SPEC section 9 gives the live events. */
export const LINE_EVENT_TYPES = ['new_order', 'order_update', 'status_change', 'order_assigned', 'order_canceled', 'order_completed'] as const;
export type LineEventType = (typeof LINE_EVENT_TYPES)[number];

/** One committed change of one order line. */
export interface LineEvent {
  type: LineEventType;
  line_id: number;
  order_id: number;
  /** The line's workshop after the change (null: none). */
  workshop_id: number | null;
  /** The workshop the line just left, when the change moved it: that workshop hears of it too. */
  previous_workshop_id?: number | null;
  customer_id: number | null;
  /** Grows with every change of any line: the client's resume point after a drop. */
  version: number;
}

/**
 * An event as a socket hears it: with `line`, the line as this reader may see it now; with `gone`,
 * the reader may no longer see it (it left the workshop); with neither, the client reads it back
 * (a burst of more than LIVE_LINES_MAX lines, or the lines could not be read). Of several events of
 * one line in one message only the newest carries it, and covers the others.
 */
export interface HeardLineEvent extends LineEvent {
  line?: OrderLineDto;
  gone?: true;
}

/** The most lines one flush carries in its events; a larger burst names them only, to be read back in pages. */
export const LIVE_LINES_MAX = 200;

/** Sent once the socket is authenticated: the newest version at that moment. */
export interface ReadyMessage {
  type: 'ready';
  version: number;
}

/** The server may have missed changes (its database listener reconnected): read what changed since the last version. */
export interface ResyncMessage {
  type: 'resync';
}

/** Several events at once: under a burst of changes the server sends each socket one message per flush. */
export interface BatchMessage {
  type: 'batch';
  events: HeardLineEvent[];
}

/**
 * A metal voucher was written or answered: the office and the voucher's workshop read their
 * vouchers and balances again. Not versioned: after a drop a screen reads its metal data anew.
 */
export interface MetalVoucherMessage {
  type: 'metal_voucher';
  voucher_id: number;
  workshop_id: number;
}

/** The user has new notifications: their bell reads its count again. Sent to that user's sockets only. */
export interface NotificationsMessage {
  type: 'notifications';
}

export type LiveMessage = HeardLineEvent | ReadyMessage | ResyncMessage | BatchMessage | MetalVoucherMessage | NotificationsMessage;

/** The one message a client may send: its token, when it could not put it in the address. */
export interface AuthMessage {
  type: 'auth';
  token: string;
}

/** Close codes of the channel beside the WebSocket ones. */
export const LiveClose = {
  /** No valid token, a forged user id or role, or the session ended (logout, expiry, role change). */
  Unauthorized: 4401,
  /** The user's role reads no order line (inactive, or no role at all): the socket is closed at once. */
  Forbidden: 4403,
  /** The socket fell too far behind in reading its events. */
  TooSlow: 4408,
} as const;

/**
 * Events are sent at once when the channel is quiet; under a burst, at most once per this many
 * milliseconds per socket, several in one message: one write per socket per flush instead of one
 * per event is what lets a process serve a thousand sockets while lines change hundreds of times a second.
 */
export const LIVE_FLUSH_MS = 50;

/** How long a socket may stay open without proving who it is. */
export const LIVE_AUTH_TIMEOUT_MS = 5_000;

/** Answer of GET API.lineChanges: the lines the reader may see, and the asked-for ones it no longer may. */
/**
 * The code of a `?since=` read whose version is older than the change log keeps (410): what changed
 * since is no longer known, so the reader reads its lists anew.
 */
export const CHANGES_PRUNED = 'CHANGES_PRUNED';

export interface LineChangesResponse<Line> {
  orders: Line[];
  /** Asked-for or changed lines the reader can no longer see (moved to another workshop): drop them. */
  gone: number[];
  /** Resume point: ask `since` this next time. */
  version: number;
}

/** Reconnects of the channel (SPEC section 9): attempts, and the wait before attempt n is n x this. */
export const LIVE_RECONNECT_ATTEMPTS = 5;
export const LIVE_RECONNECT_STEP_MS = 1_000;

/** How long changed line ids are gathered before they are read in one request (SPEC section 9). */
export const LIVE_BATCH_MS = { workshopList: 300, workshopDetail: 400, adminOrders: 400 } as const;
