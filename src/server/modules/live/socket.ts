import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../../db';
import { bearer } from '../../plugins/auth';
import { type SessionUser, liveSessions, useSession } from '../auth/sessions';
import { verifyAccessToken } from '../auth/tokens';
import { type Actor, actorOf } from '../order-lines/actor';
import { latestVersion, linesForReaders, mayHear } from '../order-lines/queries';
import { type HeardLineEvent, LIVE_AUTH_TIMEOUT_MS, LIVE_FLUSH_MS, LIVE_LINES_MAX, LIVE_PATHS, LiveClose, type LineEvent, type LiveMessage } from '../../../shared/live';
import { readsLines } from '../../../shared/roles';
import type { LineBus } from './bus';

/*
 * The live channel of order lines (/ws/orders and its aliases, src/shared/live.ts). A socket proves
 * its user with the access token (in the address, an Authorization header, or a first message);
 * from then on it hears of every committed change of a line its user may read, with the line as
 * its user may read it, by the same rule and answer as the HTTP routes, until its session ends. A
 * user whose role reads no line is turned away at once.
 */

export interface LiveOptions {
  db: Db;
  bus: LineBus;
  tokenKey: CryptoKey;
  /** The product's own address: a browser socket from any other page is refused (cross-site hijacking). */
  publicUrl: string;
  /** Also take a page on the host the socket reached (PUBLIC_URL not configured). */
  sameHostOrigins?: boolean;
  /** How often open sockets' sessions are checked (logout, expiry, role change close them). */
  sessionCheckMs?: number;
  /** How often sockets are pinged; one that has not answered the last ping is dropped. */
  pingMs?: number;
  /** A socket with more than this many bytes waiting to be sent reads too slowly and is dropped. */
  maxBufferedBytes?: number;
}

/** A message larger than the auth message is never expected from a client. */
const MAX_PAYLOAD = 4_096;

interface Listener {
  socket: WebSocket;
  user: SessionUser;
  actor: Actor | null;
  alive: boolean;
  /** Events held back until the socket has been told it is ready (then null). */
  held: string[] | null;
}

/** Origins that are the product's own: its public address, and on a loopback address its other loopback names. */
function ownOrigins(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  const loopback = ['localhost', '127.0.0.1', '[::1]'];
  if (loopback.includes(url.hostname)) for (const host of loopback) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  return origins;
}

/** The token of the first message, if it is `{type: "auth", token}` and comes in time; else null. */
function firstMessageToken(socket: WebSocket): Promise<string | null> {
  return new Promise((resolve) => {
    const done = (token: string | null) => {
      clearTimeout(timer);
      socket.off('message', onMessage);
      socket.off('close', onClose);
      resolve(token);
    };
    const onMessage = (data: unknown, isBinary: boolean) => {
      if (isBinary) return done(null);
      try {
        const message = JSON.parse(String(data)) as { type?: unknown; token?: unknown };
        done(message?.type === 'auth' && typeof message.token === 'string' && message.token.length > 0 ? message.token : null);
      } catch {
        done(null);
      }
    };
    const onClose = () => done(null);
    const timer = setTimeout(() => done(null), LIVE_AUTH_TIMEOUT_MS);
    socket.on('message', onMessage);
    socket.on('close', onClose);
  });
}

/** `user_id` and `role` in the address (SPEC) are only claims: they must be the token's user and its current role. */
function claimsMatch(query: unknown, user: SessionUser): boolean {
  const { user_id, role } = (query ?? {}) as Record<string, unknown>;
  if (user_id !== undefined && user_id !== String(user.id)) return false;
  if (role !== undefined && role !== String(user.role)) return false;
  return true;
}

export async function liveSocket(app: FastifyInstance, options: LiveOptions): Promise<void> {
  const { db, bus, tokenKey, sessionCheckMs = 5_000, pingMs = 30_000, maxBufferedBytes = 1_000_000 } = options;
  const origins = ownOrigins(options.publicUrl);
  const listeners = new Set<Listener>();

  await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD, perMessageDeflate: false } });

  /** Sends one text, or drops a socket that has let too much pile up. */
  const send = (listener: Listener, text: string) => {
    if (listener.held) return void listener.held.push(text);
    if (listener.socket.bufferedAmount > maxBufferedBytes) {
      listener.socket.close(LiveClose.TooSlow, 'too slow');
      listeners.delete(listener);
      return;
    }
    listener.socket.send(text);
  };

  /*
   * Changes wait here for the next flush: at once when the channel was quiet, else LIVE_FLUSH_MS
   * after the last one. A flush reads its changed lines once, and sockets whose users read the same
   * lines (the office, one workshop, one customer) share one message per flush, each line in it
   * shaped for that audience. Deliveries, and what else the sockets are told, go out one after the
   * other, in the order heard.
   */
  let pending: LineEvent[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  let lastFlush = 0;
  let told: Promise<void> = Promise.resolve();
  const inTurn = (job: () => void | Promise<void>) => {
    told = told.then(job).catch((error) => app.log.warn({ err: error }, 'live delivery failed'));
  };
  const audienceOf = (actor: Actor) => `${actor.workshopId ?? '*'}:${actor.customerId ?? '*'}`;

  /** The changed lines for every reader, or null: a burst too large to carry, or a failed read, is read back by the clients. */
  const readLines = async (events: LineEvent[]) => {
    const ids = new Set(events.map((event) => event.line_id));
    if (ids.size > LIVE_LINES_MAX) return null;
    try {
      return await linesForReaders(db, [...ids]);
    } catch (error) {
      app.log.warn({ err: error }, 'live changes not read; clients read them back');
      return null;
    }
  };

  const deliver = async (events: LineEvent[], to: Listener[]) => {
    // No socket that may hear of one of them: nothing to read the lines for.
    if (!to.some((listener) => listener.actor && events.some((event) => mayHear(listener.actor!, event)))) return;
    const lineFor = await readLines(events);
    // The newest event of a line carries it for the others of the batch.
    const newest = new Map(events.map((event) => [event.line_id, event]));
    const heardBy = (actor: Actor): HeardLineEvent[] =>
      events
        .filter((event) => mayHear(actor, event))
        .map((event) => {
          if (!lineFor || newest.get(event.line_id) !== event) return event;
          const line = lineFor(actor, event.line_id);
          return line ? { ...event, line } : { ...event, gone: true };
        });
    const texts = new Map<string, string | null>();
    for (const listener of to) {
      const actor = listener.actor;
      if (!actor || !listeners.has(listener)) continue;
      const audience = audienceOf(actor);
      let text = texts.get(audience);
      if (text === undefined) {
        const heard = heardBy(actor);
        text = heard.length === 0 ? null : JSON.stringify(heard.length === 1 ? (heard[0] satisfies LiveMessage) : ({ type: 'batch', events: heard } satisfies LiveMessage));
        texts.set(audience, text);
      }
      if (text !== null) send(listener, text);
    }
  };
  /** Takes what waits and the sockets listening now: a socket joining later hears only later changes. */
  const flush = () => {
    flushTimer = null;
    lastFlush = Date.now();
    const events = pending;
    const to = [...listeners];
    pending = [];
    inTurn(() => deliver(events, to));
  };
  const stopListening = bus.subscribe((message) => {
    if (message.kind === 'resync') {
      const text = JSON.stringify({ type: 'resync' } satisfies LiveMessage);
      return inTurn(() => {
        for (const listener of listeners) send(listener, text);
      });
    }
    if (message.kind === 'vouchers') {
      // Few and far between: told at once, after the delivery under way. A voucher concerns its workshop and no customer, so
      // the rule of lines gives it to the office and that workshop only.
      return inTurn(() => {
        for (const voucher of message.vouchers) {
          const text = JSON.stringify({ type: 'metal_voucher', ...voucher } satisfies LiveMessage);
          for (const listener of listeners) if (listener.actor && mayHear(listener.actor, { workshop_id: voucher.workshop_id, customer_id: null })) send(listener, text);
        }
      });
    }
    if (message.kind === 'notifications') {
      // Only to the sockets of the users told: a bell reads its own count again.
      const told = new Set(message.users);
      const text = JSON.stringify({ type: 'notifications' } satisfies LiveMessage);
      for (const listener of listeners) if (listener.actor && told.has(listener.user.id)) send(listener, text);
      return;
    }
    pending.push(...message.events);
    flushTimer ??= setTimeout(flush, Math.max(0, lastFlush + LIVE_FLUSH_MS - Date.now()));
  });

  // Ends the sockets whose session has ended or whose user now reads other lines (a new role, workshop or customer).
  const checkSessions = async () => {
    if (listeners.size === 0) return;
    const open = [...listeners];
    const live = await liveSessions(db, [...new Set(open.map((l) => l.user.sessionId))]);
    for (const listener of open) {
      const now = live.get(listener.user.sessionId);
      const same = now && now.role === listener.user.role && now.workshopId === listener.user.workshopId && now.customerId === listener.user.customerId;
      if (!same) {
        listeners.delete(listener);
        listener.socket.close(LiveClose.Unauthorized, 'session ended');
      }
    }
  };
  const sessionTimer = setInterval(() => checkSessions().catch((error) => app.log.warn({ err: error }, 'live session check failed')), sessionCheckMs);
  const pingTimer = setInterval(() => {
    for (const listener of listeners) {
      if (!listener.alive) {
        listeners.delete(listener);
        listener.socket.terminate();
        continue;
      }
      listener.alive = false;
      listener.socket.ping();
    }
  }, pingMs);
  sessionTimer.unref();
  pingTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(sessionTimer);
    clearInterval(pingTimer);
    if (flushTimer) clearTimeout(flushTimer);
    stopListening();
    await told;
    for (const listener of listeners) listener.socket.close(1001, 'server stopping');
    listeners.clear();
  });

  const refuseForeignOrigin = async (request: FastifyRequest, reply: { code(status: number): { send(body: unknown): unknown } }) => {
    const origin = request.headers.origin;
    // Browsers always name the page's origin; a client without one is not a page another site runs.
    if (origin === undefined || origins.has(origin)) return;
    const sameHost = options.sameHostOrigins && URL.canParse(origin) && new URL(origin).host === request.headers.host;
    if (!sameHost) return reply.code(403).send({ error: 'Forbidden origin', code: 'FORBIDDEN_ORIGIN' });
  };

  const handler = async (socket: WebSocket, request: FastifyRequest) => {
    try {
      await welcome(socket, request);
    } catch (error) {
      app.log.error({ err: error }, 'live socket failed to start');
      socket.close(1011, 'server error');
    }
  };

  const welcome = async (socket: WebSocket, request: FastifyRequest) => {
    // Listen at once: a first message sent right after the handshake must not be missed.
    const fromMessage = firstMessageToken(socket);
    const { token: queryToken } = (request.query ?? {}) as { token?: unknown };
    const token = (typeof queryToken === 'string' && queryToken) || bearer(request) || (await fromMessage);
    const claims = token ? await verifyAccessToken(tokenKey, token) : null;
    const user = claims ? await useSession(db, claims.sessionId, claims.userId) : null;
    if (!user || !claimsMatch(request.query, user)) {
      socket.close(LiveClose.Unauthorized, 'unauthorized');
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    if (!readsLines(user.role)) {
      socket.close(LiveClose.Forbidden, 'forbidden');
      return;
    }
    const listener: Listener = { socket, user, actor: actorOf(user), alive: true, held: [] };
    socket.on('pong', () => {
      listener.alive = true;
    });
    socket.on('close', () => listeners.delete(listener));
    // After the auth message, nothing more is expected from the client.
    socket.on('message', () => undefined);
    // Listening starts before the version is read, so no change falls between the two; changes
    // heard meanwhile follow the ready message. What waits for the flush was heard before this
    // socket joined: it goes out now, to the others only.
    if (flushTimer) {
      clearTimeout(flushTimer);
      flush();
    }
    listeners.add(listener);
    const version = await latestVersion(db);
    const held = listener.held ?? [];
    listener.held = null;
    send(listener, JSON.stringify({ type: 'ready', version } satisfies LiveMessage));
    for (const text of held) send(listener, text);
  };

  for (const path of LIVE_PATHS) {
    app.get(
      path,
      {
        websocket: true,
        preValidation: refuseForeignOrigin,
        // The socket proves its user itself (token in the address, header or first message).
        // A page of another site is refused (403); a request that is not a WebSocket upgrade finds nothing (404).
        config: { public: true, area: 'Live order lines', summary: 'The live channel of order line changes (WebSocket; see src/shared/live.ts)', errors: [403, 404] },
      },
      handler,
    );
  }
}
