import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLineDto } from '../../../shared/api';
import { Modal } from '../../components/Modal';
import { NoticeView, type NoticeLike } from '../../components/NoticeView';
import { useRoutingSteps } from './routingSteps';

export interface QualityDecision {
  approved: boolean;
  returnStep: number | null;
}

interface Props {
  line: OrderLineDto;
  qualityNames: Map<number, string>;
  busy: boolean;
  notice: NoticeLike | null;
  onCancel: () => void;
  onSave: (decision: QualityDecision) => void;
}

/** 'Kalite Kontrol Durumu': approve, or reject with the production step the piece returns to. */
export function QualityControlModal({ line, qualityNames, busy, notice, onCancel, onSave }: Props) {
  const { t } = useTranslation('orders');
  const id = useId();
  const [state, setState] = useState<'' | 'approved' | 'rejected'>('');
  const [returnStep, setReturnStep] = useState('');
  // The steps a rejected piece may go back to.
  const { steps, failed: routingFailed } = useRoutingSteps(line.product_id);
  const valid = state === 'approved' || (state === 'rejected' && returnStep !== '');
  const current = line.quality_control_id === null ? t('quality.undecided') : (qualityNames.get(line.quality_control_id) ?? String(line.quality_control_id));
  return (
    <Modal title={t('quality.title')} onClose={onCancel}>
      <dl className="facts">
        <dt>{t('columns.order_number')}</dt>
        <dd>{line.order_number}</dd>
        <dt>{t('columns.product_id')}</dt>
        <dd>{line.product_id}</dd>
        <dt>{t('quality.current')}</dt>
        <dd>{current}</dd>
      </dl>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onSave({ approved: state === 'approved', returnStep: state === 'rejected' ? Number(returnStep) : null });
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
