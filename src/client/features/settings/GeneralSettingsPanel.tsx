import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, DEFAULT_SETTINGS, type GeneralSettings, generalSettingsSchema } from '../../../shared/schemas/settings';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TextField } from '../../components/fields';
import { NoticeView } from '../../components/NoticeView';
import { selectSettings, settingsFormLeft, settingsRequested, settingsSaveRequested } from './slice';

/** System e-mail, phone, time zone, the currency every amount is shown in and the gram tolerance. */
export function GeneralSettingsPanel() {
  const { t } = useTranslation('settings');
  const dispatch = useAppDispatch();
  const { general, notice, save } = useAppSelector(selectSettings);
  const { register, handleSubmit, formState, reset } = useForm<GeneralSettings>({ resolver: yupResolver(generalSettingsSchema) as never, defaultValues: DEFAULT_SETTINGS });
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
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_SETTINGS.time_zone];
  return (
    <section className="card narrow" aria-labelledby="general-settings-title">
      <h2 id="general-settings-title">{t('general.title')}</h2>
      <NoticeView notice={save.notice ?? notice} />
      <form noValidate onSubmit={handleSubmit((values) => dispatch(settingsSaveRequested(values)))}>
        <TextField label={t('general.system_email')} type="email" error={errors.system_email?.message} {...register('system_email')} />
        <TextField label={t('general.phone')} error={errors.phone?.message} {...register('phone')} />
        <label htmlFor="settings-zone">{t('general.time_zone')}</label>
        <select id="settings-zone" {...register('time_zone')}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
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
        <button type="submit" className="submit" disabled={save.status === 'busy'}>
          {t('general.save')}
        </button>
      </form>
    </section>
  );
}
