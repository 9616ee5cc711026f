import { randomBytes } from 'node:crypto';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../../../config';

/** Where log lines go: standard output unless a test passes a stream that collects them. */
export interface LogDestination {
  write(line: string): void;
}

/** Query parameters whose values never reach a log line (the WebSocket `token`, a reset link's `token`, ...). */
const SECRET_PARAM = /token|password|passwd|secret|signature|hmac|api[_-]?key/i;

/**
 * The URL as it may be logged: the value of every secret-looking query parameter replaced, e.g.
 * `/ws/orders?token=eyJ...` becomes `/ws/orders?token=[redacted]`.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the raw name
      }
      return equals >= 0 && SECRET_PARAM.test(name) ? `${rawName}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

/**
 * Headers and fields that are censored wherever a log call puts them. Fastify's request serializer
 * logs no headers and no body; these paths keep it so if a header object or a body is ever logged.
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-shopify-hmac-sha256"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'authorization',
  'cookie',
  'password',
  'token',
  'refresh_token',
  'body.password',
  'body.token',
  'body.refresh_token',
  'body.new_password',
  'body.api_secret',
  'body.access_token',
  'body.webhook_secret',
];

/** Random, so ids of several processes behind one load balancer do not collide (Fastify's default counts from 1). */
export function requestId(): string {
  return randomBytes(8).toString('hex');
}

/** Options of Fastify's pino logger: JSON lines with `reqId`, URLs without secret parameters, secret fields censored. */
export function loggerOptions(level: Config['logLevel'], destination?: LogDestination): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Fastify's own request serializer, with the URL redacted.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(destination ? { stream: destination } : {}),
  };
}

const debugging = (reply: FastifyReply) => reply.log.level === 'debug' || reply.log.level === 'trace';

/** An error as one short field set: the stack only when LOG_LEVEL is debug. */
function errorFields(error: Error & { code?: unknown }, reply: FastifyReply): Record<string, unknown> {
  return debugging(reply) ? { err: error } : { code: error.code ?? error.name, error: String(error.message).slice(0, 500) };
}

/**
 * Fastify's own failure lines (a list whose stream fails after its headers left, a connection that
 * breaks under an answer) without the stack, like the error handler's 5xx lines.
 */
class OneLineLogController extends LogController {
  streamError(error: Error & { code?: unknown }, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request) || error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
      super.streamError(error, request, reply);
      return;
    }
    reply.log.warn({ ...errorFields(error, reply), method: request.method, url: redactUrl(request.url) }, 'response terminated with an error with headers already sent');
  }

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!error || this.isLogDisabled(request)) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.error({ res: reply, ...errorFields(error, reply), responseTime: reply.elapsedTime }, 'request errored');
  }
}

/** The Fastify options this file owns. */
export function loggingServerOptions(
  level: Config['logLevel'],
  destination?: LogDestination,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'logController'> {
  return { logger: loggerOptions(level, destination), genReqId: requestId, logController: new OneLineLogController() };
}
