import { useTranslation } from 'react-i18next';
import { type NoticeLike, sentenceText } from '../../components/NoticeView';

/** A row's outcome under its buttons; a refusal is announced at once, a success politely. */
export function RowNotice({ notice }: { notice: NoticeLike | null | undefined }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <div className={`row-notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {sentenceText(t, notice)}
    </div>
  );
}
