import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectWritten, type WrittenKind } from './slice';

/**
 * Empties a form once the record it sent is written: the saga's success says so (`written`), and a
 * refused write leaves what was typed for correcting.
 */
export function useBlankAfterWrite(kind: WrittenKind, blank: () => void) {
  const written = useAppSelector(selectWritten);
  const latest = useRef(blank);
  useEffect(() => {
    latest.current = blank;
  });
  useEffect(() => {
    if (written?.kind === kind) latest.current();
  }, [written, kind]);
}
