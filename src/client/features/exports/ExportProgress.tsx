import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { exportCanceled, selectExport, selectExportProgress, selectExportWritten } from './slice';

/** While the export under `exportKey` is written: how far it is (or how many rows, while its size is unknown), and a button that stops it. */
export function ExportProgress({ exportKey }: { exportKey: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => selectExport(state, exportKey)?.status === 'busy');
  const share = useAppSelector((state) => selectExportProgress(state, exportKey));
  const written = useAppSelector((state) => (share === null ? selectExportWritten(state, exportKey) : 0));
  if (!busy) return null;
  const percent = share === null ? null : Math.round(share * 100);
  const label = percent === null ? t('export.rows', { rows: written }) : t('export.progress', { percent });
  return (
    <span className="export-progress" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      {percent === null ? (
        <>
          <progress aria-label={label} />
          <span role="status">{label}</span>
        </>
      ) : (
        <progress max={100} value={percent} aria-label={label} title={label} />
      )}
      <button type="button" className="secondary" onClick={() => dispatch(exportCanceled(exportKey))}>
        {t('export.cancel')}
      </button>
    </span>
  );
}
