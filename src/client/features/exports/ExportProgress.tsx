import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { exportCanceled, selectExport, selectExportProgress } from './slice';

/** While the export under `exportKey` is written: how far it is, and a button that stops it. */
export function ExportProgress({ exportKey }: { exportKey: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => selectExport(state, exportKey)?.status === 'busy');
  const percent = useAppSelector((state) => Math.round(selectExportProgress(state, exportKey) * 100));
  if (!busy) return null;
  const label = t('export.progress', { percent });
  return (
    <span className="export-progress" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <progress max={100} value={percent} aria-label={label} title={label} />
      <button type="button" className="secondary" onClick={() => dispatch(exportCanceled(exportKey))}>
        {t('export.cancel')}
      </button>
    </span>
  );
}
