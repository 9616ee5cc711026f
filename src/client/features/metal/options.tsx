import { useAppSelector } from '../../app/hooks';
import { selectSteps, useStepNames } from '../production-steps';
import { selectBalances } from './slice';

/** Every workshop the ledger knows (the balances name them all), as a select's options. */
export function WorkshopOptions() {
  const workshops = useAppSelector(selectBalances).data;
  return workshops.map((w) => (
    <option key={w.workshop_id} value={w.workshop_id}>
      {w.workshop_name}
    </option>
  ));
}

/** Every production step, as a select's options. */
export function StepOptions() {
  const steps = useAppSelector(selectSteps);
  const names = useStepNames();
  return steps.map((step) => (
    <option key={step.id} value={step.id}>
      {names.get(step.id)}
    </option>
  ));
}
