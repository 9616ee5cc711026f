import { useTranslation } from 'react-i18next';
import { type NoticeLike, NoticeView } from './NoticeView';

/** The states around a list: its notice, loading while empty, and the empty sentence once loaded. */
export function ListStatus({ status, notice, count, empty }: { status: string; notice: NoticeLike | null; count: number; empty: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      <NoticeView notice={notice} />
      {status === 'loading' && count === 0 && <p role="status">{t('loading')}</p>}
      {status === 'ready' && count === 0 && <p>{empty}</p>}
    </>
  );
}
