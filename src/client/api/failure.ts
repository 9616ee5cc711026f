import type { NoticeLike } from '../components/NoticeView';
import { ApiError } from './http';
import { sentenceOf } from './said';

/** The server's sentence (by its key when it named one) when it sent one, else the screen's own fallback key (SPEC section 8). */
export function failure(error: unknown, fallbackKey: string): NoticeLike & { kind: 'error' } {
  if (!(error instanceof ApiError) || !error.error) return { kind: 'error', key: fallbackKey };
  return { kind: 'error', ...sentenceOf(error.error, error.messageKey) };
}
