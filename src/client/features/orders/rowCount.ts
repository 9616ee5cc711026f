import { useState, useSyncExternalStore } from 'react';

/**
 * The number of rows the grid shows after its filters. A filter runs in the grid's own timer, where
 * a state update would render the count in a task of its own, often a frame after the rows; an
 * external store's update renders before the task ends, so rows and count change in one frame.
 */
function shownCount() {
  let shown: number | null = null;
  const listeners = new Set<() => void>();
  return {
    set: (count: number) => {
      shown = count;
      for (const listener of listeners) listener();
    },
    get: () => shown,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The rows shown (null until the grid has counted) and `set`, for the grid's `onCountChange`. */
export function useShownCount() {
  const [count] = useState(shownCount);
  const shown = useSyncExternalStore(count.subscribe, count.get);
  return { shown, set: count.set };
}
