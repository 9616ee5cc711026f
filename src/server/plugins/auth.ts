import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { forbidden, notFound, unauthorized } from '../errors';
import { type SessionUser, sweepIdleSessions, useSession } from '../modules/auth/sessions';
import { verifyAccessToken } from '../modules/auth/tokens';
import { type Actor, actorOf } from '../modules/order-lines/actor';
import { SESSION_SWEEP_INTERVAL_MS } from '../../shared/limits';
import { Role, type RoleId } from '../../shared/roles';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, register, refresh, forgot and reset password). */
    public?: boolean;
    /** Roles allowed to call the route; without it no one may (deny by default). The one place a route's permission is declared. */
    roles?: readonly RoleId[];
    /**
     * The record the path's `:id` names is owned: 'line' is an order line, which besides the office
     * only its workshop and its order's customer reach (another one's answers 404, as if absent).
     */
    owns?: 'line';
  }
  interface FastifyRequest {
    /** The logged-in user; set on every non-public route of the API scope. */
    user: SessionUser | null;
    /** Whose order lines the user reads and moves, resolved with the user; read it with sessionActor. */
    actor: Actor | null;
  }
}

/** The token of an `Authorization: Bearer` header (the API's routes and the live socket read it alike). */
export function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Guards every route of the scope it is registered in: a live server-side session is required
 * unless the route is `public`, and the user's current role must be in the route's `roles`.
 */
export function requireSessions(scope: FastifyInstance, db: Db, tokenKey: CryptoKey): void {
  scope.decorateRequest('user', null);
  scope.decorateRequest('actor', null);
  scope.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public) return;
    const token = bearer(request);
    const claims = token ? await verifyAccessToken(tokenKey, token) : null;
    const user = claims ? await useSession(db, claims.sessionId, claims.userId) : null;
    if (!user) throw unauthorized();
    // Deny by default: a route that declares no roles is open to nobody (the route-table test names it).
    if (!config.roles?.includes(user.role)) throw forbidden();
    request.user = user;
    request.actor = actorOf(user);
  });
}

/** Ends idle sessions every five minutes while the server runs. */
export function sweepSessions(app: FastifyInstance, db: Db): void {
  const timer = setInterval(() => {
    sweepIdleSessions(db).catch((error) => app.log.error(error, 'session sweep failed'));
  }, SESSION_SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** The session user of a guarded route (the guard has already refused anonymous calls). */
export function sessionUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * The actor of a guarded route that reads or moves order lines. A workshop user without a workshop
 * and a customer user without a customer record have none: such a route answers them 404 with the
 * sentence of their own /me route; any other user without one 403.
 */
export function sessionActor(request: FastifyRequest): Actor {
  const user = sessionUser(request);
  if (request.actor) return request.actor;
  if (user.role === Role.Workshop) throw notFound('errors:noWorkshop', 'NO_WORKSHOP');
  if (user.role === Role.Customer) throw notFound('errors:noCustomer', 'NO_CUSTOMER');
  // A role that reads no line (routes declare their roles, so only a route's mistake gets here).
  throw forbidden();
}
