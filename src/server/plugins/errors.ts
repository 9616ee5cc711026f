import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseTimeout } from '../db/errors';
import { AppError } from '../errors';
import { refusal } from '../messages';
import { redactUrl } from './logging';

/* Fastify's own refusals (parsing, size, media type, rate limit) mapped to catalogue sentences. */
const BY_STATUS: Record<number, [key: string, code: string]> = {
  400: ['errors:invalidBody', 'INVALID_BODY'],
  404: ['errors:routeNotFound', 'ROUTE_NOT_FOUND'],
  413: ['errors:bodyTooLarge', 'BODY_TOO_LARGE'],
  415: ['errors:unsupportedMediaType', 'UNSUPPORTED_MEDIA_TYPE'],
  429: ['errors:tooManyRequests', 'TOO_MANY_REQUESTS'],
};

/* The router's refusals of a path itself, before any route is found (see `answerFrameworkError`). */
const BY_CODE: Record<string, [key: string, code: string]> = {
  FST_ERR_BAD_URL: ['errors:invalidRequest', 'INVALID_URL'],
  FST_ERR_MAX_PARAM_LENGTH: ['errors:invalidRequest', 'URI_TOO_LONG'],
};

/** Longest error message a log line carries (a driver may put a whole statement in one). */
const MAX_MESSAGE = 500;

/**
 * One log line per 5xx: message, code, request id (`reqId`, bound by Fastify), method and URL (secret
 * query parameters redacted). The stack (about 2.6 KB a line) only when LOG_LEVEL is debug.
 * A fault logs at error; a deliberate 5xx answer (mail or shop not configured) at warn.
 */
function logServerError(request: FastifyRequest, error: FastifyError | AppError, status: number): void {
  const fault = !(error instanceof AppError);
  const line: Record<string, unknown> = {
    statusCode: status,
    code: error.code ?? error.name,
    method: request.method,
    url: redactUrl(request.url),
  };
  if (fault && (request.log.level === 'debug' || request.log.level === 'trace')) line.err = error;
  const text = String(error.message || error.name).slice(0, MAX_MESSAGE);
  if (fault) request.log.error(line, text);
  else request.log.warn(line, text);
}

/**
 * The one error handler: every failure leaves as `{error, code, message: {key, values}}` (the Turkish
 * sentence, the code, the sentence's catalogue key); a 5xx says nothing, the log says what happened.
 */
export function handleErrors(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

function answerError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) {
      logServerError(request, error, error.statusCode);
      reply.header('x-request-id', request.id);
    }
    return reply.code(error.statusCode).send(error.body);
  }
  if (isDatabaseTimeout(error)) {
    // The database is overloaded, not broken: the client may try again, and the log says which request.
    const busy = new AppError(503, 'DATABASE_BUSY', 'errors:databaseBusy');
    logServerError(request, busy, 503);
    return reply.code(503).header('x-request-id', request.id).header('retry-after', '5').send(busy.body);
  }
  const status = error.statusCode ?? 500;
  if (status >= 500 || status < 400) {
    logServerError(request, error, 500);
    // The id of the log line, for whoever reports the failure.
    return reply.code(500).header('x-request-id', request.id).send(refusal('INTERNAL', 'errors:internal'));
  }
  const [key, code] = BY_CODE[error.code] ?? BY_STATUS[status] ?? ['errors:invalidRequest', 'INVALID_REQUEST'];
  return reply.code(status).send(refusal(code, key));
}

/**
 * Fastify's `frameworkErrors` option: the router answers a malformed URL (400) or an over-long path
 * parameter (414) before any route or error handler, in a shape of its own; through here they leave
 * as every other refusal does.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // No hook runs for these answers: they say themselves that no API answer is kept (see buildApp).
  if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  void answerError(error, request, reply);
}

export function routeNotFound() {
  return new AppError(404, 'ROUTE_NOT_FOUND', 'errors:routeNotFound');
}
