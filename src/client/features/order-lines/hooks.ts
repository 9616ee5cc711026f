import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectLinesOf, selectScopeLoad } from './selectors';
import { linesRequested } from './slice';
import { type LineScope, scopeKey } from './scopes';

/** A screen's lines: asked for when the screen opens, selected from the one collection. */
export function useScopeLines(scope: LineScope) {
  const dispatch = useAppDispatch();
  const key = scopeKey(scope);
  const id = 'id' in scope ? scope.id : undefined;
  useEffect(() => {
    dispatch(linesRequested(scope));
    // The key names the scope; the object itself is new on every render.
  }, [dispatch, key]);
  const lines = useAppSelector((state) => selectLinesOf(state, scope.kind, id));
  const load = useAppSelector((state) => selectScopeLoad(state, scope));
  return { lines, status: load?.status ?? 'loading', notice: load?.notice ?? null, reload: () => dispatch(linesRequested(scope)) };
}
