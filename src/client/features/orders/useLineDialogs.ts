import { useCallback, useEffect, useState } from 'react';
import type { OrderLineDto } from '../../../shared/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { type LineActionKind, type LineActionState, lineCancelRequested, orderCancelRequested, qualityDecided, selectLineAction, stepBackRequested } from '../order-lines';
import type { Correction } from './CorrectionModal';
import type { QualityDecision } from './QualityControlModal';

const CORRECTIONS: ReadonlySet<LineActionKind> = new Set(['stepBack', 'cancelLine', 'cancelOrder']);

/**
 * The dialogs a row opens: the quality decision, the admin's correction (a step back, a line's or
 * its order's cancellation), the line's history and the question before a packing approval. `onOpen` is told when a decision or a correction
 * opens (the screen's last sentence makes way). A saved decision or correction closes its dialog;
 * a failed one says why in it.
 */
export function useLineDialogs(onOpen: () => void) {
  const dispatch = useAppDispatch();
  const [deciding, setDeciding] = useState<OrderLineDto | null>(null);
  const [correcting, setCorrecting] = useState<OrderLineDto | null>(null);
  const [reading, setReading] = useState<OrderLineDto | null>(null);
  const [packing, setPacking] = useState<OrderLineDto | null>(null);
  const decision = useAppSelector((state) => (deciding ? selectLineAction(state, deciding.id) : undefined));
  const decisionStatus = decision?.kind === 'quality' ? decision.status : null;
  const correction = useAppSelector((state) => (correcting ? selectLineAction(state, correcting.id) : undefined));
  const correctionStatus = correction && CORRECTIONS.has(correction.kind) ? correction.status : null;
  useEffect(() => {
    if (decisionStatus === 'settling') setDeciding(null);
  }, [decisionStatus]);
  useEffect(() => {
    if (correctionStatus === 'settling') setCorrecting(null);
  }, [correctionStatus]);

  const openQuality = useCallback(
    (line: OrderLineDto) => {
      onOpen();
      setDeciding(line);
    },
    [onOpen],
  );
  const openCorrection = useCallback(
    (line: OrderLineDto) => {
      onOpen();
      setCorrecting(line);
    },
    [onOpen],
  );
  const openHistory = useCallback((line: OrderLineDto) => setReading(line), []);
  const openPacking = useCallback((line: OrderLineDto) => setPacking(line), []);
  const saveQuality = (choice: QualityDecision) => {
    if (deciding) dispatch(qualityDecided(deciding.id, choice));
  };
  const saveCorrection = (change: Correction) => {
    if (!correcting) return;
    if (change.mode === 'stepBack') dispatch(stepBackRequested(correcting.id, change.step, change.reason));
    else if (change.mode === 'cancelLine') dispatch(lineCancelRequested(correcting.id, change.reason));
    else dispatch(orderCancelRequested(correcting.id, correcting.order_id, change.reason));
  };
  /** The action's outcome shows in its open dialog, not above the grid. */
  const showsInDialog = (action: LineActionState) => (deciding !== null && action === decision) || (correcting !== null && action === correction);

  return {
    quality: { line: deciding, status: decisionStatus, notice: decision?.notice, open: openQuality, save: saveQuality, close: () => setDeciding(null) },
    correction: { line: correcting, status: correctionStatus, notice: correction?.notice, open: openCorrection, save: saveCorrection, close: () => setCorrecting(null) },
    history: { line: reading, open: openHistory, close: () => setReading(null) },
    /** The question before a packing approval; the approval's outcome shows above the grid. */
    packing: { line: packing, open: openPacking, close: () => setPacking(null) },
    showsInDialog,
  };
}
