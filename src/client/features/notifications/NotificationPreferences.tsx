import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationKind, kindsFor } from '../../../shared/notifications';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NoticeView } from '../../components/NoticeView';
import { selectSession } from '../session';
import { type NotificationChannels, preferencesRequested, preferencesSaveRequested, selectNotifications } from './slice';

/** One kind's channels as a labelled radio group, its explanation read with its name. */
function KindChoice({ kind, channel, disabled, onChange }: { kind: NotificationKind; channel: NotificationChannel | undefined; disabled: boolean; onChange: (channel: NotificationChannel) => void }) {
  const { t } = useTranslation('notifications');
  const id = useId();
  return (
    <fieldset className="preference" data-kind={kind} aria-describedby={`${id}-hint`}>
      <legend>{t(`preferences.kinds.${kind}.name`)}</legend>
      <p id={`${id}-hint`} className="hint">
        {t(`preferences.kinds.${kind}.hint`)}
      </p>
      <div className="preference-channels">
        {NOTIFICATION_CHANNELS.map((option) => (
          <label key={option} className="choice">
            <input type="radio" name={`${id}-channel`} value={option} checked={channel === option} disabled={disabled} onChange={() => onChange(option)} /> {t(`preferences.channels.${option}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * How the signed-in user is told of each kind of notification their role may be told of: in the
 * product only, also by e-mail, in the daily digest e-mail, or not at all. Read on each visit; a
 * save sends the kinds changed, and the choices shown follow the server's answer, so a refused save
 * shows again what is kept.
 */
export default function NotificationPreferences() {
  const { t } = useTranslation('notifications');
  const dispatch = useAppDispatch();
  const { role } = useAppSelector(selectSession);
  const { status, notice, channels, saving, saved, saveNotice } = useAppSelector(selectNotifications).preferences;
  const kinds = useMemo(() => kindsFor(role), [role]);
  // What the user changed and has not saved yet; emptied when a save ends, either way.
  const [changed, setChanged] = useState<NotificationChannels>({});

  useEffect(() => {
    dispatch(preferencesRequested());
  }, [dispatch]);
  useEffect(() => {
    if (!saving) setChanged({});
  }, [saving]);

  const pending = kinds.filter((kind) => changed[kind] !== undefined && changed[kind] !== channels[kind]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending.length > 0) dispatch(preferencesSaveRequested(Object.fromEntries(pending.map((kind) => [kind, changed[kind]]))));
  };

  return (
    <section className="notification-preferences" aria-labelledby="notification-preferences-title">
      <h1 id="notification-preferences-title">{t('preferences.title')}</h1>
      <p>{t('preferences.intro')}</p>
      {(status === 'idle' || status === 'loading') && <p role="status">{t('preferences.loading')}</p>}
      {status === 'failed' && (
        <>
          <NoticeView notice={notice} />
          <button type="button" className="secondary" onClick={() => dispatch(preferencesRequested())}>
            {t('retry')}
          </button>
        </>
      )}
      {status === 'ready' && (
        <form onSubmit={submit} aria-busy={saving}>
          {kinds.map((kind) => (
            <KindChoice key={kind} kind={kind} channel={changed[kind] ?? channels[kind]} disabled={saving} onChange={(channel) => setChanged((was) => ({ ...was, [kind]: channel }))} />
          ))}
          <NoticeView notice={saveNotice} />
          {saved && pending.length === 0 && <NoticeView notice={{ kind: 'success', key: 'notifications:preferences.saved' }} />}
          <button type="submit" className="submit" disabled={saving || pending.length === 0}>
            {saving ? t('preferences.saving') : t('preferences.save')}
          </button>
        </form>
      )}
    </section>
  );
}
