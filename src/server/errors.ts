import type { ApiErrorBody } from '../shared/api';
import { message, type MessageParams, refusal } from './messages';

/**
 * A refusal with a stable code, an HTTP status and a catalogue sentence. Services throw it;
 * the one error handler answers its `body`: the Turkish sentence, the code, and the key and values.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    /** A catalogue key such as `errors:notFound` or `validation:emailInvalid`. */
    readonly key: string,
    readonly params: MessageParams = {},
  ) {
    super(message(key, params));
  }

  get body(): ApiErrorBody {
    return refusal(this.code, this.key, this.params);
  }
}

export const badRequest = (key: string, code = 'BAD_REQUEST', params?: MessageParams) => new AppError(400, code, key, params);
export const unauthorized = (key = 'errors:unauthorized', code = 'UNAUTHORIZED') => new AppError(401, code, key);
export const forbidden = (key = 'errors:forbidden', code = 'FORBIDDEN') => new AppError(403, code, key);
export const notFound = (key = 'errors:notFound', code = 'NOT_FOUND', params?: MessageParams) => new AppError(404, code, key, params);
export const conflict = (key: string, code = 'CONFLICT', params?: MessageParams) => new AppError(409, code, key, params);
