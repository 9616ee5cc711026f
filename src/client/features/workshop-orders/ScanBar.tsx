import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LineStatus } from '../../../shared/statuses';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NoticeView } from '../../components/NoticeView';
import { selectLine, selectLineAction } from '../order-lines';
import { playTone, ScanSwitch, useWedgeScanner } from '../scanning';
import { codeScanned, scanAdvanceSet, selectScan } from './slice';
import { useStepName } from './useStepName';

/** The camera and its barcode reader are loaded only when a tablet without a scanner opens it. */
const CameraScanner = lazy(() => import('../scanning/CameraScanner'));

/**
 * Scanning on the tablet's screens: a keyboard-wedge scan (or the camera) opens the scanned piece,
 * or with 'Okutunca ilerlet' on moves it one step and says its new step, with a tone; a code that
 * is not the workshop's is refused in one sentence.
 */
export function ScanBar() {
  const { t } = useTranslation('workshopOrders');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const scan = useAppSelector(selectScan);
  const [camera, setCamera] = useState(false);
  // Only scans made while this screen is open are its to act on and show.
  const openedAt = useRef(scan.seq);
  const fresh = scan.seq > openedAt.current ? scan.last : null;
  useWedgeScanner((code) => dispatch(codeScanned(code)));
  // The line's screen is its own chunk: fetched while the list is read, not after the first scan.
  useEffect(() => void import('./WorkshopOrderScreen'), []);

  useEffect(() => {
    if (fresh?.kind === 'open') navigate(`/workshop/order/${fresh.id}`);
    if (fresh?.kind === 'refused') playTone('refused');
    // Once per scan: `seq` names it.
  }, [scan.seq]);

  return (
    <div className="scan-bar">
      <div className="toolbar">
        <ScanSwitch label={t('scan.advance')} checked={scan.advance} onChange={(on) => dispatch(scanAdvanceSet(on))} />
        <button type="button" className="secondary" aria-pressed={camera} onClick={() => setCamera(!camera)}>
          {t('scan.camera.open')}
        </button>
      </div>
      {fresh?.kind === 'refused' && <NoticeView notice={fresh.notice} />}
      {fresh?.kind === 'advance' && <Advanced key={scan.seq} id={fresh.id} />}
      {camera && (
        <Suspense fallback={<p className="hint">{t('scan.camera.loading')}</p>}>
          <CameraScanner onCode={(code) => dispatch(codeScanned(code))} onClose={() => setCamera(false)} />
        </Suspense>
      )}
    </div>
  );
}

/** A scan's move of its piece as it goes: under way, its new step (with a tone), or the life cycle's reason for refusing it. */
function Advanced({ id }: { id: number }) {
  const { t } = useTranslation('workshopOrders');
  const stepName = useStepName();
  const line = useAppSelector((state) => selectLine(state, id));
  const action = useAppSelector((state) => selectLineAction(state, id));
  const status = action?.kind === 'nextStep' ? action.status : undefined;
  const done = status === 'settling' || status === 'done';
  useEffect(() => {
    if (done) playTone('done');
    if (status === 'failed') playTone('refused');
  }, [done, status]);
  if (status === 'failed') return <NoticeView notice={action?.notice ?? null} />;
  if (!done || !line) return <p role="status">{t('scan.busy', { id })}</p>;
  return (
    <p role="status" className="alert success">
      {line.order_line_status_id === LineStatus.QualityControl ? t('scan.advancedQuality', { id }) : t('scan.advanced', { id, step: stepName(line.current_order_line_process) })}
    </p>
  );
}
