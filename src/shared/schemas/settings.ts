import { mixed, object, string } from 'yup';

export const CURRENCIES = ['TRY', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface GeneralSettings {
  system_email: string;
  phone: string;
  time_zone: string;
  currency: Currency;
}

export const DEFAULT_SETTINGS: GeneralSettings = { system_email: '', phone: '', time_zone: 'Europe/Istanbul', currency: 'TRY' };

function isTimeZone(value: string | undefined): boolean {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The general settings tab: where money and dates are shown in which currency and time zone. */
export const generalSettingsSchema = object({
  system_email: string().typeError('validation:emailInvalid').trim().required('validation:allFieldsRequired').email('validation:emailInvalid').max(254, 'validation:emailInvalid'),
  phone: string().typeError('validation:allFieldsRequired').trim().required('validation:allFieldsRequired').max(50, 'validation:textTooLong'),
  time_zone: string().typeError('validation:timeZoneInvalid').required('validation:timeZoneInvalid').test('zone', 'validation:timeZoneInvalid', isTimeZone),
  currency: mixed<Currency>().oneOf(CURRENCIES, 'validation:currencyInvalid').required('validation:currencyInvalid'),
});
