import { useEffect } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { selectLinesOf, selectScopeLoad } from './selectors';
import { linesRequested } from './slice';
import { type LineScope, scopeKey } from './scopes';

/**
 * A screen's list: asked for when the screen opens (once `ready`: the grid waits for its own code,
 * which the server would otherwise send between the list's pages); its state (with the progress of
 * a list read in batches) and a reload. For a screen that reads the lines another way (the admin grid).
 */
export function useScopeLoad(scope: LineScope, ready = true) {
  const dispatch = useAppDispatch();
  const key = scopeKey(scope);
  const store = useAppStore();
  useEffect(() => {
    // A reading already on its way (a screen opened again meanwhile) is taken as it is.
    if (ready && selectScopeLoad(store.getState(), scope)?.status !== 'loading') dispatch(linesRequested(scope));
    // The key names the scope; the object itself is new on every render.
  }, [dispatch, key, store, ready]);
  const load = useAppSelector((state) => selectScopeLoad(state, scope));
  return { status: load?.status ?? 'loading', notice: load?.notice ?? null, progress: load?.progress ?? null, reload: () => dispatch(linesRequested(scope)) };
}

/** A screen's lines: asked for when the screen opens, selected from the one collection. */
export function useScopeLines(scope: LineScope) {
  const id = 'id' in scope ? scope.id : undefined;
  const load = useScopeLoad(scope);
  const lines = useAppSelector((state) => selectLinesOf(state, scope.kind, id));
  return { lines, status: load.status, notice: load.notice, reload: load.reload };
}
