import { useTranslation } from 'react-i18next';
import type { OrderLineDto } from '../../../shared/api';
import { LineStatus } from '../../../shared/statuses';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { type LineActionState, nextStepRequested, selectLineAction } from '../order-lines';
import { useStepName } from './useStepName';

/** While an action runs on a line or the line settles after one, its buttons take no tap (a double tap moves a piece once). */
export const isBusy = (action: LineActionState | undefined) => action?.status === 'busy' || action?.status === 'settling';

interface Props {
  line: OrderLineDto;
  /** The life cycle does not offer the next step now (the screen says why beside it). */
  unavailable?: boolean;
  describedBy?: string;
}

/**
 * The next step of a piece, on its page and in its row of the list alike: one intent with the step
 * shown, and the button telling what it is doing and what just happened.
 */
export function NextStepButton({ line, unavailable = false, describedBy }: Props) {
  const { t } = useTranslation('workshopOrders');
  const dispatch = useAppDispatch();
  const stepName = useStepName();
  const action = useAppSelector((state) => selectLineAction(state, line.id));
  const busy = isBusy(action);
  const label = () => {
    if (action?.kind !== 'nextStep' || (action.status !== 'busy' && action.status !== 'settling')) return t('nextStep');
    if (action.status === 'busy') return t('nextBusy');
    return line.order_line_status_id === LineStatus.QualityControl ? t('nextDoneQuality') : t('nextDone', { step: stepName(line.current_order_line_process) });
  };
  return (
    <button
      type="button"
      className="big"
      aria-busy={busy}
      aria-describedby={describedBy}
      disabled={unavailable || busy}
      onClick={() => dispatch(nextStepRequested(line.id, line.current_order_line_process))}
    >
      {label()}
    </button>
  );
}
