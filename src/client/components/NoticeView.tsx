import { useTranslation } from 'react-i18next';

export interface NoticeLike {
  kind: 'error' | 'success' | 'info';
  key?: string;
  text?: string;
  params?: Record<string, string>;
}

/** An alert with either the server's sentence or a translated catalogue key. */
export function NoticeView({ notice }: { notice: NoticeLike | null }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <div className={`alert ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {notice.text ?? t(notice.key ?? '', notice.params)}
    </div>
  );
}
