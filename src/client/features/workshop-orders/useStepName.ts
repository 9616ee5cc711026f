import { useTranslation } from 'react-i18next';
import { stepLabel } from '../../../shared/statuses';
import { useLookups } from '../lookups';

/** A step's name as the tablet shows it: the not-started step in words, an unknown step by its id. */
export function useStepName() {
  const { t } = useTranslation('workshopOrders');
  const lookups = useLookups();
  return (step: number) => stepLabel(step, (id) => lookups.step.get(id), t('notStarted'));
}
