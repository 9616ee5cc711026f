import { useCallback, useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useStepNames } from '../production-steps';
import { useMetalFormat } from './format';
import { selectBalances, selectPurities } from './slice';

/**
 * The names the loss and norm tables give to a row's ids: the workshop (from the balances), the
 * purity of its milyem (from the purity table; gold's when metals share a milyem) and the step.
 * A null workshop or step means every one; an id not found is shown as it is.
 */
export function useLedgerNames() {
  const fmt = useMetalFormat();
  const purities = useAppSelector(selectPurities).data;
  const workshops = useAppSelector(selectBalances).data;
  const steps = useStepNames();
  const workshopNames = useMemo(() => new Map(workshops.map((w) => [w.workshop_id, w.workshop_name])), [workshops]);
  const purity = useCallback(
    (milyem: number) => {
      const found = purities.find((p) => p.milyem === milyem && p.metal === 'gold') ?? purities.find((p) => p.milyem === milyem);
      return found ? fmt.purity(found.metal, found.ayar, found.milyem) : String(milyem);
    },
    [purities, fmt],
  );
  return {
    purity,
    workshop: (id: number) => workshopNames.get(id) ?? String(id),
    step: (id: number) => steps.get(id) ?? String(id),
  };
}
