import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ProductDto } from '../../../shared/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { ListStatus } from '../../components/ListStatus';
import { PAGE_SIZE, Pager } from '../../components/Pager';
import { TableHead } from '../../components/TableHead';
import { useProducts } from '../catalogue';
import { assignmentScreenLeft, productAssignmentRequested, selectAssignment, selectWorkshopNames, workshopsRequested } from './slice';

type Assignment = 'all' | 'assigned' | 'unassigned';

function AssignmentAction({ product, workshopId }: { product: ProductDto; workshopId: number }) {
  const { t } = useTranslation('workshops');
  const dispatch = useAppDispatch();
  const assignment = useAppSelector((state) => selectAssignment(state, product.id));
  const send = (target: number | null) => dispatch(productAssignmentRequested({ productId: product.id, workshopId: target }));
  const busy = assignment?.status === 'busy';
  const failed = assignment?.status === 'failed';
  if (product.workshop_id === workshopId) {
    return (
      <>
        <button type="button" className="secondary" disabled={busy} aria-label={t('removeOf', { title: product.title })} onClick={() => send(null)}>
          {t('remove')}
        </button>
        {failed && <div className="row-notice error">{t('rowRemoveFailed')}</div>}
      </>
    );
  }
  return (
    <>
      {product.workshop_id !== null && <div className="hint">{t('otherWorkshop')}</div>}
      <button
        type="button"
        disabled={busy}
        aria-label={product.workshop_id !== null ? t('moveOf', { title: product.title }) : t('assignOf', { title: product.title })}
        onClick={() => send(workshopId)}
      >
        {product.workshop_id !== null ? t('moveHere') : t('assignHere')}
      </button>
      {failed && <div className="row-notice error">{t('rowAssignFailed')}</div>}
    </>
  );
}

/** /admin/workshops/{id}/all-products: every product with its assignment, to assign, move or remove. */
export default function AllProductsScreen() {
  const { t } = useTranslation('workshops');
  const workshopId = Number(useParams().id);
  const dispatch = useAppDispatch();
  const { products: all, status, notice } = useProducts('workshops:productsFailed');
  const names = useAppSelector(selectWorkshopNames);
  useEffect(() => {
    dispatch(workshopsRequested());
    return () => {
      dispatch(assignmentScreenLeft());
    };
  }, [dispatch]);
  const [query, setQuery] = useState('');
  const [assignment, setAssignment] = useState<Assignment>('all');
  const [workshopFilter, setWorkshopFilter] = useState('');
  const [page, setPage] = useState(0);

  const usedWorkshops = useMemo(() => [...new Set(all.map((p) => p.workshop_id).filter((id): id is number => id !== null))], [all]);
  const shown = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase('tr');
    return all.filter(
      (p) =>
        (!needle || p.title.toLocaleLowerCase('tr').includes(needle) || String(p.id).includes(needle)) &&
        (assignment === 'all' || (assignment === 'assigned') === (p.workshop_id !== null)) &&
        (!workshopFilter || p.workshop_id === Number(workshopFilter)),
    );
  }, [all, query, assignment, workshopFilter]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const reset = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(0);
  };

  return (
    <>
      <Breadcrumbs
        trail={[
          { label: t('common:nav.workshops'), to: '/admin/workshops' },
          { label: names.get(workshopId) ?? String(workshopId), to: `/admin/workshops/${workshopId}` },
          { label: t('productsButton'), to: `/admin/workshops/${workshopId}/products` },
        ]}
        current={t('allCrumb')}
      />
      <h1>{t('allTitle')}</h1>
      <div className="toolbar">
        <input type="search" className="narrow" aria-label={t('allSearch')} placeholder={t('allSearch')} value={query} onChange={(e) => reset(setQuery)(e.target.value)} />
        <select aria-label={t('assignmentFilter')} value={assignment} onChange={(e) => reset(setAssignment)(e.target.value as Assignment)}>
          <option value="all">{t('filterAll')}</option>
          <option value="assigned">{t('filterAssigned')}</option>
          <option value="unassigned">{t('filterUnassigned')}</option>
        </select>
        <select aria-label={t('workshopFilter')} value={workshopFilter} onChange={(e) => reset(setWorkshopFilter)(e.target.value)}>
          <option value="">{t('allWorkshops')}</option>
          {usedWorkshops.map((id) => (
            <option key={id} value={id}>
              {names.get(id) ?? id}
            </option>
          ))}
        </select>
        <span role="status">{t('counter', { shown: shown.length, total: all.length })}</span>
      </div>
      <ListStatus status={status} notice={notice} count={shown.length} empty={t('noProducts')} />
      {shown.length > 0 && (
        <table>
          <TableHead labels={[t('productColumns.id'), t('productColumns.title'), t('productColumns.photo'), t('productColumns.workshop'), t('productColumns.actions')]} />
          <tbody>
            {shown.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE).map((product) => (
              <tr key={product.id}>
                <td>{product.id}</td>
                <td>{product.title}</td>
                <td>{product.picture_url ? <img className="thumb" src={product.picture_url} alt={product.title} loading="lazy" /> : '-'}</td>
                <td>{product.workshop_id === null ? t('unassigned') : t('assignedTo', { name: names.get(product.workshop_id) ?? '-', id: product.workshop_id })}</td>
                <td>
                  <AssignmentAction product={product} workshopId={workshopId} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={current} pages={pages} onPage={setPage} />
    </>
  );
}
