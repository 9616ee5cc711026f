import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lockSchema } from '../../../shared/schemas/metal';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Modal } from '../../components/Modal';
import { NoticeView } from '../../components/NoticeView';
import { firstError } from '../../components/validate';
import { Field, FormEnd } from '../../components/Field';
import { useMetalFormat } from './format';
import { lockRequested, lockUpdateRequested, selectLock, selectMetal } from './slice';

/** The admin picks the day before which the periods close, and says so once more in a dialog: a closed period never opens again. */
function LockForm({ current }: { current: string | null }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  const dispatch = useAppDispatch();
  const { busy } = useAppSelector(selectMetal);
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const ask = () => {
    const invalid = firstError(lockSchema, { locked_before: day });
    // The server's own refusal, said before asking it.
    const refused = invalid ? t(invalid) : current !== null && day < current ? t('errors:metalLockBackwards', { day: fmt.day(current) }) : null;
    setError(refused);
    if (!refused) setAsking(day);
  };
  const close = (lockedBefore: string) => {
    dispatch(lockUpdateRequested(lockedBefore));
    setAsking(null);
  };
  return (
    <>
      <form
        noValidate
        className="card"
        aria-labelledby="lock-form-title"
        onSubmit={(event) => {
          event.preventDefault();
          ask();
        }}
      >
        <h3 id="lock-form-title">{t('lock.close')}</h3>
        <p className="hint">{t('lock.hint')}</p>
        <div className="metal-line-fields">
          <Field label={t('lock.day')}>{(id) => <input id={id} type="date" value={day} onChange={(event) => setDay(event.target.value)} />}</Field>
        </div>
        <FormEnd error={error} busy={busy} submit={t('lock.closeButton')} />
      </form>
      {asking && (
        <Modal title={t('lock.confirmTitle', { day: fmt.day(asking) })} onClose={() => setAsking(null)}>
          <p>{t('lock.confirmText', { day: fmt.day(asking) })}</p>
          <div className="toolbar">
            <button type="button" className="danger" onClick={() => close(asking)}>
              {t('lock.confirmYes')}
            </button>
            <button type="button" className="secondary" autoFocus onClick={() => setAsking(null)}>
              {t('cancel')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

/**
 * The period lock: the day before which no voucher is written or confirmed and no refining lot
 * recorded. The admin moves it forward, never back; the office reads it.
 */
export function LockPanel({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  const dispatch = useAppDispatch();
  const { status, notice, data } = useAppSelector(selectLock);
  useEffect(() => {
    dispatch(lockRequested());
  }, [dispatch]);
  return (
    <section aria-labelledby="lock-title">
      <h2 id="lock-title">{t('lock.title')}</h2>
      <NoticeView notice={notice} />
      {status === 'loading' && <p role="status">{t('common:loading')}</p>}
      {status === 'ready' && <p data-figure="lock">{data === null ? t('lock.none') : t('lock.current', { day: fmt.day(data) })}</p>}
      {!readOnly && status === 'ready' && <LockForm current={data} />}
    </section>
  );
}
