import { useEffect, useMemo } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AMOUNT, WHOLE } from '../../../shared/decimal';
import { GRAM_MAX_WITHOUT_EXPECTED } from '../../../shared/lifecycle';
import { formatGram } from '../../../shared/locale';
import { CURRENCIES, DEFAULT_SETTINGS, type GeneralSettings, generalSettingsSchema } from '../../../shared/schemas/settings';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TextField } from '../../components/fields';
import { NumberField, type NumberRules, typedResolver, useTypedNumbers } from '../../components/numberFields';
import { NoticeView } from '../../components/NoticeView';
import { useFormatters } from '../lookups';
import { selectSettings, settingsFormLeft, settingsRequested, settingsSaveRequested } from './slice';
import { zoneGroups } from './timeZones';

const ISTANBUL = 'Europe/Istanbul';

/**
 * The number fields and the rule each is typed by. The form holds their texts: a new number
 * setting is a line here and a NumberField below.
 */
const NUMBERS = { gram_tolerance_percent: AMOUNT, gram_confirm_percent: AMOUNT, gram_max_factor: AMOUNT, working_set_days: WHOLE } satisfies NumberRules;
type Texts = Omit<GeneralSettings, keyof typeof NUMBERS> & Record<keyof typeof NUMBERS, string>;

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

/** System e-mail, phone, time zone, the currency every amount is shown in, the gram tolerance, the bounds of a typed gram and how long closed lines stay in the everyday lists. */
export function GeneralSettingsPanel() {
  const { t, i18n } = useTranslation('settings');
  const dispatch = useAppDispatch();
  const { general, notice, save } = useAppSelector(selectSettings);
  const fmt = useFormatters();
  const { texts, numbers } = useTypedNumbers();
  const { register, control, handleSubmit, formState, reset, watch } = useForm<Texts, unknown, GeneralSettings>({
    resolver: typedResolver(generalSettingsSchema, (values) => numbers(values, NUMBERS)),
    defaultValues: texts<Texts>(DEFAULT_SETTINGS, NUMBERS),
  });
  useEffect(() => {
    dispatch(settingsRequested());
    return () => {
      dispatch(settingsFormLeft());
    };
  }, [dispatch]);
  useEffect(() => {
    if (general) reset(texts<Texts>(general, NUMBERS));
  }, [general, reset, texts]);
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
        <NumberField
          control={control}
          name="gram_tolerance_percent"
          rule={NUMBERS.gram_tolerance_percent}
          label={t('general.gram_tolerance_percent')}
          hint={t('general.gram_tolerance_hint')}
          preview={(percent) => fmt.money(percent, null)}
        />
        <NumberField
          control={control}
          name="gram_confirm_percent"
          rule={NUMBERS.gram_confirm_percent}
          label={t('general.gram_confirm_percent')}
          hint={t('general.gram_confirm_hint')}
          preview={(percent) => fmt.money(percent, null)}
        />
        <NumberField
          control={control}
          name="gram_max_factor"
          rule={NUMBERS.gram_max_factor}
          label={t('general.gram_max_factor')}
          hint={t('general.gram_max_hint', { gram: formatGram(GRAM_MAX_WITHOUT_EXPECTED, i18n.language) })}
          preview={(factor) => fmt.money(factor, null)}
        />
        <NumberField
          control={control}
          name="working_set_days"
          rule={NUMBERS.working_set_days}
          label={t('general.working_set_days')}
          hint={t('general.working_set_hint')}
          preview={(days) => fmt.number(days)}
        />
        <button type="submit" className="submit" disabled={save.status === 'busy'}>
          {t('general.save')}
        </button>
      </form>
    </section>
  );
}
