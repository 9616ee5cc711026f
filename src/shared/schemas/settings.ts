import { mixed, object } from 'yup';
import { DEFAULT_GRAM_CONFIRM_PERCENT, DEFAULT_GRAM_MAX_FACTOR, DEFAULT_GRAM_TOLERANCE_PERCENT } from '../lifecycle';
import { DEFAULT_WORKING_SET_DAYS, MAX_WORKING_SET_DAYS } from '../working-set';
import { decimal, integer, text } from './fields';

export const CURRENCIES = ['TRY', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface GeneralSettings {
  system_email: string;
  phone: string;
  time_zone: string;
  currency: Currency;
  /** How far (in %) a weighed piece may differ from its product's expected weight before it is flagged. */
  gram_tolerance_percent: number;
  /** How far (in %) a typed gram may be from the expected weight before the person must confirm it (shared/lifecycle.ts checkGram). */
  gram_confirm_percent: number;
  /** How many times the expected weight a typed gram may weigh at most; heavier is refused. */
  gram_max_factor: number;
  /** How many days a closed line stays in the everyday lists (shared/working-set.ts); 0 keeps none. */
  working_set_days: number;
}

export const DEFAULT_SETTINGS: GeneralSettings = {
  system_email: '',
  phone: '',
  time_zone: 'Europe/Istanbul',
  currency: 'TRY',
  gram_tolerance_percent: DEFAULT_GRAM_TOLERANCE_PERCENT,
  gram_confirm_percent: DEFAULT_GRAM_CONFIRM_PERCENT,
  gram_max_factor: DEFAULT_GRAM_MAX_FACTOR,
  working_set_days: DEFAULT_WORKING_SET_DAYS,
};

function isTimeZone(value: string | undefined): boolean {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The general settings tab: contact details (either may be left empty), the currency and time zone of the screens, the gram
 * tolerance and the bounds of a typed gram. A body without the bounds keeps them as they are (a
 * client that does not know them yet changes nothing of them).
 */
export const generalSettingsSchema = object({
  // The contact details may stay empty (as they start); an e-mail given must be one.
  system_email: text().typeError('validation:emailInvalid').trim().defined('validation:emailInvalid').email('validation:emailInvalid').max(254, 'validation:emailInvalid'),
  phone: text().typeError('validation:allFieldsRequired').trim().defined('validation:allFieldsRequired').max(50, 'validation:textTooLong'),
  time_zone: text().typeError('validation:timeZoneInvalid').required('validation:timeZoneInvalid').test('zone', 'validation:timeZoneInvalid', isTimeZone),
  currency: mixed<Currency>().oneOf(CURRENCIES, 'validation:currencyInvalid').required('validation:currencyInvalid'),
  gram_tolerance_percent: decimal('validation:toleranceInvalid', 0, 100).required('validation:toleranceInvalid'),
  gram_confirm_percent: decimal('validation:gramConfirmPercentInvalid', 1, 1000).nonNullable('validation:gramConfirmPercentInvalid'),
  gram_max_factor: decimal('validation:gramMaxFactorInvalid', 1, 1000).moreThan(1, 'validation:gramMaxFactorInvalid').nonNullable('validation:gramMaxFactorInvalid'),
  working_set_days: integer('validation:workingSetDaysInvalid', 0, MAX_WORKING_SET_DAYS).nonNullable('validation:workingSetDaysInvalid'),
});
