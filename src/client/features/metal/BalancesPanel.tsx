import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { TableHead } from '../../components/TableHead';
import { useMetalFormat } from './format';
import { selectBalances } from './slice';

/** The balance summary: the fine gold each workshop owes, and the day of its oldest voucher still unanswered. */
export function BalancesPanel() {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  const { status, notice, data } = useAppSelector(selectBalances);
  return (
    <section aria-labelledby="balances-title">
      <h2 id="balances-title">{t('balances.title')}</h2>
      <ListStatus status={status} notice={notice} count={data.length} empty={t('balances.empty')} />
      {data.length > 0 && (
        <table aria-label={t('balances.title')}>
          <TableHead labels={[t('balances.workshop'), t('balances.owed'), t('balances.oldestPending'), t('balances.overdue')]} />
          <tbody>
            {data.map((row) => (
              <tr key={row.workshop_id}>
                <td>{row.workshop_name}</td>
                <td>{fmt.grams(row.fine_g)}</td>
                <td>{row.oldest_pending_date ? fmt.day(row.oldest_pending_date) : t('balances.nonePending')}</td>
                <td>{row.overdue_pieces}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
