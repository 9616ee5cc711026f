import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sheetCells } from '../../components/excel';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { NoticeView } from '../../components/NoticeView';
import { Pager, usePaging } from '../../components/Pager';
import { ExportProgress, exportRequested, selectExport } from '../exports';
import { useFormatters, useLookups } from '../lookups';
import { useScopeLines } from '../order-lines';
import { Scorecard } from '../scorecard';
import { type WorkshopOrderRow, workshopOrderColumns } from './orderColumns';
import { selectWorkshopById, selectWorkshopRead, selectWorkshopStatistics, workshopRequested, workshopStatisticsRequested } from './slice';

/** /admin/workshops/{id}: information, figures and the workshop's order lines with a filter per column. */
export default function WorkshopDetailScreen() {
  const { t } = useTranslation('workshops');
  const id = Number(useParams().id);
  const dispatch = useAppDispatch();
  const workshop = useAppSelector((state) => selectWorkshopById(state, id));
  const read = useAppSelector((state) => selectWorkshopRead(state, id));
  const stats = useAppSelector((state) => selectWorkshopStatistics(state, id));
  useEffect(() => {
    dispatch(workshopRequested(id));
    dispatch(workshopStatisticsRequested(id));
  }, [dispatch, id]);
  const orders = useScopeLines({ kind: 'workshop', id });
  const exportKey = `workshop:${id}:orders`;
  const exported = useAppSelector((state) => selectExport(state, exportKey));
  const lookups = useLookups();
  const fmt = useFormatters();
  const [filters, setFilters] = useState<Record<string, string>>({});

  const columns = useMemo(() => workshopOrderColumns(t, lookups, fmt), [t, lookups, fmt]);
  const rows = orders.lines;
  const shown = useMemo(() => {
    const active = columns.filter((c) => filters[c.key]?.trim());
    if (active.length === 0) return rows;
    return rows.filter((row) =>
      active.every((c) => c.value(row).toLocaleLowerCase('tr').includes(filters[c.key].trim().toLocaleLowerCase('tr'))),
    );
  }, [rows, columns, filters]);
  // Only a page of the table renders (a workshop may have tens of thousands of lines); the export takes every shown row.
  const paging = usePaging(shown, JSON.stringify(filters));

  const figures = stats?.figures;
  const exportRows = () => {
    const date = fmt.today();
    const cells = sheetCells([{ header: t('columns.photo'), value: (r: WorkshopOrderRow) => r.product_picture_url }, ...columns.map((c) => ({ header: c.label, value: c.value }))], shown);
    dispatch(exportRequested({ key: exportKey, fileName: t('fileName', { id, date }), sheetName: t('sheet'), ...cells, emptyKey: 'workshops:nothingToExport', failedKey: 'workshops:exportFailed' }));
  };

  return (
    <>
      <Breadcrumbs trail={[{ label: t('common:nav.workshops'), to: '/admin/workshops' }]} current={workshop?.name ?? String(id)} />
      <h1>{t('detailTitle')}</h1>
      <NoticeView notice={read?.notice ?? stats?.notice ?? null} />
      {workshop && (
        <div className="detail-grid">
          <section className="card" aria-labelledby="workshop-info">
            <h2 id="workshop-info">{t('info')}</h2>
            <dl className="field-grid">
              {(['id', 'name', 'phone_number', 'company_name', 'tax_number', 'address'] as const).map((field) => (
                <div key={field} className={field === 'address' ? 'wide' : undefined}>
                  <dt>{t(`fields.${field}`)}</dt>
                  <dd>{String(workshop[field] ?? '') || '-'}</dd>
                </div>
              ))}
              <div className="wide">
                <dt>{t('fields.processes')}</dt>
                <dd>{workshop.processes.map((p) => p.name || p.step_name || '-').join(', ') || '-'}</dd>
              </div>
            </dl>
          </section>
          <section className="card" aria-labelledby="workshop-stats">
            <h2 id="workshop-stats">{t('statistics')}</h2>
            {figures && (
              <dl className="field-grid">
                <div>
                  <dt>{t('stats.turnover')}</dt>
                  <dd>{fmt.money(figures.turnover, figures.currency)}</dd>
                </div>
                <div>
                  <dt>{t('stats.openTotal')}</dt>
                  <dd>{figures.open_order_total}</dd>
                </div>
                <div>
                  <dt>{t('stats.openDaily')}</dt>
                  <dd>{figures.open_order_daily}</dd>
                </div>
                <div>
                  <dt>{t('stats.allTotal')}</dt>
                  <dd>{figures.total_order_total}</dd>
                </div>
                <div>
                  <dt>{t('stats.allDaily')}</dt>
                  <dd>{figures.total_order_daily}</dd>
                </div>
              </dl>
            )}
          </section>
        </div>
      )}
      <Scorecard workshopId={id} />
      <h2>{t('orders')}</h2>
      <div className="toolbar">
        <Link to={`/admin/workshops/${id}/products`} className="button-link">
          {t('productsButton')}
        </Link>
        <button type="button" onClick={exportRows} disabled={exported?.status === 'busy'}>
          {t('export')}
        </button>
        <ExportProgress exportKey={exportKey} />
      </div>
      <NoticeView notice={exported?.notice ?? orders.notice} />
      {orders.status === 'loading' && rows.length === 0 && <p role="status">{t('loading')}</p>}
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>{t('columns.photo')}</th>
              {columns.map((c) => (
                <th key={c.key}>{c.label}</th>
              ))}
            </tr>
            <tr>
              <th />
              {columns.map((c) => (
                <th key={c.key}>
                  <input
                    type="search"
                    aria-label={t('search', { label: c.label })}
                    placeholder={t('search', { label: c.label })}
                    value={filters[c.key] ?? ''}
                    onChange={(e) => setFilters({ ...filters, [c.key]: e.target.value })}
                  />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {paging.visible.map((row) => (
              <tr key={row.order_product_id}>
                <td>{row.product_picture_url ? <img className="thumb" src={row.product_picture_url} alt={row.product_title} loading="lazy" /> : '-'}</td>
                {columns.map((c) => (
                  <td key={c.key}>{c.value(row) || '-'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={paging.page} pages={paging.pages} onPage={paging.onPage} />
      {orders.status === 'ready' && shown.length === 0 && <p>{t('noOrders')}</p>}
    </>
  );
}
