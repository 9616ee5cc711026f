import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LineHistoryDto } from '../../../shared/api';
import { stepLabel } from '../../../shared/statuses';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NoticeView } from '../../components/NoticeView';
import { roleName } from '../../components/roleName';
import { TableHead } from '../../components/TableHead';
import { useFormatters, useLookups } from '../lookups';
import { selectLineHistory } from './selectors';
import { lineHistoryRequested } from './slice';

/** Actions whose history detail says why they were taken. */
const REASONED = new Set(['quality_reject', 'step_back', 'cancel']);

const COLUMNS = ['when', 'who', 'action', 'change', 'reason'] as const;

/**
 * A line's history, read when shown and again after an action on the line: when, who (a login
 * name, or only the role for a customer, 'Sistem' for the shop's cancellation), what, from where to
 * where, and why. The tablet's piece and the office's grid show it alike.
 */
export function LineHistory({ id }: { id: number }) {
  const { t } = useTranslation('workshopOrders');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const lookups = useLookups();
  const history = useAppSelector((state) => selectLineHistory(state, id));
  useEffect(() => {
    dispatch(lineHistoryRequested(id));
  }, [dispatch, id]);

  const stepName = (step: number | null) => (step === null ? '-' : stepLabel(step, (s) => lookups.step.get(s), t('notStarted')));
  const statusName = (status: number | null) => (status === null ? '-' : (lookups.status.get(status) ?? String(status)));
  const who = (row: LineHistoryDto) => row.username ?? (row.role_id === null ? t('common:system') : roleName(t, row.role_id, String(row.role_id)));
  const workshopName = (name: string | null) => name ?? t('historyNoWorkshop');
  /**
   * The workshop a row moved the line to (its product moved), else the step, else the status (after
   * the last step the piece moves into quality control at the same step), else what it recorded (a
   * gram, a tracking number).
   */
  const change = (row: LineHistoryDto) => {
    if (row.from_workshop_id !== row.to_workshop_id) return `${workshopName(row.from_workshop_name)} → ${workshopName(row.to_workshop_name)}`;
    if (row.from_step !== row.to_step) return `${stepName(row.from_step)} → ${stepName(row.to_step)}`;
    if (row.from_status !== row.to_status) return `${statusName(row.from_status)} → ${statusName(row.to_status)}`;
    return REASONED.has(row.action) ? '-' : (row.detail ?? '-');
  };
  const rows = history?.rows ?? [];

  return (
    <>
      <NoticeView notice={history?.status === 'failed' ? history.notice : null} />
      {history?.status === 'loading' && rows.length === 0 && <p role="status">{t('common:loading')}</p>}
      {history?.status === 'ready' && rows.length === 0 && <p>{t('historyEmpty')}</p>}
      {rows.length > 0 && (
        <div className="table-scroll">
          <table aria-label={t('history')}>
            <TableHead labels={COLUMNS.map((key) => t(`historyColumns.${key}`))} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{fmt.date(row.created_at)}</td>
                  <td>{who(row)}</td>
                  <td>{t(`actions.${row.action}`, { defaultValue: row.action })}</td>
                  <td>{change(row)}</td>
                  <td>{REASONED.has(row.action) ? (row.detail ?? '-') : '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
