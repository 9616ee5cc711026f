import { useTranslation } from 'react-i18next';
import type { NoticeLike } from '../../components/NoticeView';

/** A row's outcome under its buttons; a refusal is announced at once, a success politely. */
export function RowNotice({ notice }: { notice: NoticeLike | null | undefined }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <div className={`row-notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {notice.text ?? t(notice.key ?? '', notice.params)}
    </div>
  );
}
