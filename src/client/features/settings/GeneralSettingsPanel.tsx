import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useMemo } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GRAM_MAX_WITHOUT_EXPECTED } from '../../../shared/lifecycle';
import { formatGram } from '../../../shared/locale';
import { CURRENCIES, DEFAULT_SETTINGS, type GeneralSettings, generalSettingsSchema } from '../../../shared/schemas/settings';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TextField } from '../../components/fields';
import { NoticeView } from '../../components/NoticeView';
import { selectSettings, settingsFormLeft, settingsRequested, settingsSaveRequested } from './slice';
import { zoneGroups } from './timeZones';

const ISTANBUL = 'Europe/Istanbul';

/**
 * The time zone as a list grouped by region, each entry a city with its UTC offset: typing a city's
 * first letters finds it, and the office's own zone heads the list. `current` is kept in the list
 * even when this browser does not name it.
 */
function TimeZoneSelect({ current, field }: { current: string; field: UseFormRegisterReturn<'time_zone'> }) {
  const { t, i18n } = useTranslation('settings');
  const groups = useMemo(() => {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return zoneGroups([...zones, ISTANBUL, current], new Date(), i18n.language);
  }, [current, i18n.language]);
  const istanbul = groups.flatMap((group) => group.zones).find((zone) => zone.value === ISTANBUL);
  return (
    <>
      <label htmlFor="settings-zone">{t('general.time_zone')}</label>
      <select id="settings-zone" aria-describedby="settings-zone-hint" {...field}>
        <optgroup label={t('general.zoneCommon')}>
          <option value={ISTANBUL}>{t('general.zoneIstanbul', { offset: istanbul?.offset })}</option>
        </optgroup>
        {groups.map((group) => (
          <optgroup key={group.region} label={t(`general.regions.${group.region}`)}>
            {group.zones.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {t('general.zoneOption', { city: zone.city, offset: zone.offset })}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <div id="settings-zone-hint" className="hint">
        {t('general.zoneHint')}
      </div>
    </>
  );
}

/** System e-mail, phone, time zone, the currency every amount is shown in, the gram tolerance and the bounds of a typed gram. */
export function GeneralSettingsPanel() {
  const { t, i18n } = useTranslation('settings');
  const dispatch = useAppDispatch();
  const { general, notice, save } = useAppSelector(selectSettings);
  const { register, handleSubmit, formState, reset, watch } = useForm<GeneralSettings>({ resolver: yupResolver(generalSettingsSchema) as never, defaultValues: DEFAULT_SETTINGS });
  useEffect(() => {
    dispatch(settingsRequested());
    return () => {
      dispatch(settingsFormLeft());
    };
  }, [dispatch]);
  useEffect(() => {
    if (general) reset(general);
  }, [general, reset]);
  const errors = formState.errors;
  return (
    <section className="card narrow" aria-labelledby="general-settings-title">
      <h2 id="general-settings-title">{t('general.title')}</h2>
      <NoticeView notice={save.notice ?? notice} />
      <form noValidate onSubmit={handleSubmit((values) => dispatch(settingsSaveRequested(values)))}>
        <TextField label={t('general.system_email')} type="email" error={errors.system_email?.message} {...register('system_email')} />
        <TextField label={t('general.phone')} error={errors.phone?.message} {...register('phone')} />
        <TimeZoneSelect current={watch('time_zone')} field={register('time_zone')} />
        <label htmlFor="settings-currency">{t('general.currency')}</label>
        <select id="settings-currency" {...register('currency')}>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </select>
        <TextField
          label={t('general.gram_tolerance_percent')}
          type="number"
          min={0}
          max={100}
          step="any"
          inputMode="decimal"
          hint={t('general.gram_tolerance_hint')}
          error={errors.gram_tolerance_percent?.message}
          {...register('gram_tolerance_percent')}
        />
        <TextField
          label={t('general.gram_confirm_percent')}
          type="number"
          min={1}
          max={1000}
          step="any"
          inputMode="decimal"
          hint={t('general.gram_confirm_hint')}
          error={errors.gram_confirm_percent?.message}
          {...register('gram_confirm_percent')}
        />
        <TextField
          label={t('general.gram_max_factor')}
          type="number"
          min={1}
          max={1000}
          step="any"
          inputMode="decimal"
          hint={t('general.gram_max_hint', { gram: formatGram(GRAM_MAX_WITHOUT_EXPECTED, i18n.language) })}
          error={errors.gram_max_factor?.message}
          {...register('gram_max_factor')}
        />
        <button type="submit" className="submit" disabled={save.status === 'busy'}>
          {t('general.save')}
        </button>
      </form>
    </section>
  );
}
