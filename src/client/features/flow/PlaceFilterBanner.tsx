import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { useLookups } from '../lookups';
import { workshopsRequested } from '../workshops';
import type { PlaceFilter } from './placeLinks';
import { useFlowNames } from './useFlowNames';

/** Above the order grid while a board cell's link filters it: which place, and the way to every line again. */
export function PlaceFilterBanner({ filter, onClear }: { filter: PlaceFilter; onClear: () => void }) {
  const { t } = useTranslation('flow');
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(workshopsRequested());
  }, [dispatch]);
  const names = useFlowNames();
  const steps = useLookups().step;
  const parts: string[] = [];
  if (filter.workshop !== undefined) parts.push(names.workshop(filter.workshop));
  if (filter.phase !== undefined) {
    const stepName = filter.step === undefined ? null : (steps.get(filter.step) ?? t('stepNumber', { id: filter.step }));
    parts.push(names.place({ phase: filter.phase, step_name: stepName }));
  }
  return (
    <div className="alert info" role="region" aria-label={t('placeFilter.region')}>
      <p>{t('placeFilter.shows', { place: parts.join(', ') })}</p>
      <button type="button" onClick={onClear}>
        {t('placeFilter.clear')}
      </button>
    </div>
  );
}
