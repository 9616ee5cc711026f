import { useEffect, useRef } from 'react';

/**
 * A keyboard-wedge scanner types a code's characters a few milliseconds apart; a person, over a
 * hundred. A code counts as scanned when its keys came this close on average (one late key, a busy
 * moment of the tablet, does not undo a scan); a longer pause starts the code again.
 */
export const WEDGE_KEY_GAP_MS = 50;
const PAUSE_MS = 250;
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
export function useWedgeScanner(onCode: (code: string) => void): void {
  const latest = useRef(onCode);
  latest.current = onCode;
  useEffect(() => {
    let code = '';
    let startedAt = 0;
    let last = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || isTextEntry(event.target)) {
        code = '';
        return;
      }
      // When the key was pressed, not when the page got to it.
      const at = event.timeStamp;
      const paused = at - last > PAUSE_MS;
      last = at;
      if (event.key === 'Enter') {
        const scanned = !paused && code.length >= MIN_CODE_LENGTH && (at - startedAt) / code.length <= WEDGE_KEY_GAP_MS ? code : '';
        code = '';
        if (!scanned) return;
        event.preventDefault();
        event.stopPropagation();
        latest.current(scanned);
      } else if (event.key.length === 1) {
        if (paused || code === '') {
          code = '';
          startedAt = at;
        }
        code += event.key;
      }
    };
    // Captured before the page's own handlers, so the scan's Enter reaches no focused control.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
