import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArchiveLineDto } from '../../../shared/api';
import { OFFICE, Role } from '../../../shared/roles';
import type { ArchiveSort } from '../../../shared/schemas/archive';
import { DEFAULT_SETTINGS } from '../../../shared/schemas/settings';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { Modal } from '../../components/Modal';
import { NoticeView } from '../../components/NoticeView';
import { useProducts } from '../catalogue';
import { customersRequested, selectCustomerList } from '../customers';
import { exportCanceled, exportCleared, ExportProgress, selectExport } from '../exports';
import { useFormatters, useLookups, useStatusTexts } from '../lookups';
import { LineHistory } from '../order-lines';
import { selectSession } from '../session';
import { selectWorkshops, workshopsRequested } from '../workshops';
import { ArchiveForm, type Choice } from './ArchiveForm';
import { ArchiveTable } from './ArchiveTable';
import { ARCHIVE_COLUMNS } from './columns';
import { archiveQuery, type ArchiveFilters, NEWEST_FIRST, NO_FILTERS, toggledOrder } from './query';
import { ARCHIVE_EXPORT_KEY } from './sagas';
import { archiveExportRequested, archiveMoreRequested, archiveSearched, selectArchive } from './slice';

const DETAIL_OF_ROLE: Partial<Record<number, (id: number) => string>> = {
  [Role.Workshop]: (id) => `/workshop/order/${id}`,
  [Role.Customer]: (id) => `/customer/orders/${id}`,
};

const byName = (a: Choice, b: Choice) => a.name.localeCompare(b.name);

/** The office's pickers: every customer and workshop, read once for the session. */
function useOfficeChoices(office: boolean) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!office) return;
    dispatch(customersRequested());
    dispatch(workshopsRequested());
  }, [dispatch, office]);
  const customers = useAppSelector(selectCustomerList);
  const workshops = useAppSelector(selectWorkshops);
  return useMemo(
    () =>
      office
        ? {
            customers: customers.map((c) => ({ id: c.id, name: c.name })).sort(byName),
            workshops: workshops.map((w) => ({ id: w.id, name: w.name })).sort(byName),
          }
        : {},
    [office, customers, workshops],
  );
}

/**
 * The archive of the signed-in reader: lines of any age, found by dates, filters and a search,
 * sorted and paged by the server, each leading to the line; the query exported to Excel.
 */
export default function ArchiveScreen() {
  const { t } = useTranslation('archive');
  const dispatch = useAppDispatch();
  const { role } = useAppSelector(selectSession);
  const office = OFFICE.includes(role);
  const archive = useAppSelector(selectArchive);
  const exported = useAppSelector((state) => selectExport(state, ARCHIVE_EXPORT_KEY));
  const fmt = useFormatters();
  const { status } = useLookups();
  const statusText = useStatusTexts();
  const { products } = useProducts('archive:failed');
  const choices = useOfficeChoices(office);
  const [filters, setFilters] = useState<ArchiveFilters>(NO_FILTERS);
  const [order, setOrder] = useState(NEWEST_FIRST);
  const [history, setHistory] = useState<ArchiveLineDto | null>(null);

  const search = (next: ArchiveFilters, nextOrder = order) => {
    setFilters(next);
    setOrder(nextOrder);
    dispatch(archiveSearched(archiveQuery(next, nextOrder, fmt.timeZone)));
  };
  const sortOn = (sort: ArchiveSort) => search(filters, toggledOrder(order, sort));
  useEffect(() => {
    // The newest lines first; without days, the zone plays no part.
    dispatch(archiveSearched(archiveQuery(NO_FILTERS, NEWEST_FIRST, DEFAULT_SETTINGS.time_zone)));
    return () => {
      dispatch(exportCleared(ARCHIVE_EXPORT_KEY));
    };
  }, [dispatch]);

  const statuses = useMemo(() => [...status].map(([id, name]) => ({ id, name })), [status]);
  const productChoices = useMemo(() => products.map((p) => ({ id: p.id, name: p.title })).sort(byName), [products]);
  const exportQuery = () => {
    if (archive.query === null) return;
    const headers = Object.fromEntries(ARCHIVE_COLUMNS.map((key) => [key, t(`columns.${key}`)]));
    const words = { headers, statusNames: Object.fromEntries(status), canceled: t('common:lineStatus.canceled') };
    dispatch(archiveExportRequested({ query: archive.query, fileName: t('export.fileName', { date: fmt.today() }), sheetName: t('export.sheet'), words }));
  };
  const exporting = archive.exportRead !== null || exported?.status === 'busy';

  return (
    <section aria-labelledby="archive-title">
      <h1 id="archive-title">{t('title')}</h1>
      <ArchiveForm initial={NO_FILTERS} statuses={statuses} products={productChoices} {...choices} busy={archive.status === 'loading' && !archive.more} onSearch={(next) => search(next)} />
      <ListStatus status={archive.status === 'idle' ? 'loading' : archive.status} notice={archive.notice} count={archive.lines.length} empty={t('empty')} />
      <div className="toolbar">
        <button type="button" className="secondary" onClick={exportQuery} disabled={exporting || archive.lines.length === 0}>
          {exporting ? t('export.busy') : t('export.button')}
        </button>
        {archive.exportRead !== null && (
          <>
            <span role="status">{t('export.reading', { shown: fmt.number(archive.exportRead) })}</span>
            <button type="button" className="secondary" onClick={() => dispatch(exportCanceled(ARCHIVE_EXPORT_KEY))}>
              {t('common:export.cancel')}
            </button>
          </>
        )}
        <ExportProgress exportKey={ARCHIVE_EXPORT_KEY} />
      </div>
      <NoticeView notice={archive.exportNotice} />
      <NoticeView notice={exported?.notice ?? null} />
      {archive.lines.length > 0 && (
        <ArchiveTable lines={archive.lines} order={order} onSort={sortOn} statusName={statusText.name} detailPath={DETAIL_OF_ROLE[role]} onHistory={setHistory} />
      )}
      {archive.next && (
        <button type="button" className="secondary" onClick={() => dispatch(archiveMoreRequested())} disabled={archive.status === 'loading'}>
          {archive.more ? t('loadingMore') : t('more')}
        </button>
      )}
      {history && (
        <Modal title={t('historyTitle', { order: history.order_number, id: history.id })} onClose={() => setHistory(null)}>
          <LineHistory id={history.id} />
        </Modal>
      )}
    </section>
  );
}
