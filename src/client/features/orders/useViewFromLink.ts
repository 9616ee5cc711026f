import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { GridViews } from '../grid-views';

/**
 * A link may open the grid on a built-in view (`?view=late`: the dashboard's counts), chosen as
 * from the view menu once the saved views are read. The key then leaves the address, so the
 * user's later choices hold on a reload.
 */
export function useViewFromLink(views: GridViews) {
  const [params, setParams] = useSearchParams();
  const key = params.get('view');
  const { ready, builtIns, applyView } = views;
  useEffect(() => {
    if (!ready || key === null) return;
    const view = builtIns.find((entry) => entry.id === `builtIn:${key}`);
    if (view) applyView(view);
    setParams(
      (current) => {
        current.delete('view');
        return current;
      },
      { replace: true },
    );
  }, [ready, key, builtIns, applyView, setParams]);
}
