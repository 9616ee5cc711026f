import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { TableHead } from '../../components/TableHead';
import { selectWorkshopList, selectWorkshopsState, workshopsRequested } from './slice';

/** /admin/workshops: filterable list; a row opens the workshop's detail. */
export default function WorkshopListScreen() {
  const { t } = useTranslation('workshops');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const workshops = useAppSelector(selectWorkshopList);
  const { status, notice } = useAppSelector(selectWorkshopsState);
  useEffect(() => {
    dispatch(workshopsRequested());
  }, [dispatch]);
  const [query, setQuery] = useState('');
  const needle = query.trim().toLocaleLowerCase('tr');
  const shown = useMemo(
    () =>
      workshops.filter((w) =>
        [w.name, w.company_name, w.phone_number, w.code, String(w.id)].some((text) => (text ?? '').toLocaleLowerCase('tr').includes(needle)),
      ),
    [workshops, needle],
  );
  return (
    <>
      <h1>{t('listTitle')}</h1>
      <div className="toolbar">
        <input type="search" className="narrow" aria-label={t('filter')} placeholder={t('filterHint')} value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      <ListStatus status={status} notice={notice} count={shown.length} empty={t('empty')} />
      {shown.length > 0 && (
        <table>
          <TableHead labels={[t('fields.id'), t('fields.name'), t('fields.company_name'), t('fields.phone_number'), t('fields.processes')]} />
          <tbody>
            {shown.map((w) => (
              <tr key={w.id} className="clickable" onClick={() => navigate(`/admin/workshops/${w.id}`)}>
                <td>{w.id}</td>
                <td>
                  <Link to={`/admin/workshops/${w.id}`} onClick={(e) => e.stopPropagation()}>
                    {w.name}
                  </Link>
                </td>
                <td>{w.company_name || '-'}</td>
                <td>{w.phone_number || '-'}</td>
                <td>{w.processes.map((p) => p.name || p.step_name).join(', ') || '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
