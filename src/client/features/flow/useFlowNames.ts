import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowStepDto } from '../../../shared/api';
import { useAppSelector } from '../../app/hooks';
import { selectWorkshops } from '../workshops';

/** How the flow screen names a workshop (none: waiting for one) and a place (a step as stored, a phase from the catalogue). */
export function useFlowNames() {
  const { t } = useTranslation('flow');
  const workshops = useAppSelector(selectWorkshops);
  return useMemo(() => {
    const names = new Map(workshops.map((workshop) => [workshop.id, workshop.name]));
    return {
      workshop: (id: number | null) => (id === null ? t('noWorkshop') : (names.get(id) ?? t('workshopNumber', { id }))),
      place: (row: Pick<FlowStepDto, 'phase' | 'step_name'>) => (row.phase === 'step' && row.step_name ? row.step_name : t(`phases.${row.phase}`)),
    };
  }, [workshops, t]);
}
