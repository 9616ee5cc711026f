import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { message } from '../messages';

/* Fastify's own refusals (parsing, size, media type, rate limit) mapped to catalogue sentences. */
const BY_STATUS: Record<number, [key: string, code: string]> = {
  400: ['errors:invalidBody', 'INVALID_BODY'],
  404: ['errors:routeNotFound', 'ROUTE_NOT_FOUND'],
  413: ['errors:bodyTooLarge', 'BODY_TOO_LARGE'],
  415: ['errors:unsupportedMediaType', 'UNSUPPORTED_MEDIA_TYPE'],
  429: ['errors:tooManyRequests', 'TOO_MANY_REQUESTS'],
};

/** The one error handler: every failure leaves as `{error, code}`; a 5xx says nothing, the log says everything. */
export function handleErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ error: error.message, code: error.code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500 || status < 400) {
      request.log.error(error);
      return reply.code(500).send({ error: message('errors:internal'), code: 'INTERNAL' });
    }
    const [key, code] = BY_STATUS[status] ?? ['errors:invalidRequest', 'INVALID_REQUEST'];
    return reply.code(status).send({ error: message(key), code });
  });
}

export function routeNotFound() {
  return new AppError(404, 'ROUTE_NOT_FOUND', 'errors:routeNotFound');
}
