import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLineDto } from '../../../shared/api';
import { applyAction, isOpenLine, lineState, offers } from '../../../shared/lifecycle';
import { cancelSchema, stepBackSchema } from '../../../shared/schemas/corrections';
import { useAppSelector } from '../../app/hooks';
import { Modal } from '../../components/Modal';
import { NoticeView, type NoticeLike } from '../../components/NoticeView';
import { firstError } from '../../components/validate';
import { selectAllLines } from '../order-lines';
import { useRoutingSteps } from './routingSteps';

export type Correction = { mode: 'stepBack'; step: number; reason: string } | { mode: 'cancelLine' | 'cancelOrder'; reason: string };
type Mode = Correction['mode'];

interface Props {
  line: OrderLineDto;
  /** The line's status and step as the screen names them. */
  where: string;
  busy: boolean;
  notice: NoticeLike | null;
  onCancel: () => void;
  onSave: (correction: Correction) => void;
}

/**
 * The correction dialog: the admin moves a line back to an earlier step of its routing, or cancels it or
 * every open line of its order, always with a reason that the line's history keeps. Only what the
 * life cycle allows for the line is offered, and only the steps it would accept.
 */
export function CorrectionModal({ line, where, busy, notice, onCancel, onSave }: Props) {
  const { t } = useTranslation('orders');
  const id = useId();
  const state = lineState(line);
  const { steps, loading, failed: routingFailed } = useRoutingSteps(line.product_id);
  const routing = steps.map((step) => step.id);
  const earlier = steps.filter((step) => applyAction(state, { type: 'stepBack', step: step.id, routing }).ok);
  const all = useAppSelector(selectAllLines);
  const openInOrder = useMemo(() => all.filter((other) => other.order_id === line.order_id && isOpenLine(other)).length, [all, line.order_id]);
  const modes: Mode[] = [...(offers(state, 'stepBack') ? (['stepBack'] as const) : []), ...(offers(state, 'cancel') ? (['cancelLine'] as const) : []), 'cancelOrder'];
  const [mode, setMode] = useState<Mode>(modes[0]);
  const [step, setStep] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const why = reason.trim();
    const invalid = mode === 'stepBack' ? firstError(stepBackSchema, { step_id: step === '' ? undefined : Number(step), reason: why }) : firstError(cancelSchema, { reason: why });
    setError(invalid);
    if (invalid) return;
    onSave(mode === 'stepBack' ? { mode, step: Number(step), reason: why } : { mode, reason: why });
  };

  return (
    <Modal title={t('correction.title')} onClose={onCancel}>
      <dl className="facts">
        <dt>{t('columns.order_number')}</dt>
        <dd>{line.order_number}</dd>
        <dt>{t('correction.product')}</dt>
        <dd>{line.product_title}</dd>
        <dt>{t('correction.where')}</dt>
        <dd>{where}</dd>
      </dl>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset>
          <legend>{t('correction.mode')}</legend>
          {modes.map((option) => (
            <label key={option} className="choice">
              <input type="radio" name={`${id}-mode`} value={option} checked={mode === option} onChange={() => setMode(option)} /> {t(`correction.modes.${option}`)}
            </label>
          ))}
        </fieldset>
        {mode === 'stepBack' && (
          <>
            <label htmlFor={`${id}-step`}>{t('correction.step')}</label>
            <select id={`${id}-step`} value={step} onChange={(e) => setStep(e.target.value)} disabled={loading}>
              <option value="">{loading ? t('common:loading') : t('correction.chooseStep')}</option>
              {earlier.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
            {routingFailed && <div className="hint">{t('routingFailed')}</div>}
            {!loading && earlier.length === 0 && <div className="hint">{t('correction.noEarlierStep')}</div>}
          </>
        )}
        {mode === 'cancelOrder' && <p className="alert info">{t('correction.orderLines', { count: openInOrder })}</p>}
        <label htmlFor={`${id}-reason`}>{t('correction.reason')}</label>
        <textarea id={`${id}-reason`} value={reason} maxLength={500} rows={3} aria-describedby={`${id}-reason-hint`} onChange={(e) => setReason(e.target.value)} />
        <div id={`${id}-reason-hint`} className="hint">
          {t('correction.reasonHint')}
        </div>
        {error && <div className="field-error">{t(error)}</div>}
        <NoticeView notice={notice} />
        <div className="toolbar">
          <button type="button" className="secondary" onClick={onCancel}>
            {t('correction.close')}
          </button>
          <button type="submit" className={mode === 'stepBack' ? undefined : 'danger'} disabled={busy}>
            {t(`correction.save.${mode}`)}
          </button>
        </div>
      </form>
    </Modal>
  );
}
