import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../shared/locale';

/**
 * A sentence to show: a catalogue key with the values of its placeholders (a value may be a
 * sentence itself, such as the server's reason inside a screen's own sentence), or a text as sent.
 */
export interface Sentence {
  key?: string;
  params?: Record<string, string | number | Sentence>;
  /** The server's Turkish sentence: shown when no key names it, or when this client lacks the key. */
  text?: string;
}

export interface NoticeLike extends Sentence {
  kind: 'error' | 'success' | 'info';
}

/** A day as the server names it in a sentence ('2026-11-16'). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A sentence in the reader's language: its key translated with its values, else its text. Given
 * the language, a day among the values is written as that language writes dates.
 */
export function sentenceText(t: TFunction, sentence: Sentence, language?: string): string {
  if (!sentence.key) return sentence.text ?? '';
  const shown = (value: string | number) => (language && typeof value === 'string' && DAY.test(value) ? formatDay(value, language) : value);
  const values = Object.fromEntries(Object.entries(sentence.params ?? {}).map(([name, value]) => [name, typeof value === 'object' ? sentenceText(t, value, language) : shown(value)]));
  return t(sentence.key, { ...values, ...(sentence.text ? { defaultValue: sentence.text } : {}) });
}

/** An alert with a translated catalogue key or the server's sentence. */
export function NoticeView({ notice }: { notice: NoticeLike | null }) {
  const { t, i18n } = useTranslation();
  if (!notice) return null;
  return (
    <div className={`alert ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {sentenceText(t, notice, i18n.language)}
    </div>
  );
}
