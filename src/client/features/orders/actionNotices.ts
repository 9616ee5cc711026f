import type { TFunction } from 'i18next';
import { type NoticeLike, sentenceText } from '../../components/NoticeView';
import type { LineActionKind, LineActionState } from '../order-lines';

/** The section 8 prefix of each action's failure. */
const FAILED_PREFIX: Partial<Record<LineActionKind, string>> = {
  quality: 'orders:qualityFailed',
  packing: 'orders:packingFailed',
  gramCorrection: 'orders:gramFailed',
  shipment: 'orders:shipmentFailed',
  stepBack: 'orders:correction.failedPrefix',
  cancelLine: 'orders:correction.failedPrefix',
  cancelOrder: 'orders:correction.failedPrefix',
};

/** A failed action's sentence: the section 8 prefix, then the server's reason. */
export function failed(notice: NoticeLike | null | undefined, prefix: string, t: TFunction): NoticeLike | null {
  if (!notice) return null;
  if (notice.kind !== 'error') return notice;
  return { kind: 'error', text: t(prefix, { reason: sentenceText(t, notice) }) };
}

/** The outcome of an action, a failure after its section 8 prefix. */
export const actionNotice = (action: LineActionState, t: TFunction) => (action.status === 'failed' ? failed(action.notice, FAILED_PREFIX[action.kind] ?? '', t) : action.notice);
