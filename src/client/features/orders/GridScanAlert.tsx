import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { sentenceText } from '../../components/NoticeView';
import { selectGridScan } from './gridScan';

/** What came of a scan on the order grid that showed no row, in one sentence; a line out of the grid's rows is offered from the archive. */
export function GridScanAlert({ onOpenArchive }: { onOpenArchive: (code: string) => void }) {
  const { t, i18n } = useTranslation('orders');
  const last = useAppSelector(selectGridScan);
  if (!last) return null;
  if (last.kind === 'looking') return <p role="status">{t('scan.looking', { code: last.code })}</p>;
  return (
    <div className="alert error" role="alert">
      {last.kind === 'hidden' && t('scan.hidden', { code: last.code })}
      {last.kind === 'refused' && sentenceText(t, last.notice, i18n.language)}
      {last.kind === 'elsewhere' && (
        <>
          {t('scan.elsewhere', { code: last.code })}{' '}
          <button type="button" className="secondary" onClick={() => onOpenArchive(last.code)}>
            {t('scan.openArchive')}
          </button>
        </>
      )}
    </div>
  );
}
