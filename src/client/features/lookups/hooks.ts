import { createSelector } from '@reduxjs/toolkit';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dayIn } from '../../../shared/days';
import { formatGram, formatNumber } from '../../../shared/locale';
import { formatMoney } from '../../../shared/money';
import { DEFAULT_SETTINGS } from '../../../shared/schemas/settings';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatDateTime } from '../../components/dates';
import { selectStepNames, stepsRequested, useStepNames } from '../production-steps';
import { selectGeneralSettings, settingsRequested } from '../settings';
import { lookupsRequested, selectOptionValueNames, selectPackingNames, selectQualityControlNames, selectStatusNames } from './slice';

/** The names an order line's ids stand for; the same object as long as none of the lists changes. */
export const selectLookups = createSelector([selectStatusNames, selectStepNames, selectOptionValueNames], (status, step, optionValue) => ({
  status,
  step,
  optionValue,
}));

/** The fixed lists the server names in Turkish, named by id in the catalogues (`common:lists`). */
type FixedList = 'statuses' | 'qualityControl' | 'packing';

/** A fixed list's names in the reader's language; the server's name for an id the catalogues do not know. */
function useNamed(names: ReadonlyMap<number, string>, list: FixedList): Map<number, string> {
  const { t } = useTranslation('common');
  return useMemo(() => new Map([...names].map(([id, name]) => [id, t(`lists.${list}.${id}`, { defaultValue: name })])), [names, list, t]);
}

/** The quality control and packing statuses by id, in the reader's language. */
export function useStatusLists() {
  const qualityControl = useNamed(useAppSelector(selectQualityControlNames), 'qualityControl');
  const packing = useNamed(useAppSelector(selectPackingNames), 'packing');
  return useMemo(() => ({ qualityControl, packing }), [qualityControl, packing]);
}

/**
 * Names behind the ids of order lines: statuses and production steps (in the reader's language,
 * the office's own steps as named) and option values (each list loaded once); the same object as
 * long as none of them changes.
 */
export function useLookups() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(lookupsRequested());
    dispatch(stepsRequested());
  }, [dispatch]);
  const lookups = useAppSelector(selectLookups);
  const status = useNamed(lookups.status, 'statuses');
  const step = useStepNames();
  return useMemo(() => ({ ...lookups, status, step }), [lookups, status, step]);
}

/** How screens show money, numbers, grams and dates. */
export interface Formatters {
  /** An amount in the currency it was recorded in (its order's, product's or credit's), never in the settings currency (shared/money.ts). */
  money: (value: number | null | undefined, currency: string | null | undefined) => string;
  /** Any other number in the reader's notation (shared/locale.ts formatNumber), with `places` decimals when given. */
  number: (value: number, places?: number) => string;
  gram: (value: number) => string;
  date: (iso: string) => string;
}

/**
 * Money in its own currency and dates in the configured time zone, in the reader's language; the
 * zone itself for date arithmetic, and today there (yyyy-mm-dd: a new record's day, an export's file name).
 */
export function useFormatters(): Formatters & { timeZone: string; today: () => string } {
  const { i18n } = useTranslation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(settingsRequested());
  }, [dispatch]);
  const settings = useAppSelector(selectGeneralSettings);
  const timeZone = settings?.time_zone;
  const language = i18n.language;
  return useMemo(
    () => ({
      money: (value: number | null | undefined, currency: string | null | undefined) => formatMoney(value, currency, language),
      number: (value: number, places?: number) => formatNumber(value, language, places),
      gram: (value: number) => formatGram(value, language),
      date: (iso: string) => formatDateTime(iso, language, timeZone),
      today: () => dayIn(Date.now(), timeZone ?? DEFAULT_SETTINGS.time_zone),
      timeZone: timeZone ?? DEFAULT_SETTINGS.time_zone,
    }),
    [timeZone, language],
  );
}

export type Lookups = ReturnType<typeof useLookups>;
