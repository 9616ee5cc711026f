import { message, type MessageParams } from './messages';

/**
 * A refusal with a stable code, an HTTP status and a Turkish sentence. Services throw it;
 * the one error handler turns it into `{error, code}`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    /** A catalogue key such as `errors:notFound` or `validation:emailInvalid`. */
    key: string,
    params?: MessageParams,
  ) {
    super(message(key, params));
  }
}

export const badRequest = (key: string, code = 'BAD_REQUEST', params?: MessageParams) => new AppError(400, code, key, params);
export const unauthorized = (key = 'errors:unauthorized', code = 'UNAUTHORIZED') => new AppError(401, code, key);
export const forbidden = (key = 'errors:forbidden', code = 'FORBIDDEN') => new AppError(403, code, key);
export const notFound = (key = 'errors:notFound', code = 'NOT_FOUND', params?: MessageParams) => new AppError(404, code, key, params);
export const conflict = (key: string, code = 'CONFLICT', params?: MessageParams) => new AppError(409, code, key, params);
