import type { NoticeLike } from '../components/NoticeView';
import { ApiError } from './http';

/** The server's sentence when it sent one, else the screen's own fallback key (SPEC section 8). */
export function failure(error: unknown, fallbackKey: string): NoticeLike & { kind: 'error' } {
  const text = error instanceof ApiError ? error.error : null;
  return text ? { kind: 'error', text } : { kind: 'error', key: fallbackKey };
}
