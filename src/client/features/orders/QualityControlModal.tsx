import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLineDto } from '../../../shared/api';
import { qualitySchema } from '../../../shared/schemas/corrections';
import { Modal } from '../../components/Modal';
import { NoticeView, type NoticeLike } from '../../components/NoticeView';
import { firstError } from '../../components/validate';
import { useFormatters } from '../lookups';
import { LineHistory } from '../order-lines';
import { useRoutingSteps } from './routingSteps';

export interface QualityDecision {
  approved: boolean;
  returnStep: number | null;
  /** Why a rejection sends the piece back, as typed (trimmed); empty when none, for the server to name. */
  reason: string;
}

/** The option values a piece is made with, by the grid column that shows each. */
const OPTIONS = [
  ['material', 'material_id'],
  ['chain_length', 'chain_length_id'],
  ['color', 'color_id'],
  ['size', 'size_id'],
  ['karat', 'karat_id'],
] as const satisfies readonly (readonly [string, keyof OrderLineDto])[];

interface Props {
  line: OrderLineDto;
  qualityNames: Map<number, string>;
  /** The names of option values (material, colour ...), by id. */
  optionValues: Map<number, string>;
  busy: boolean;
  notice: NoticeLike | null;
  onCancel: () => void;
  onSave: (decision: QualityDecision) => void;
}

/**
 * 'Kalite Kontrol Durumu': the piece looked over (its product, photo, options, gram and its recent
 * history), then approved, or rejected with the production step it returns to and, if the admin writes one, why.
 */
export function QualityControlModal({ line, qualityNames, optionValues, busy, notice, onCancel, onSave }: Props) {
  const { t } = useTranslation('orders');
  const fmt = useFormatters();
  const id = useId();
  const [state, setState] = useState<'' | 'approved' | 'rejected'>('');
  const [returnStep, setReturnStep] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The steps a rejected piece may go back to.
  const { steps, failed: routingFailed } = useRoutingSteps(line.product_id);
  const valid = state === 'approved' || (state === 'rejected' && returnStep !== '');
  const current = line.quality_control_id === null ? t('quality.undecided') : (qualityNames.get(line.quality_control_id) ?? String(line.quality_control_id));
  return (
    <Modal title={t('quality.title')} onClose={onCancel}>
      {line.product_picture_url && <img className="quality-photo" src={line.product_picture_url} alt={line.product_title} />}
      <dl className="facts">
        <dt>{t('columns.order_number')}</dt>
        <dd>{line.order_number}</dd>
        <dt>{t('columns.product')}</dt>
        <dd>{line.product_title}</dd>
        <dt>{t('columns.product_id')}</dt>
        <dd>{line.product_id}</dd>
        {OPTIONS.map(([key, field]) => {
          const value = line[field];
          return (
            value !== null && (
              <Fragment key={key}>
                <dt>{t(`columns.${key}`)}</dt>
                <dd>{optionValues.get(value) ?? String(value)}</dd>
              </Fragment>
            )
          );
        })}
        <dt>{t('columns.product_gram')}</dt>
        <dd>{line.product_gram === null ? '-' : fmt.gram(line.product_gram)}</dd>
        <dt>{t('quality.current')}</dt>
        <dd>{current}</dd>
      </dl>
      <h3>{t('quality.history')}</h3>
      <div className="quality-history">
        <LineHistory id={line.id} />
      </div>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) return;
          const decision = { approved: state === 'approved', returnStep: state === 'rejected' ? Number(returnStep) : null, reason: state === 'rejected' ? reason.trim() : '' };
          const invalid = firstError(qualitySchema, { approved: decision.approved, reason: decision.reason, return_step_id: decision.returnStep });
          setError(invalid);
          if (!invalid) onSave(decision);
        }}
      >
        <label htmlFor={`${id}-state`}>{t('quality.state')}</label>
        <select id={`${id}-state`} value={state} onChange={(e) => setState(e.target.value as typeof state)}>
          <option value="">{t('quality.choose')}</option>
          <option value="approved">{t('quality.approved')}</option>
          <option value="rejected">{t('quality.rejected')}</option>
        </select>
        {state === 'rejected' && (
          <>
            <label htmlFor={`${id}-step`}>{t('quality.returnStep')}</label>
            <select id={`${id}-step`} value={returnStep} onChange={(e) => setReturnStep(e.target.value)}>
              <option value="">{t('quality.chooseStep')}</option>
              {steps.map((step) => (
                <option key={step.id} value={step.id}>
                  {step.name}
                </option>
              ))}
            </select>
            {routingFailed && <div className="hint">{t('routingFailed')}</div>}
            {returnStep === '' && <div className="hint">{t('validation:returnStepRequired')}</div>}
            <label htmlFor={`${id}-reason`}>{t('quality.reason')}</label>
            <textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={500}
              rows={2}
              placeholder={t('success:qualityRejectedReason')}
              aria-describedby={`${id}-reason-hint`}
              onChange={(e) => setReason(e.target.value)}
            />
            <div id={`${id}-reason-hint`} className="hint">
              {t('quality.reasonHint', { text: t('success:qualityRejectedReason') })}
            </div>
            {error && <div className="field-error">{t(error)}</div>}
          </>
        )}
        <NoticeView notice={notice} />
        <div className="toolbar">
          <button type="button" className="secondary" onClick={onCancel}>
            {t('quality.cancel')}
          </button>
          <button type="submit" disabled={!valid || busy}>
            {t('quality.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
