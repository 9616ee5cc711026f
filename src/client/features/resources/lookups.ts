import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { API, type LookupDto, type OptionValueDto, type ProductionStepDto } from '../../../shared/api';
import { DEFAULT_SETTINGS, type GeneralSettings } from '../../../shared/schemas/settings';
import { formatDateTime } from '../../components/dates';
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

function formatMoney(value: number | null | undefined, currency: string, language: string): string {
  if (value === null || value === undefined) return '-';
  return new Intl.NumberFormat(language.startsWith('en') ? 'en-GB' : 'tr-TR', { style: 'currency', currency }).format(value);
}

/** Money in the configured currency and dates in the configured time zone, in the reader's language. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const settings = useResource<{ settings: GeneralSettings }>('settings:general', API.generalSettings, 'common:loading');
  const currency = settings.data?.settings?.currency ?? DEFAULT_SETTINGS.currency;
  const timeZone = settings.data?.settings?.time_zone;
  const language = i18n.language;
  return useMemo(
    () => ({
      money: (value: number | null | undefined) => formatMoney(value, currency, language),
      date: (iso: string) => formatDateTime(iso, language, timeZone),
    }),
    [currency, timeZone, language],
  );
}

export type Formatters = ReturnType<typeof useFormatters>;
