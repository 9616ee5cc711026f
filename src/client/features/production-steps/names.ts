import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { shownStepName } from '../../../shared/statuses';
import { useAppSelector } from '../../app/hooks';
import { selectSteps } from './slice';

/**
 * Every step's name by id as the reader sees it (shared/statuses.ts `shownStepName`): a built-in
 * step in the reader's language from the catalogues; rebuilt when the steps or the language change.
 */
export function useStepNames(): Map<number, string> {
  const { t } = useTranslation('catalogue');
  const steps = useAppSelector(selectSteps);
  return useMemo(() => new Map(steps.map((step) => [step.id, shownStepName(step, (key) => t(`fallbackSteps.${key}`))])), [steps, t]);
}
