import { useTranslation } from 'react-i18next';
import type { StatementDto } from '../../../shared/metal-api';
import { TableHead } from '../../components/TableHead';
import { useMetalFormat } from './format';

/**
 * A workshop's statement in fine gold: the balance brought forward, every entry with the balance
 * after it, the closing balance, and that balance by metal and milyem.
 */
export function StatementView({ statement }: { statement: StatementDto }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  return (
    <>
      <dl className="facts statement-figures">
        <div>
          <dt>{t('statement.opening')}</dt>
          <dd data-figure="opening">{fmt.grams(statement.opening_fine_g)}</dd>
        </div>
        <div>
          <dt>{t('statement.closing')}</dt>
          <dd data-figure="closing">{fmt.grams(statement.closing_fine_g)}</dd>
        </div>
      </dl>
      <div className="table-scroll">
        <table aria-label={t('statement.entries')}>
          <TableHead labels={[t('statement.date'), t('vouchers.number'), t('vouchers.type'), t('line.milyem'), t('line.net'), t('line.fine'), t('statement.balance')]} />
          <tbody>
            <tr>
              <td colSpan={6}>{t('statement.broughtForward')}</td>
              <td>{fmt.grams(statement.opening_fine_g)}</td>
            </tr>
            {statement.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{fmt.day(entry.date)}</td>
                <td>{entry.number}</td>
                <td>{entry.reverses_id === null ? t(`types.${entry.type}`) : t('statement.reversal')}</td>
                <td>{entry.milyem}</td>
                <td>{fmt.grams(entry.net_g)}</td>
                <td>{fmt.grams(entry.fine_g)}</td>
                <td>{fmt.grams(entry.balance_fine_g)}</td>
              </tr>
            ))}
            <tr className="total">
              <td colSpan={6}>{t('statement.closing')}</td>
              <td>{fmt.grams(statement.closing_fine_g)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {statement.by_milyem.length > 0 && (
        <table aria-label={t('statement.byMilyem')} className="by-milyem">
          <TableHead labels={[t('line.metal'), t('line.milyem'), t('line.net'), t('line.fine')]} />
          <tbody>
            {statement.by_milyem.map((row) => (
              <tr key={`${row.metal}-${row.milyem}`}>
                <td>{t(`metals.${row.metal}`)}</td>
                <td>{row.milyem}</td>
                <td>{fmt.grams(row.net_g)}</td>
                <td>{fmt.grams(row.fine_g)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
