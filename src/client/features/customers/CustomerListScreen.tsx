import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { CustomerDto } from '../../../shared/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sheetCells } from '../../components/excel';
import { ListStatus } from '../../components/ListStatus';
import { NoticeView } from '../../components/NoticeView';
import { TableHead } from '../../components/TableHead';
import { ExportProgress, exportCleared, exportRequested, selectExport } from '../exports';
import { useFormatters } from '../lookups';
import { customersRequested, selectCustomerList, selectCustomersState } from './slice';

const FIELDS = ['id', 'name', 'company_name', 'email', 'phone', 'tax_number', 'credit'] as const;
const EXPORT_KEY = 'customers:list';

/**
 * /admin/customers: filterable list of B2B customers; a row opens the customer's detail. The
 * office's /office/customers is the same list, opening the office's read-only detail.
 */
export default function CustomerListScreen({ readOnly = false }: { readOnly?: boolean }) {
  const base = readOnly ? '/office/customers' : '/admin/customers';
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const fmt = useFormatters();
  const dispatch = useAppDispatch();
  const customers = useAppSelector(selectCustomerList);
  const { status, notice } = useAppSelector(selectCustomersState);
  const exported = useAppSelector((state) => selectExport(state, EXPORT_KEY));
  useEffect(() => {
    dispatch(customersRequested());
    return () => {
      dispatch(exportCleared(EXPORT_KEY));
    };
  }, [dispatch]);
  const [query, setQuery] = useState('');
  const needle = query.trim().toLocaleLowerCase('tr');
  const shown = useMemo(
    () => customers.filter((c) => [c.name, c.company_name, c.email, c.phone, String(c.id)].some((x) => x.toLocaleLowerCase('tr').includes(needle))),
    [customers, needle],
  );
  const exportList = () => {
    const date = fmt.today();
    const columns = FIELDS.map((f) => ({ header: t(`fields.${f}`), value: (c: CustomerDto) => c[f] }));
    dispatch(
      exportRequested({
        key: EXPORT_KEY,
        fileName: t('listFileName', { date }),
        sheetName: t('listSheet'),
        ...sheetCells(columns, shown),
        emptyKey: 'customers:nothingToExport',
        failedKey: 'customers:exportFailed',
      }),
    );
  };
  return (
    <>
      <h1>{t('listTitle')}</h1>
      <div className="toolbar">
        <input type="search" className="narrow" aria-label={t('filter')} placeholder={t('filterHint')} value={query} onChange={(e) => setQuery(e.target.value)} />
        <button type="button" className="secondary" disabled={shown.length === 0} onClick={exportList}>
          {t('exportList')}
        </button>
        <ExportProgress exportKey={EXPORT_KEY} />
      </div>
      <NoticeView notice={exported?.notice ?? null} />
      <ListStatus status={status} notice={notice} count={shown.length} empty={t('empty')} />
      {shown.length > 0 && (
        <table>
          <TableHead labels={FIELDS.map((f) => t(`fields.${f}`))} />
          <tbody>
            {shown.map((c) => (
              <tr key={c.id} className="clickable" onClick={() => navigate(`${base}/${c.id}`)}>
                <td>{c.id}</td>
                <td>
                  <Link to={`${base}/${c.id}`} onClick={(e) => e.stopPropagation()}>
                    {c.name}
                  </Link>
                </td>
                <td>{c.company_name}</td>
                <td className="breakable">{c.email}</td>
                <td>{c.phone}</td>
                <td>{c.tax_number}</td>
                <td>{fmt.money(c.credit, c.credit_currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
