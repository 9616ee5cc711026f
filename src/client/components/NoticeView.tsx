import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

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

/** A sentence in the reader's language: its key translated with its values, else its text. */
export function sentenceText(t: TFunction, sentence: Sentence): string {
  if (!sentence.key) return sentence.text ?? '';
  const values = Object.fromEntries(Object.entries(sentence.params ?? {}).map(([name, value]) => [name, typeof value === 'object' ? sentenceText(t, value) : value]));
  return t(sentence.key, { ...values, ...(sentence.text ? { defaultValue: sentence.text } : {}) });
}

/** An alert with a translated catalogue key or the server's sentence. */
export function NoticeView({ notice }: { notice: NoticeLike | null }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <div className={`alert ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {sentenceText(t, notice)}
    </div>
  );
}
