import { useEffect, useState } from 'react';
import { preloadable } from '../../components/preloadable';
import { gridTextsOf, loadedGridTexts } from './gridTexts';

/*
 * The grid is the heaviest part of the client: its code and its texts are asked for with this
 * screen's code (the router's loader of the screen), before the screen's lines begin to stream. The
 * screen mounts the grid once both are in, so the grid never suspends: a fallback shown even
 * briefly would hold the grid back (preloadable.tsx).
 */
export const LazyOrderGrid = preloadable(() => import('./OrderGrid'));
void LazyOrderGrid.preload().catch(() => undefined);

/**
 * Whether the grid's code and its texts in `language` are in; a failed chunk counts as in, and the
 * grid's Suspense then tells it. Both already in (the router's preload), the first render has the
 * grid: a render without it and another once an effect had looked put the grid a render later.
 */
export function useGridReady(language: string): boolean {
  const [ready, setReady] = useState<string | null>(() => (LazyOrderGrid.loaded() && loadedGridTexts(language) ? language : null));
  useEffect(() => {
    let current = true;
    const done = () => current && setReady(language);
    void Promise.all([LazyOrderGrid.preload(), gridTextsOf(language)]).then(done, done);
    return () => {
      current = false;
    };
  }, [language]);
  return ready === language;
}
