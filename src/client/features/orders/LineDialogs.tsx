import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLineDto } from '../../../shared/api';
import { stepLabel } from '../../../shared/statuses';
import type { NoticeLike } from '../../components/NoticeView';
import { useLookups } from '../lookups';
import { failed } from './actionNotices';
import { CorrectionModal } from './CorrectionModal';
import { GramConfirmModal } from './GramConfirmModal';
import { PackingConfirmModal } from './PackingConfirmModal';
import { QualityControlModal } from './QualityControlModal';
import type { useLineDialogs } from './useLineDialogs';

// A line's history is opened now and then: its panel loads when first opened.
const LineHistoryPanel = lazy(() => import('./LineHistoryPanel'));

interface Props {
  dialogs: ReturnType<typeof useLineDialogs>;
  qualityNames: Map<number, string>;
  /** A gram far from the expected weight, to be confirmed, and the question. */
  asked: { gram: { id: number; gram: number }; question: NoticeLike | null } | null;
  readOnly: boolean;
  /** Approves a line's packing, once the question is answered. */
  approvePacking: (line: OrderLineDto) => void;
}

/** The dialogs a row opened: the quality decision, the correction, the history, the question before a packing approval and the one about a far gram. A reader gets only the history. */
export function LineDialogs({ dialogs: { quality, correction, history, packing }, qualityNames, asked, readOnly, approvePacking }: Props) {
  const { t } = useTranslation('orders');
  const base = useLookups();
  const where = (line: OrderLineDto) =>
    [base.status.get(line.order_line_status_id) ?? String(line.order_line_status_id), stepLabel(line.current_order_line_process, (s) => base.step.get(s), t('notStarted'))].join(' · ');
  return (
    <>
      {quality.line && !readOnly && (
        <QualityControlModal
          line={quality.line}
          qualityNames={qualityNames}
          optionValues={base.optionValue}
          busy={quality.status === 'busy'}
          notice={quality.status === 'failed' ? failed(quality.notice, 'orders:qualityFailed', t) : null}
          onCancel={quality.close}
          onSave={quality.save}
        />
      )}
      {history.line && (
        <Suspense fallback={<p role="status">{t('common:loading')}</p>}>
          <LineHistoryPanel line={history.line} onClose={history.close} />
        </Suspense>
      )}
      {packing.line && !readOnly && (
        <PackingConfirmModal
          line={packing.line}
          onCancel={packing.close}
          onConfirm={() => {
            approvePacking(packing.line!);
            packing.close();
          }}
        />
      )}
      {asked && !readOnly && <GramConfirmModal asked={asked.gram} question={asked.question} />}
      {correction.line && !readOnly && (
        <CorrectionModal
          line={correction.line}
          where={where(correction.line)}
          busy={correction.status === 'busy'}
          notice={correction.status === 'failed' ? failed(correction.notice, 'orders:correction.failedPrefix', t) : null}
          onCancel={correction.close}
          onSave={correction.save}
        />
      )}
    </>
  );
}
