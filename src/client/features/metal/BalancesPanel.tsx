import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { type SheetColumn, sheetCells } from '../../components/excel';
import { ListStatus } from '../../components/ListStatus';
import { NoticeView } from '../../components/NoticeView';
import { TableHead } from '../../components/TableHead';
import { exportCleared, exportRequested, ReportButtons, selectExport } from '../exports';
import { formatDay } from '../../../shared/locale';
import type { BalanceDto } from '../../../shared/metal-api';
import { useMetalFormat } from './format';
import { selectBalances } from './slice';

const EXPORT_KEY = 'metal:balances';

/**
 * The balance summary: the fine gold each workshop owes, the day of its oldest voucher still
 * unanswered, its pieces overdue and its pieces still to receive (canceled ones too); printed, or
 * exported to Excel with the fine gold as numbers.
 */
export function BalancesPanel() {
  const { t, i18n } = useTranslation('metal');
  const fmt = useMetalFormat();
  const dispatch = useAppDispatch();
  const { status, notice, data } = useAppSelector(selectBalances);
  const exported = useAppSelector((state) => selectExport(state, EXPORT_KEY));
  useEffect(
    () => () => {
      dispatch(exportCleared(EXPORT_KEY));
    },
    [dispatch],
  );
  const exportBalances = () => {
    const columns: SheetColumn<BalanceDto>[] = [
      { header: t('balances.workshop'), type: 'text', value: (r) => r.workshop_name },
      { header: t('sheet.owed'), type: 'number', value: (r) => Number(r.fine_g) },
      { header: t('balances.oldestPending'), type: 'text', value: (r) => (r.oldest_pending_date ? formatDay(r.oldest_pending_date, i18n.language) : '') },
      { header: t('balances.overdue'), type: 'number', value: (r) => r.overdue_pieces },
      { header: t('balances.toReceive'), type: 'number', value: (r) => r.pieces_to_receive },
    ];
    dispatch(
      exportRequested({
        key: EXPORT_KEY,
        fileName: t('sheet.balancesFileName', { date: fmt.today() }),
        sheetName: t('balances.title'),
        ...sheetCells(columns, data),
        emptyKey: 'metal:sheet.empty',
        failedKey: 'metal:sheet.failed',
      }),
    );
  };
  return (
    <section aria-labelledby="balances-title">
      <h2 id="balances-title">{t('balances.title')}</h2>
      <p className="print-only">{t('balances.asOf', { day: fmt.day(fmt.today()) })}</p>
      <div className="toolbar">
        <ReportButtons ready={data.length > 0} exportKey={EXPORT_KEY} onExport={exportBalances} labels={{ print: t('balances.print'), export: t('balances.export') }} />
      </div>
      <NoticeView notice={exported?.notice ?? null} />
      <ListStatus status={status} notice={notice} count={data.length} empty={t('balances.empty')} />
      {data.length > 0 && (
        <table aria-label={t('balances.title')}>
          <TableHead labels={[t('balances.workshop'), t('balances.owed'), t('balances.oldestPending'), t('balances.overdue'), t('balances.toReceive')]} />
          <tbody>
            {data.map((row) => (
              <tr key={row.workshop_id}>
                <td>{row.workshop_name}</td>
                <td>{fmt.grams(row.fine_g)}</td>
                <td>{row.oldest_pending_date ? fmt.day(row.oldest_pending_date) : t('balances.nonePending')}</td>
                <td>{row.overdue_pieces}</td>
                <td>{row.pieces_to_receive}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
