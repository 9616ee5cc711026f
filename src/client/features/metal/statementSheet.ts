import type { TFunction } from 'i18next';
import type { SheetColumn } from '../../components/excel';
import { formatDay } from '../../../shared/locale';
import type { StatementDto } from '../../../shared/metal-api';

/** One row of the exported statement: the balance brought forward, an entry, or the closing balance. */
interface SheetRow {
  date: string;
  number: string;
  kind: string;
  milyem: number | null;
  net: string | null;
  fine: string | null;
  balance: string;
}

/* In the sheet weights are numbers, so Excel sums them; the decimal text reads back as the same figure. */
const weight = (value: string | null) => (value === null ? null : Number(value));

/** The statement's columns and rows for the export worker. */
export function statementSheet(statement: StatementDto, t: TFunction<'metal'>, language: string) {
  const rows: SheetRow[] = [
    { date: '', number: '', kind: t('statement.broughtForward'), milyem: null, net: null, fine: null, balance: statement.opening_fine_g },
    ...statement.entries.map((entry) => ({
      date: formatDay(entry.date, language),
      number: entry.number,
      kind: entry.reverses_id === null ? t(`types.${entry.type}`) : t('statement.reversal'),
      milyem: entry.milyem,
      net: entry.net_g,
      fine: entry.fine_g,
      balance: entry.balance_fine_g,
    })),
    { date: '', number: '', kind: t('statement.closing'), milyem: null, net: null, fine: null, balance: statement.closing_fine_g },
  ];
  const columns: SheetColumn<SheetRow>[] = [
    { header: t('statement.date'), type: 'text', value: (r) => r.date },
    { header: t('vouchers.number'), type: 'text', value: (r) => r.number },
    { header: t('vouchers.type'), type: 'text', value: (r) => r.kind },
    { header: t('line.milyem'), type: 'number', value: (r) => r.milyem },
    { header: t('sheet.net'), type: 'number', value: (r) => weight(r.net) },
    { header: t('sheet.fine'), type: 'number', value: (r) => weight(r.fine) },
    { header: t('sheet.balance'), type: 'number', value: (r) => weight(r.balance) },
  ];
  return { columns, rows };
}
