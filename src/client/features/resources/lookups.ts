import { useMemo } from 'react';
import { API, type LookupDto, type OptionValueDto, type ProductionStepDto } from '../../../shared/api';
import type { GeneralSettings } from '../../../shared/schemas/settings';
import { useResource } from './hooks';

const byId = <T extends { id: number }>(rows: T[] | undefined, name: (row: T) => string) => new Map((rows ?? []).map((row) => [row.id, name(row)]));

/** Names behind the ids of order lines: statuses, production steps and option values. */
export function useLookups() {
  const statuses = useResource<{ statuses: LookupDto[] }>('lookup:statuses', API.statuses, 'workshops:ordersFailed');
  const steps = useResource<{ production_steps: ProductionStepDto[] }>('lookup:steps', API.productionSteps, 'workshops:ordersFailed');
  const values = useResource<{ product_option_values: OptionValueDto[] }>('lookup:optionValues', API.productOptionValues, 'workshops:ordersFailed');
  return useMemo(
    () => ({
      status: byId(statuses.data?.statuses, (s) => s.name),
      step: byId(steps.data?.production_steps, (s) => s.step_name),
      optionValue: byId(values.data?.product_option_values, (v) => v.value_name),
    }),
    [statuses.data, steps.data, values.data],
  );
}

/** The configured currency, for every amount shown. */
export function useCurrency(): GeneralSettings['currency'] {
  const settings = useResource<{ settings: GeneralSettings }>('settings:general', API.generalSettings, 'common:loading');
  return settings.data?.settings.currency ?? 'TRY';
}

export function formatMoney(value: number | null | undefined, currency: string, language: string): string {
  if (value === null || value === undefined) return '-';
  return new Intl.NumberFormat(language.startsWith('en') ? 'en-GB' : 'tr-TR', { style: 'currency', currency }).format(value);
}
