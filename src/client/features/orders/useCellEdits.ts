import { useCallback, useState } from 'react';
import type { OrderLineDto } from '../../../shared/api';
import { GRAMS } from '../../../shared/decimal';
import { gramSchema, shipmentSchema } from '../../../shared/schemas/orders';
import { useAppDispatch } from '../../app/hooks';
import type { NoticeLike } from '../../components/NoticeView';
import { useTypedNumbers } from '../../components/numberFields';
import { firstError } from '../../components/validate';
import { gramConfirmationNeeded, gramCorrected, packingApproved, shipmentRequested } from '../order-lines';
import { useGramCheck } from '../settings';

/**
 * What is typed into a row's cells (a gram corrected, a tracking number) or pressed in it (packing
 * approved), checked here before anything is sent; `notice` says why a typed value was refused.
 */
export function useCellEdits() {
  const dispatch = useAppDispatch();
  const [notice, setNotice] = useState<NoticeLike | null>(null);
  const clearNotice = useCallback(() => setNotice(null), []);
  const { read } = useTypedNumbers();
  const gramCheck = useGramCheck();
  const correctGram = useCallback(
    (line: OrderLineDto, typed: string) => {
      const reading = read(typed, GRAMS);
      if (reading.status === 'refused') {
        setNotice({ kind: 'error', ...reading.refusal });
        return;
      }
      const value = reading.status === 'read' ? reading.value : undefined;
      if (value === line.product_gram) return;
      const invalid = firstError(gramSchema, { product_gram: value });
      setNotice(invalid ? { kind: 'error', key: invalid } : null);
      if (invalid) return;
      const gram = value as number;
      // Beyond the hard bound refused here already; beyond the confirm band asked before anything is sent.
      const { verdict, sentence } = gramCheck(gram, line.expected_weight);
      if (verdict === 'refused') setNotice({ kind: 'error', ...sentence });
      else if (verdict === 'confirm') dispatch(gramConfirmationNeeded({ kind: 'gramCorrection', id: line.id, gram, confirmed: false }, { kind: 'info', ...sentence }));
      else dispatch(gramCorrected(line.id, gram));
    },
    [dispatch, read, gramCheck],
  );
  const ship = useCallback(
    (line: OrderLineDto, typed: string) => {
      const tracking = typed.trim();
      const invalid = firstError(shipmentSchema, { shipment_tracking_number: tracking });
      setNotice(invalid ? { kind: 'error', key: invalid } : null);
      if (!invalid) dispatch(shipmentRequested(line.id, tracking));
    },
    [dispatch],
  );
  const approvePacking = useCallback(
    (line: OrderLineDto) => {
      setNotice(null);
      dispatch(packingApproved(line.id));
    },
    [dispatch],
  );
  return { notice, clearNotice, correctGram, ship, approvePacking };
}
