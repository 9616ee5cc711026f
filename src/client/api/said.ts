import type { MessageKey, SaidBody } from '../../shared/api';
import type { Sentence } from '../components/NoticeView';

/** The `{key, values}` an answer names its sentence by, or null when it names none (or not in that form). */
export function messageKeyOf(value: unknown): MessageKey | null {
  if (value === null || typeof value !== 'object') return null;
  const { key, values } = value as { key?: unknown; values?: unknown };
  if (typeof key !== 'string' || values === null || typeof values !== 'object' || Array.isArray(values)) return null;
  const fitting = Object.values(values).every((inner) => typeof inner === 'string' || typeof inner === 'number');
  return fitting ? { key, values: values as MessageKey['values'] } : null;
}

/**
 * A sentence the server sent: by its key and values when it named them, so the reader sees it in
 * their language; its Turkish text stays for a key this client does not know.
 */
export function sentenceOf(text: string | null | undefined, named: MessageKey | null | undefined): Sentence {
  return named ? { key: named.key, params: named.values, ...(text ? { text } : {}) } : { text: text ?? '' };
}

/** The sentence of a done action's answer (`{message, message_key}`). */
export function said(answer: Partial<SaidBody>): Sentence {
  return sentenceOf(answer.message, messageKeyOf(answer.message_key));
}
