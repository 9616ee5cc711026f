import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createDetector } from './detector';

interface Props {
  /** A code read from the camera (each code once until another is read). */
  onCode: (code: string) => void;
  onClose: () => void;
}

/** Why the camera shows nothing: it needs a secure context (HTTPS, or localhost), or it was refused. */
type Trouble = 'insecure' | 'failed';

/**
 * The back camera read for barcodes, for a tablet without a scanner: loaded only when opened.
 * Each frame is read once the previous reading ended, so a slow tablet skips frames, never piles them up.
 */
export default function CameraScanner({ onCode, onClose }: Props) {
  const { t } = useTranslation('workshopOrders');
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef(onCode);
  latest.current = onCode;
  const [trouble, setTrouble] = useState<Trouble | null>(window.isSecureContext && navigator.mediaDevices ? null : 'insecure');

  useEffect(() => {
    if (trouble) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let frame = 0;
    // A ticket held before the camera is read in every frame: its code counts once, until another is read.
    let lastCode = '';
    const fail = () => {
      if (!stopped) setTrouble('failed');
    };
    (async () => {
      try {
        const [media, detector] = await Promise.all([navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }), createDetector()]);
        stream = media;
        const element = video.current;
        if (stopped || !element) return;
        element.srcObject = media;
        await element.play();
        const read = async () => {
          if (stopped) return;
          if (element.readyState >= element.HAVE_CURRENT_DATA) {
            const found = (await detector.detect(element))[0]?.rawValue;
            if (found && found !== lastCode && !stopped) {
              lastCode = found;
              latest.current(found);
            }
          }
          frame = requestAnimationFrame(() => void read().catch(fail));
        };
        await read();
      } catch {
        fail();
      }
    })();
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [trouble]);

  return (
    <div className="camera-scanner">
      {trouble ? <p role="alert">{t(`scan.camera.${trouble}`)}</p> : <video ref={video} muted playsInline aria-label={t('scan.camera.view')} />}
      <button type="button" className="secondary" onClick={onClose}>
        {t('scan.camera.close')}
      </button>
    </div>
  );
}
