import { type ComponentType, lazy, type ReactNode, useState } from 'react';

/*
 * A component whose code is a chunk of its own, loaded when first rendered or earlier by `preload`.
 * Once the chunk is in, the component renders directly instead of suspending. That matters beyond
 * the wait: a Suspense fallback that shows even briefly holds the content that replaces it back
 * until 300 ms after the fallback appeared (React's reveal throttle), so code preloaded before its
 * first render shows at once. The choice is made once per mount: switching from the lazy component
 * to the loaded one would mount it again.
 */

export interface Preloadable<P, Data = never> {
  (props: P): ReactNode;
  /** Starts loading the chunk (once); a failed load may be tried again. */
  preload(): Promise<unknown>;
  /** Whether the chunk is in: the component then renders at once. */
  loaded(): boolean;
  /** What the component will ask the server for as it opens, to be asked for with its code (the router's `preloadScreen`). */
  data?: Data;
}

export function preloadable<P extends object, Data = never>(load: () => Promise<{ default: ComponentType<P> }>, data?: Data): Preloadable<P, Data> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Preloaded(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloaded, { preload, loaded: () => loaded !== null, data });
}
