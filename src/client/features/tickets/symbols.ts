import { toSVG } from 'bwip-js/browser';
import { useEffect, useState } from 'react';

/*
 * The barcode symbols of a ticket page, drawn by bwip-js as SVG text. A symbol costs a few
 * milliseconds, so a page of 500 tickets draws them in slices between frames: the tickets' text
 * shows at once and the page stays responsive while the symbols follow. Each code is drawn once
 * per visit of the app (a layout switch or a page opened again reuses it).
 */

/** How long one slice draws before the browser gets a frame. */
const SLICE_MS = 40;

const drawn = new Map<string, string>();

/** The EAN-13 symbol of a line's barcode (shared/barcode.ts), without its digits: the ticket writes them as text. */
export function symbolOf(code: string): string {
  let svg = drawn.get(code);
  if (svg === undefined) {
    svg = toSVG({ bcid: 'ean13', text: code, height: 7, includetext: false });
    drawn.set(code, svg);
  }
  return svg;
}

/** The symbols of `codes` drawn so far (the same map, growing), and whether every one is drawn. */
export function useSymbols(codes: readonly string[]): { symbols: ReadonlyMap<string, string>; done: boolean } {
  const [, setDrawnCount] = useState(0);
  useEffect(() => {
    let next = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slice = () => {
      const end = performance.now() + SLICE_MS;
      while (next < codes.length && performance.now() < end) symbolOf(codes[next++]);
      setDrawnCount(next);
      if (next < codes.length) timer = setTimeout(slice, 0);
    };
    slice();
    return () => clearTimeout(timer);
  }, [codes]);
  return { symbols: drawn, done: codes.every((code) => drawn.has(code)) };
}
