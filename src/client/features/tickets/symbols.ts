import { useEffect, useState } from 'react';
import { drawSymbol } from './symbol';
import type { FromSymbolWorker, ToSymbolWorker } from './symbols.worker';

/*
 * The barcode symbols of a ticket page, drawn by bwip-js as SVG text. A symbol costs a few
 * milliseconds, so a page of 500 tickets draws them off the page's thread, in a worker per core
 * beside the page's own (two at most: each loads bwip-js again), started as the page opens so
 * bwip-js loads while the tickets are read: the tickets' text shows at once and the symbols follow. Without Worker (tests)
 * they are drawn here in slices between frames. Each code is drawn once per visit of the app (a
 * layout switch or a page opened again reuses it).
 */

/** How long one slice draws on this thread before the browser gets a frame. */
const SLICE_MS = 40;
const WORKERS_MAX = 2;

const drawn = new Map<string, string>();

/** A symbol worker; null where there is none (jsdom) or the page may not start one. */
function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./symbols.worker.ts', import.meta.url), { name: 'ticket-symbols' });
  } catch {
    return null;
  }
}

/** Draws `codes` on this thread a slice at a time, calling `progress` after each; returns how to stop. */
function drawHere(codes: readonly string[], progress: () => void): () => void {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slice = () => {
    const end = performance.now() + SLICE_MS;
    while (next < codes.length && performance.now() < end) {
      const code = codes[next++];
      drawn.set(code, drawSymbol(code));
    }
    progress();
    if (next < codes.length) timer = setTimeout(slice, 0);
  };
  slice();
  return () => clearTimeout(timer);
}

/** The symbols of `codes` drawn so far (the same map, growing), and whether every one is drawn. */
export function useSymbols(codes: readonly string[]): { symbols: ReadonlyMap<string, string>; done: boolean } {
  const [, setDrawnCount] = useState(0);
  const [workers, setWorkers] = useState<Worker[] | null>(null);

  // The workers start with the page, before its tickets are read, and end with it.
  useEffect(() => {
    const started: Worker[] = [];
    const count = Math.max(1, Math.min(WORKERS_MAX, (navigator.hardwareConcurrency || 2) - 1));
    for (let i = 0; i < count; i++) {
      const worker = startWorker();
      if (worker) started.push(worker);
    }
    setWorkers(started);
    return () => started.forEach((worker) => worker.terminate());
  }, []);

  useEffect(() => {
    if (workers === null) return;
    const missing = [...new Set(codes)].filter((code) => !drawn.has(code));
    if (missing.length === 0) return;
    const progress = () => setDrawnCount(drawn.size);
    if (workers.length === 0) return drawHere(missing, progress);
    // Any worker that breaks hands what it had left to this thread.
    const stops: Array<() => void> = [];
    workers.forEach((worker, index) => {
      const share = missing.filter((_, at) => at % workers.length === index);
      worker.onmessage = ({ data }: MessageEvent<FromSymbolWorker>) => {
        for (const [code, svg] of data.drawn) drawn.set(code, svg);
        progress();
      };
      worker.onerror = (event) => {
        event.preventDefault();
        stops.push(drawHere(share.filter((code) => !drawn.has(code)), progress));
      };
      worker.postMessage({ codes: share } satisfies ToSymbolWorker);
    });
    return () => {
      stops.forEach((stop) => stop());
      for (const worker of workers) {
        worker.onmessage = null;
        worker.onerror = null;
      }
    };
  }, [codes, workers]);

  return { symbols: drawn, done: codes.every((code) => drawn.has(code)) };
}
