import { useEffect } from 'react';
import { FALLBACK_ROUTING } from '../../../shared/routing';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { routingRequested, selectRouting } from '../catalogue';
import { selectSteps, useStepNames } from '../production-steps';

/**
 * A product's routing as the office corrects a line along it: its steps in order, or the built-in
 * process when it has none (found by key in the steps list the screen loads, under their current names).
 */
export function useRoutingSteps(productId: number): { steps: Array<{ id: number; name: string }>; loading: boolean; failed: boolean } {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(routingRequested({ productId }));
  }, [dispatch, productId]);
  const routing = useAppSelector((state) => selectRouting(state, productId));
  const allSteps = useAppSelector(selectSteps);
  const names = useStepNames();
  const saved = routing?.steps ?? [];
  const failed = routing?.status === 'failed';
  if (saved.length > 0) return { steps: saved.map((s) => ({ id: s.step_id, name: names.get(s.step_id) ?? s.step_name })), loading: false, failed };
  if (!routing || routing.status === 'loading') return { steps: [], loading: true, failed };
  const builtIn = FALLBACK_ROUTING.flatMap((key) => allSteps.filter((step) => step.built_in === key));
  return { steps: builtIn.map((step) => ({ id: step.id, name: names.get(step.id) ?? step.step_name })), loading: false, failed };
}
