import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { API, type CustomerDto } from '../../../shared/api';
import { downloadWorkbook } from '../../components/excel';
import { ListStatus } from '../../components/ListStatus';
import { NoticeView, type NoticeLike } from '../../components/NoticeView';
import { useResource } from '../resources/hooks';
import { useFormatters } from '../resources/lookups';
import { TableHead } from '../../components/TableHead';

const FIELDS = ['id', 'name', 'company_name', 'email', 'phone', 'tax_number', 'credit'] as const;

/** /admin/customers: filterable list of B2B customers; a row opens the customer's detail. */
export default function CustomerListScreen() {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const fmt = useFormatters();
  const { status, data, notice } = useResource<{ customers: CustomerDto[] }>('customers', API.b2bCustomers, 'customers:loadFailed');
  const [query, setQuery] = useState('');
  const [exportNotice, setExportNotice] = useState<NoticeLike | null>(null);
  const needle = query.trim().toLocaleLowerCase('tr');
  const shown = useMemo(
    () => (data?.customers ?? []).filter((c) => [c.name, c.company_name, c.email, c.phone, String(c.id)].some((x) => x.toLocaleLowerCase('tr').includes(needle))),
    [data, needle],
  );
  const exportList = async () => {
    try {
      const date = new Date().toISOString().slice(0, 10);
      await downloadWorkbook(t('listFileName', { date }), t('listSheet'), FIELDS.map((f) => ({ header: t(`fields.${f}`), value: (c: CustomerDto) => c[f] })), shown);
    } catch {
      setExportNotice({ kind: 'error', key: 'customers:exportFailed' });
    }
  };
  return (
    <>
      <h1>{t('listTitle')}</h1>
      <div className="toolbar">
        <input type="search" className="narrow" aria-label={t('filter')} placeholder={t('filterHint')} value={query} onChange={(e) => setQuery(e.target.value)} />
        <button type="button" className="secondary" disabled={shown.length === 0} onClick={exportList}>
          {t('exportList')}
        </button>
      </div>
      <NoticeView notice={exportNotice} />
      <ListStatus status={status} notice={notice} count={shown.length} empty={t('empty')} />
      {shown.length > 0 && (
        <table>
          <TableHead labels={FIELDS.map((f) => t(`fields.${f}`))} />
          <tbody>
            {shown.map((c) => (
              <tr key={c.id} className="clickable" onClick={() => navigate(`/admin/customers/${c.id}`)}>
                <td>{c.id}</td>
                <td>
                  <Link to={`/admin/customers/${c.id}`} onClick={(e) => e.stopPropagation()}>
                    {c.name}
                  </Link>
                </td>
                <td>{c.company_name}</td>
                <td>{c.email}</td>
                <td>{c.phone}</td>
                <td>{c.tax_number}</td>
                <td>{fmt.money(c.credit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
