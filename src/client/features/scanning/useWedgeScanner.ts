import { useEffect, useRef } from 'react';

/** A keyboard-wedge scanner types a code's characters this close together; a person types slower. */
export const WEDGE_KEY_GAP_MS = 50;
/** The shortest code taken as a scan: a person's Enter after a stray key or two is not one. */
const MIN_CODE_LENGTH = 6;

/** Where typing is someone's text, never a scan. */
const isTextEntry = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT');

/**
 * Listens for a keyboard-wedge scanner: characters typed fast, then Enter, with no text field
 * focused. The Enter that ends a scan is taken from the page, so a focused button or switch never
 * acts on it; a person's own Enter (not preceded by a fast code) is left alone.
 */
export function useWedgeScanner(onCode: (code: string) => void, enabled = true): void {
  const latest = useRef(onCode);
  latest.current = onCode;
  useEffect(() => {
    if (!enabled) return;
    let code = '';
    let last = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || isTextEntry(event.target)) {
        code = '';
        return;
      }
      const now = performance.now();
      const fast = now - last <= WEDGE_KEY_GAP_MS;
      last = now;
      if (event.key === 'Enter') {
        const scanned = fast && code.length >= MIN_CODE_LENGTH ? code : '';
        code = '';
        if (!scanned) return;
        event.preventDefault();
        event.stopPropagation();
        latest.current(scanned);
      } else if (event.key.length === 1) {
        code = fast ? code + event.key : event.key;
      }
    };
    // Captured before the page's own handlers, so the scan's Enter reaches no focused control.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled]);
}
